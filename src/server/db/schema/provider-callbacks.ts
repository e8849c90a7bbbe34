import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every verified payout callback of a provider (docs/decisions/013-payment-channels.md)
 * and what was done with it: CHECK_DUE (the withdrawal's status check brought forward; the status
 * endpoint decides), UNKNOWN (no such withdrawal), IGNORED (already final). Callbacks never move
 * money themselves.
 */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    payoutId: text('payout_id'),
    /** The reference id the provider echoes: our withdrawal id (not a foreign key: an unknown one is recorded as such). */
    withdrawalRef: text('withdrawal_ref'),
    status: text('status'),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payout_callbacks_withdrawal_idx').on(t.withdrawalRef)],
);
