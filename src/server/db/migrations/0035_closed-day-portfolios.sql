CREATE TABLE "closed_day_portfolios" (
	"business_date" date NOT NULL,
	"product_code" text NOT NULL,
	"open_loans" integer NOT NULL,
	"outstanding_principal" bigint NOT NULL,
	"par1_loans" integer NOT NULL,
	"par1_principal" bigint NOT NULL,
	"par30_loans" integer NOT NULL,
	"par30_principal" bigint NOT NULL,
	"par60_loans" integer NOT NULL,
	"par60_principal" bigint NOT NULL,
	"par90_loans" integer NOT NULL,
	"par90_principal" bigint NOT NULL,
	"collected_principal" bigint NOT NULL,
	"collected_interest" bigint NOT NULL,
	"collected_fees" bigint NOT NULL,
	"collected_charges" bigint NOT NULL,
	"payments" integer NOT NULL,
	"charged" bigint NOT NULL,
	"waived" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "closed_day_portfolios_business_date_product_code_pk" PRIMARY KEY("business_date","product_code"),
	CONSTRAINT "closed_day_portfolios_figures_check" CHECK ("closed_day_portfolios"."open_loans" >= 0 and "closed_day_portfolios"."par1_loans" >= "closed_day_portfolios"."par30_loans" and "closed_day_portfolios"."par30_loans" >= "closed_day_portfolios"."par60_loans" and "closed_day_portfolios"."par60_loans" >= "closed_day_portfolios"."par90_loans" and "closed_day_portfolios"."par90_loans" >= 0 and "closed_day_portfolios"."payments" >= 0)
);
--> statement-breakpoint
ALTER TABLE "closed_day_portfolios" ADD CONSTRAINT "closed_day_portfolios_business_date_trial_balances_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."trial_balances"("business_date") ON DELETE no action ON UPDATE no action;