CREATE TABLE "loan_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"loan_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_notes_body_check" CHECK (length("loan_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "waive_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "waive_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "waive_request_reason_code" text;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "waive_request_note" text;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_notes_seq_key" ON "loan_notes" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "loan_notes_loan_idx" ON "loan_notes" USING btree ("loan_id","seq");--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_waive_requested_by_users_id_fk" FOREIGN KEY ("waive_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_instalments_unpaid_due_idx" ON "loan_instalments" USING btree ("due_date","loan_id") WHERE "loan_instalments"."paid_on" is null;--> statement-breakpoint
CREATE INDEX "loan_reminders_loan_created_idx" ON "loan_reminders" USING btree ("loan_id","created_at");