DROP INDEX "loan_extensions_status_idx";--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("full_name") WHERE "users"."role" in ('OFFICER', 'ADMIN');--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_problems_idx" ON "outbox_messages" USING btree ("created_at","id") WHERE (status = 'DEAD' or (status = 'QUEUED' and attempts > 0));--> statement-breakpoint
CREATE INDEX "channel_payments_member_idx" ON "channel_payments" USING btree ("member_id","number");--> statement-breakpoint
CREATE INDEX "loan_extensions_requested_idx" ON "loan_extensions" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "loan_extensions_status_idx" ON "loan_extensions" USING btree ("status","requested_at","id");