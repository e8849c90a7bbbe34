ALTER TABLE "loans" ADD COLUMN "ledger_shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "ledger_shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_accounts_kind_idx" ON "ledger_accounts" USING btree ("kind");