DROP INDEX "withdrawal_parts_bank_reference_idx";--> statement-breakpoint
DROP INDEX "withdrawals_bank_reference_idx";--> statement-breakpoint
CREATE INDEX "withdrawal_parts_bank_reference_idx" ON "withdrawal_parts" USING btree (upper(regexp_replace("provider_reference", '[^A-Za-z0-9]+', '', 'g'))) WHERE "withdrawal_parts"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_bank_reference_idx" ON "withdrawals" USING btree (upper(regexp_replace("provider_reference", '[^A-Za-z0-9]+', '', 'g'))) WHERE "withdrawals"."provider_reference" is not null;