DROP INDEX "loans_status_idx";--> statement-breakpoint
DROP INDEX "withdrawals_status_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at","number");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at","number");