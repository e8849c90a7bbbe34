import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

// settings: loan product versions an ADMIN created in the back office (versions above the ones in
// code, PRODUCT_VERSIONS). Never changed or removed: loans refer to their version. The highest
// version (here or in code) is the one offered.
export const productVersions = pgTable('product_versions', {
  version: integer('version').primaryKey(),
  /** The draft (src/shared/schemas/product.ts), as validated when it was created. */
  draft: jsonb('draft').notNull(),
  effectiveFrom: text('effective_from').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
