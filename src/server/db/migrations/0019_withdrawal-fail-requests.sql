ALTER TABLE "withdrawal_parts" ADD COLUMN "fail_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD COLUMN "fail_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD COLUMN "fail_request_reason_code" text;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD COLUMN "fail_request_note" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_request_reason_code" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_request_note" text;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD CONSTRAINT "withdrawal_parts_fail_requested_by_users_id_fk" FOREIGN KEY ("fail_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fail_requested_by_users_id_fk" FOREIGN KEY ("fail_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_parts" ADD CONSTRAINT "withdrawal_parts_fail_request_reason_code_check" CHECK (fail_request_reason_code is null or fail_request_reason_code in ('ACCOUNT_NOT_FOUND', 'ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_DECLINED', 'BANK_UNAVAILABLE', 'RECEIVING_LIMIT'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fail_request_reason_code_check" CHECK (fail_request_reason_code is null or fail_request_reason_code in ('ACCOUNT_NOT_FOUND', 'ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_DECLINED', 'BANK_UNAVAILABLE', 'RECEIVING_LIMIT'));