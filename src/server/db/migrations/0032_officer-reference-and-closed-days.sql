CREATE TABLE "trial_balance_lines" (
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"normal_balance" text NOT NULL,
	"debits" bigint NOT NULL,
	"credits" bigint NOT NULL,
	CONSTRAINT "trial_balance_lines_business_date_kind_pk" PRIMARY KEY("business_date","kind"),
	CONSTRAINT "trial_balance_lines_normal_check" CHECK ("trial_balance_lines"."normal_balance" in ('DEBIT', 'CREDIT')),
	CONSTRAINT "trial_balance_lines_sums_check" CHECK ("trial_balance_lines"."debits" >= 0 and "trial_balance_lines"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trial_balances" (
	"business_date" date PRIMARY KEY NOT NULL,
	"total_debits" bigint NOT NULL,
	"total_credits" bigint NOT NULL,
	"entries" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trial_balances_totals_check" CHECK ("trial_balances"."total_debits" >= 0 and "trial_balances"."total_credits" >= 0 and "trial_balances"."entries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trial_balance_lines" ADD CONSTRAINT "trial_balance_lines_business_date_trial_balances_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."trial_balances"("business_date") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "loan_payments_officer_reference_idx" ON "loan_payments" USING btree (upper(regexp_replace("external_reference", '[^A-Za-z0-9]+', '', 'g'))) WHERE "loan_payments"."source" = 'OFFICER' and "loan_payments"."external_reference" is not null;