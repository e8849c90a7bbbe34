CREATE TABLE "withdrawal_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"part_index" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"payout_mode" text,
	"provider_reference" text,
	"check_after" timestamp with time zone,
	"failure_reason_code" text,
	"resolution_transfer_id" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_parts_status_check" CHECK (status in ('PENDING', 'PROCESSING', 'PAID', 'FAILED', 'CANCELLED')),
	CONSTRAINT "withdrawal_parts_channel_check" CHECK ("withdrawal_parts"."channel" in ('INSTAPAY', 'PESONET')),
	CONSTRAINT "withdrawal_parts_mode_check" CHECK ("withdrawal_parts"."payout_mode" is null or "withdrawal_parts"."payout_mode" in ('SIMULATED', 'MANUAL', 'XENDIT')),
	CONSTRAINT "withdrawal_parts_amount_check" CHECK ("withdrawal_parts"."amount" > 0),
	CONSTRAINT "withdrawal_parts_index_check" CHECK ("withdrawal_parts"."part_index" >= 1),
	CONSTRAINT "withdrawal_parts_failure_reason_code_check" CHECK (failure_reason_code is null or failure_reason_code in ('ACCOUNT_NOT_FOUND', 'ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_DECLINED', 'BANK_UNAVAILABLE', 'RECEIVING_LIMIT'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "part_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD CONSTRAINT "withdrawal_parts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD CONSTRAINT "withdrawal_parts_resolution_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("resolution_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_parts_index_key" ON "withdrawal_parts" USING btree ("withdrawal_id","part_index");--> statement-breakpoint
CREATE INDEX "withdrawal_parts_due_idx" ON "withdrawal_parts" USING btree ("status","check_after");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_part_count_check" CHECK ("withdrawals"."part_count" >= 1);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK (status in ('AWAITING_CODE', 'PROCESSING', 'PAID', 'PARTLY_PAID', 'FAILED', 'EXPIRED', 'CANCELLED'));