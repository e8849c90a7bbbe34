import { bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

// settings: the company profile as edited by an ADMIN in the back office. Every save is a new row
// (the newest is the profile in force); without any row the configured profile (COMPANY_PROFILE_FILE
// or the DEMO profile) applies.
export const companyProfiles = pgTable('company_profiles', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  profile: jsonb('profile').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

// settings: loan product versions an ADMIN created in the back office (versions of a product after
// the ones in code, PRODUCT_VERSIONS; a new product starts at version 1). Never changed or removed:
// loans refer to their product code and version. A product is offered at its highest version
// (here or in code) that passes today's rules, unless its highest version is a retirement
// (`retired`: it stops new applications; the loans made under earlier versions keep theirs).
export const productVersions = pgTable(
  'product_versions',
  {
    productCode: text('product_code').notNull(),
    version: integer('version').notNull(),
    /** The draft (src/shared/schemas/product.ts), as validated when it was created. */
    draft: jsonb('draft').notNull(),
    /** A retirement: the product is no longer offered from this version on (the draft is the previous version's). */
    retired: boolean('retired').notNull().default(false),
    /** The order rows were stored in: every process loads the rows after the last one it knows (ProductCatalog.sync). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    effectiveFrom: text('effective_from').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.version] }), uniqueIndex('product_versions_seq_key').on(t.seq)],
);
