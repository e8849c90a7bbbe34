ALTER TABLE "loans" ADD COLUMN "schedule_frequency" text DEFAULT 'MONTHLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "due_day" smallint;--> statement-breakpoint
-- Loans from before payday schedules: MONTHLY (the default above) on the day they were disbursed (docs/decisions/084).
UPDATE "loans" SET "due_day" = EXTRACT(DAY FROM "schedule_start_date")::smallint WHERE "schedule_start_date" IS NOT NULL;
