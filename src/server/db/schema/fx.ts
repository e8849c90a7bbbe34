import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// fx: exchange-rate snapshots fetched by the refresh job (src/server/jobs/rates-refresh.ts), so
// several processes serve the same rates and the as-of date survives restarts. The newest row is
// served; without any row, the shipped snapshot.
export const fxRateSnapshots = pgTable('fx_rate_snapshots', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  base: text('base').notNull(),
  asOf: text('as_of').notNull(),
  source: text('source').notNull(),
  rates: jsonb('rates').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
