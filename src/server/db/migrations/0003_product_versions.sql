CREATE TABLE "product_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"effective_from" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;