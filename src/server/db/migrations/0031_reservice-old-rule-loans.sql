CREATE TABLE "loan_reservicings" (
	"loan_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"result" jsonb,
	"previous" jsonb,
	CONSTRAINT "loan_reservicings_status_check" CHECK ("loan_reservicings"."status" in ('PENDING', 'DONE', 'SKIPPED'))
);
--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "reduced_from" bigint;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "reduction_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD COLUMN "reallocation_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD COLUMN "returned_to_wallet" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_reservicings" ADD CONSTRAINT "loan_reservicings_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_reservicings_pending_idx" ON "loan_reservicings" USING btree ("status");--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_reduction_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reduction_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_reallocation_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reallocation_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_reduced_check" CHECK (("loan_charges"."reduced_from" is null) = ("loan_charges"."reduction_transfer_id" is null) and ("loan_charges"."reduced_from" is null or "loan_charges"."reduced_from" > "loan_charges"."amount"));--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_returned_check" CHECK ("loan_payments"."returned_to_wallet" >= 0 and "loan_payments"."returned_to_wallet" <= "loan_payments"."amount");--> statement-breakpoint
-- Decision 066: every loan with a posted payment now was allocated (at least in part) by the rule
-- before decision 061; the servicing pass re-services each once (src/server/modules/repayments/reservice.ts).
INSERT INTO "loan_reservicings" ("loan_id") SELECT DISTINCT "loan_id" FROM "loan_payments" WHERE "status" = 'POSTED' ON CONFLICT DO NOTHING;
