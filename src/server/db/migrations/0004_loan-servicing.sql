CREATE TABLE "loan_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"kind" text NOT NULL,
	"business_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"basis" jsonb NOT NULL,
	"transfer_id" uuid,
	"waived_at" timestamp with time zone,
	"waived_by" uuid,
	"waive_reason_code" text,
	"waive_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_charges_kind_check" CHECK ("loan_charges"."kind" in ('PENALTY_INTEREST', 'COLLECTION')),
	CONSTRAINT "loan_charges_amount_check" CHECK ("loan_charges"."amount" > 0 and "loan_charges"."paid" >= 0 and "loan_charges"."paid" <= "loan_charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "loan_payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"component" text NOT NULL,
	"charge_id" uuid,
	"amount" bigint NOT NULL,
	"prepayment" boolean DEFAULT false NOT NULL,
	CONSTRAINT "loan_payment_allocations_component_check" CHECK ("loan_payment_allocations"."component" in ('CHARGE', 'FEES', 'INTEREST', 'PRINCIPAL')),
	CONSTRAINT "loan_payment_allocations_amount_check" CHECK ("loan_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"loan_id" uuid NOT NULL,
	"source" text NOT NULL,
	"channel" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"external_reference" text,
	"received_at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"transfer_id" uuid,
	"payoff_quote_id" uuid,
	"remaining_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_payments_source_check" CHECK ("loan_payments"."source" in ('WALLET', 'CHANNEL', 'OFFICER')),
	CONSTRAINT "loan_payments_channel_check" CHECK ("loan_payments"."channel" is null or "loan_payments"."channel" in ('CASH', 'BANK_TRANSFER')),
	CONSTRAINT "loan_payments_kind_check" CHECK ("loan_payments"."kind" in ('PAYMENT', 'PAYOFF')),
	CONSTRAINT "loan_payments_status_check" CHECK ("loan_payments"."status" in ('POSTED', 'PENDING_APPROVAL')),
	CONSTRAINT "loan_payments_amount_check" CHECK ("loan_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_payoff_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loan_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"template" text NOT NULL,
	"business_date" date NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"send_after" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_servicing_runs" (
	"loan_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "loan_servicing_runs_loan_id_business_date_pk" PRIMARY KEY("loan_id","business_date")
);
--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_status_check";--> statement-breakpoint
DROP INDEX "loans_one_open_per_member";--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "principal_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "interest_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "fees_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "interest_rebated" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_waive_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("waive_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payment_allocations" ADD CONSTRAINT "loan_payment_allocations_payment_id_loan_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."loan_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payment_allocations" ADD CONSTRAINT "loan_payment_allocations_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payoff_quotes" ADD CONSTRAINT "loan_payoff_quotes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_servicing_runs" ADD CONSTRAINT "loan_servicing_runs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_charges_once_key" ON "loan_charges" USING btree ("loan_id","line_number","kind","business_date");--> statement-breakpoint
CREATE INDEX "loan_charges_loan_idx" ON "loan_charges" USING btree ("loan_id","line_number");--> statement-breakpoint
CREATE INDEX "loan_payment_allocations_payment_idx" ON "loan_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "loan_payment_allocations_loan_idx" ON "loan_payment_allocations" USING btree ("loan_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_number_key" ON "loan_payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_idempotency_key" ON "loan_payments" USING btree ("loan_id","source","idempotency_key");--> statement-breakpoint
CREATE INDEX "loan_payments_loan_idx" ON "loan_payments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_payoff_quotes_loan_idx" ON "loan_payoff_quotes" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reminders_once_key" ON "loan_reminders" USING btree ("loan_id","line_number","template","business_date");--> statement-breakpoint
CREATE INDEX "loan_reminders_loan_idx" ON "loan_reminders" USING btree ("loan_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_member" ON "loans" USING btree ("member_id") WHERE status in ('PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'ACTIVE', 'OVERDUE');--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_paid_check" CHECK ("loan_instalments"."principal_paid" >= 0 and "loan_instalments"."principal_paid" <= "loan_instalments"."principal" and "loan_instalments"."fees_paid" >= 0 and "loan_instalments"."fees_paid" <= "loan_instalments"."fees" and "loan_instalments"."interest_paid" >= 0 and "loan_instalments"."interest_rebated" >= 0 and "loan_instalments"."interest_paid" + "loan_instalments"."interest_rebated" <= "loan_instalments"."interest");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status_check" CHECK (status in ('PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID', 'REJECTED', 'CANCELLED'));