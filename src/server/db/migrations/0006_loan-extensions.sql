CREATE TABLE "loan_extension_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"extension_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"reason_code" text,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_extension_events_action_check" CHECK (action in ('REQUEST', 'APPROVE', 'DECLINE', 'WITHDRAW', 'SIGN'))
);
--> statement-breakpoint
CREATE TABLE "loan_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"new_term" integer NOT NULL,
	"from_line" integer NOT NULL,
	"remaining_principal" bigint NOT NULL,
	"new_end_date" date NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason_code" text,
	"total_months" integer,
	"contractual_monthly_rate" text,
	"disclosure_json" text,
	"documents_sha256" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"signer_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_extensions_status_check" CHECK (status in ('REQUESTED', 'APPROVED', 'DECLINED', 'WITHDRAWN', 'EFFECTIVE')),
	CONSTRAINT "loan_extensions_reason_check" CHECK (decline_reason_code is null or decline_reason_code in ('REPAYMENT_HISTORY', 'CAPACITY_NOT_IMPROVED', 'TERM_TOO_LONG', 'INFORMATION_NEEDED', 'CREDIT_POLICY')),
	CONSTRAINT "loan_extensions_fee_check" CHECK ("loan_extensions"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_extension_events" ADD CONSTRAINT "loan_extension_events_extension_id_loan_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."loan_extensions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extension_events" ADD CONSTRAINT "loan_extension_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extensions" ADD CONSTRAINT "loan_extensions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extensions" ADD CONSTRAINT "loan_extensions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extensions" ADD CONSTRAINT "loan_extensions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_extension_events_ext_idx" ON "loan_extension_events" USING btree ("extension_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_extensions_open_key" ON "loan_extensions" USING btree ("loan_id") WHERE status in ('REQUESTED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "loan_extensions_status_idx" ON "loan_extensions" USING btree ("status","requested_at");