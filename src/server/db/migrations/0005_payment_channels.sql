CREATE TABLE "channel_payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"provider_payment_id" text,
	"reference_id" text,
	"amount" bigint,
	"currency" text,
	"channel_payment_id" uuid,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"loan_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"channel_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"instructions" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"check_after" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_amount" bigint,
	"applied_to_loan" bigint,
	"credited_to_wallet" bigint,
	"loan_payment_id" uuid,
	"wallet_transfer_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_payments_provider_check" CHECK ("channel_payments"."provider" in ('SIMULATED', 'XENDIT')),
	CONSTRAINT "channel_payments_method_check" CHECK ("channel_payments"."method" in ('VIRTUAL_ACCOUNT', 'EWALLET', 'OVER_THE_COUNTER')),
	CONSTRAINT "channel_payments_status_check" CHECK ("channel_payments"."status" in ('CREATING', 'PENDING', 'PAID', 'EXPIRED', 'FAILED', 'CREDITED_TO_WALLET')),
	CONSTRAINT "channel_payments_amount_check" CHECK ("channel_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"payout_id" text,
	"withdrawal_ref" text,
	"status" text,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_mode_check";--> statement-breakpoint
ALTER TABLE "channel_payment_events" ADD CONSTRAINT "channel_payment_events_channel_payment_id_channel_payments_id_fk" FOREIGN KEY ("channel_payment_id") REFERENCES "public"."channel_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payments" ADD CONSTRAINT "channel_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payments" ADD CONSTRAINT "channel_payments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payments" ADD CONSTRAINT "channel_payments_loan_payment_id_loan_payments_id_fk" FOREIGN KEY ("loan_payment_id") REFERENCES "public"."loan_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payments" ADD CONSTRAINT "channel_payments_wallet_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("wallet_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_payment_events_payment_idx" ON "channel_payment_events" USING btree ("channel_payment_id");--> statement-breakpoint
CREATE INDEX "channel_payment_events_provider_idx" ON "channel_payment_events" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_payments_number_key" ON "channel_payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_payments_provider_id_key" ON "channel_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_payments_member_key" ON "channel_payments" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "channel_payments_loan_idx" ON "channel_payments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_payments_due_idx" ON "channel_payments" USING btree ("status","check_after");--> statement-breakpoint
CREATE INDEX "payout_callbacks_withdrawal_idx" ON "payout_callbacks" USING btree ("withdrawal_ref");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_mode_check" CHECK ("withdrawals"."payout_mode" is null or "withdrawals"."payout_mode" in ('SIMULATED', 'MANUAL', 'XENDIT'));