ALTER TABLE "loan_events" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "rejection_reason";--> statement-breakpoint
ALTER TABLE "withdrawal_events" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "failure_reason";