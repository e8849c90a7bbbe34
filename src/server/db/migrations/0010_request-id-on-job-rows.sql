ALTER TABLE "outbox_messages" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_id" text;