ALTER TABLE "loan_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "rejection_reason_code" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_reason_code" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "offer_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "failure_reason_code" text;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_reason_code_check" CHECK (reason_code is null or reason_code in ('INCOME_NOT_VERIFIED', 'INCOME_INSUFFICIENT', 'IDENTITY_NOT_VERIFIED', 'DOCUMENTS_UNREADABLE', 'EMPLOYMENT_NOT_VERIFIED', 'AGE_NOT_ELIGIBLE', 'INFORMATION_INCONSISTENT', 'CREDIT_POLICY', 'REPAYMENT_CAPACITY', 'VERIFIED_INCOME_LOWER', 'FIRST_LOAN_LIMIT', 'TERM_ADJUSTED', 'CREDIT_POLICY_LIMIT'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_rejection_reason_code_check" CHECK (rejection_reason_code is null or rejection_reason_code in ('INCOME_NOT_VERIFIED', 'INCOME_INSUFFICIENT', 'IDENTITY_NOT_VERIFIED', 'DOCUMENTS_UNREADABLE', 'EMPLOYMENT_NOT_VERIFIED', 'AGE_NOT_ELIGIBLE', 'INFORMATION_INCONSISTENT', 'CREDIT_POLICY'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_offer_reason_code_check" CHECK (offer_reason_code is null or offer_reason_code in ('REPAYMENT_CAPACITY', 'VERIFIED_INCOME_LOWER', 'FIRST_LOAN_LIMIT', 'TERM_ADJUSTED', 'CREDIT_POLICY_LIMIT'));--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_reason_code_check" CHECK (reason_code is null or reason_code in ('ACCOUNT_NOT_FOUND', 'ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_DECLINED', 'BANK_UNAVAILABLE', 'RECEIVING_LIMIT', 'CODE_NOT_CONFIRMED'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_failure_reason_code_check" CHECK (failure_reason_code is null or failure_reason_code in ('ACCOUNT_NOT_FOUND', 'ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_DECLINED', 'BANK_UNAVAILABLE', 'RECEIVING_LIMIT'));--> statement-breakpoint
-- Free text typed by staff (or by the member when cancelling) becomes a back-office note; the next migration drops the member-facing free-text columns.
UPDATE "loan_events" SET "note" = "reason" WHERE "reason" IS NOT NULL;--> statement-breakpoint
UPDATE "withdrawal_events" SET "note" = "reason" WHERE "reason" IS NOT NULL;
