import { z } from 'zod';
import { moneySchema } from './loans/common';

/**
 * Contracts of the ledger's closed days (the accountant's trial balance): amounts are decimal
 * strings in PHP with two decimals (docs/decisions/004); dates are Philippine calendar days.
 */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'errors.date' });

export const trialBalanceListQuerySchema = z.strictObject({
  /** The page before this date (the previous page's nextBefore). */
  before: isoDay.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(31),
});

export const closedDaySchema = z.object({
  date: z.string(),
  totalDebits: moneySchema,
  totalCredits: moneySchema,
  balanced: z.boolean(),
  /** Posted ledger entries dated that day. */
  entries: z.number().int(),
  closedAt: z.string(),
});
export type ClosedDayDto = z.infer<typeof closedDaySchema>;

export const trialBalanceListSchema = z.object({ days: z.array(closedDaySchema), nextBefore: z.string().nullable() });

export const trialBalanceParamsSchema = z.strictObject({ date: isoDay });

export const trialBalanceLineSchema = z.object({
  /** The chart of accounts' code (the ledger account kind). */
  account: z.string(),
  name: z.string(),
  normalBalance: z.enum(['DEBIT', 'CREDIT']),
  debits: moneySchema,
  credits: moneySchema,
  /** Debits less credits for a debit-normal account, credits less debits for a credit-normal one. */
  balance: moneySchema,
});
export const trialBalanceSchema = closedDaySchema.extend({ lines: z.array(trialBalanceLineSchema) });
export type TrialBalanceDto = z.infer<typeof trialBalanceSchema>;
