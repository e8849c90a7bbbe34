-- Products side by side (docs/decisions/078): a loan records its product's code beside its version;
-- a product's versions are numbered within the product. Every loan and every stored version made
-- before this belongs to the default product, PERSONAL ("Personal loan").
ALTER TABLE "loans" ADD COLUMN "product_code" text;--> statement-breakpoint
UPDATE "loans" SET "product_code" = 'PERSONAL' WHERE "product_code" IS NULL;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "product_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "product_code" text;--> statement-breakpoint
UPDATE "product_versions" SET "product_code" = 'PERSONAL' WHERE "product_code" IS NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ALTER COLUMN "product_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" DROP CONSTRAINT IF EXISTS "product_versions_pkey";--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_code_version_pk" PRIMARY KEY("product_code","version");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_seq_key" ON "product_versions" USING btree ("seq");
