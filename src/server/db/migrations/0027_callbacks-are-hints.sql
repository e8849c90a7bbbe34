CREATE TABLE "channel_payment_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"confirmed_amount" bigint NOT NULL,
	"confirmed_currency" text,
	"provider_payment_id" text,
	"status" text NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone,
	"request_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"wallet_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_payment_holds_reason_check" CHECK ("channel_payment_holds"."reason" in ('AMOUNT_MISMATCH', 'CURRENCY_MISMATCH')),
	CONSTRAINT "channel_payment_holds_status_check" CHECK ("channel_payment_holds"."status" in ('HELD', 'RELEASE_REQUESTED', 'CREDITED_TO_WALLET'))
);
--> statement-breakpoint
ALTER TABLE "channel_payments" DROP CONSTRAINT "channel_payments_status_check";--> statement-breakpoint
ALTER TABLE "fx_rate_snapshots" ADD COLUMN "as_of_at" timestamp with time zone;--> statement-breakpoint
UPDATE "fx_rate_snapshots" SET "as_of_at" = CASE WHEN "as_of" ~ '^\d{4}-\d{2}-\d{2}$' THEN ("as_of" || 'T00:00:00+14:00')::timestamptz ELSE "as_of"::timestamptz END;--> statement-breakpoint
ALTER TABLE "fx_rate_snapshots" ALTER COLUMN "as_of_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_payment_holds" ADD CONSTRAINT "channel_payment_holds_channel_payment_id_channel_payments_id_fk" FOREIGN KEY ("channel_payment_id") REFERENCES "public"."channel_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payment_holds" ADD CONSTRAINT "channel_payment_holds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payment_holds" ADD CONSTRAINT "channel_payment_holds_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payment_holds" ADD CONSTRAINT "channel_payment_holds_wallet_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("wallet_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_payment_holds_payment_key" ON "channel_payment_holds" USING btree ("channel_payment_id");--> statement-breakpoint
CREATE INDEX "channel_payment_holds_status_idx" ON "channel_payment_holds" USING btree ("status","held_at");--> statement-breakpoint
ALTER TABLE "channel_payments" ADD CONSTRAINT "channel_payments_status_check" CHECK ("channel_payments"."status" in ('CREATING', 'PENDING', 'PAID', 'EXPIRED', 'FAILED', 'CREDITED_TO_WALLET', 'HELD'));