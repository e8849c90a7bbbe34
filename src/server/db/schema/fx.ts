import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// fx: exchange-rate snapshots fetched by the refresh job (src/server/jobs/rates-refresh.ts), so
// several processes serve the same rates and the as-of date survives restarts. The row with the
// latest as-of instant not in the future is served (docs/decisions/059); without any, the shipped snapshot.
export const fxRateSnapshots = pgTable('fx_rate_snapshots', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  base: text('base').notNull(),
  asOf: text('as_of').notNull(),
  /** The instant the as-of stands for (a date: its start at UTC+14, the first place it begins); a snapshot later than the clock is never served. */
  asOfAt: timestamp('as_of_at', { withTimezone: true }).notNull(),
  source: text('source').notNull(),
  rates: jsonb('rates').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
