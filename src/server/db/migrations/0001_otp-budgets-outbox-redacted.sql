DROP INDEX "otp_challenges_phone_idx";--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "prefix" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "redacted_body" text;--> statement-breakpoint
CREATE INDEX "otp_challenges_ip_idx" ON "otp_challenges" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_prefix_idx" ON "otp_challenges" USING btree ("prefix","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_created_idx" ON "otp_challenges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_phone_idx" ON "otp_challenges" USING btree ("phone","purpose","created_at");