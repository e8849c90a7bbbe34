import { z } from 'zod';
import { moneySchema } from './loans/common';

/**
 * Contracts of the ledger's closed days (the accountant's trial balance): amounts are decimal
 * strings in PHP with two decimals (docs/decisions/004); dates are Philippine calendar days.
 */
/** A calendar day (YYYY-MM-DD that exists: no month 13, no 30 February). */
const isoDay = z.iso.date({ error: 'errors.date' });

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

const trialBalanceLineSchema = z.object({
  /** The chart of accounts' code (the ledger account kind). */
  account: z.string(),
  name: z.string(),
  normalBalance: z.enum(['DEBIT', 'CREDIT']),
  debits: moneySchema,
  credits: moneySchema,
  /** Debits less credits for a debit-normal account, credits less debits for a credit-normal one. */
  balance: moneySchema,
});

/** A closed day's portfolio for one product, as of the day's end (decision 092). */
export const dayPortfolioSchema = z.object({
  product: z.string(),
  names: z.object({ en: z.string(), fil: z.string() }),
  /** Loans with principal outstanding at the day's end. */
  openLoans: z.number().int(),
  outstandingPrincipal: moneySchema,
  /** Portfolio at risk: loans more than `days` days past due (0 is PAR 1), their principal and its share of the outstanding principal. */
  par: z.array(z.object({ days: z.number().int(), loans: z.number().int(), principal: moneySchema, percent: z.string() })),
  /** Collected that day by loan payments, by what each paid. */
  collected: z.object({
    principal: moneySchema,
    interest: moneySchema,
    fees: moneySchema,
    charges: moneySchema,
    total: moneySchema,
    payments: z.number().int(),
  }),
  /** Late charges booked that day and taken back that day (waivers and reversals). */
  charged: moneySchema,
  waived: moneySchema,
});
export type DayPortfolioDto = z.infer<typeof dayPortfolioSchema>;

export const trialBalanceSchema = closedDaySchema.extend({
  lines: z.array(trialBalanceLineSchema),
  /** The day's portfolio by product (empty until the pass that closed the day has computed it). */
  portfolio: z.array(dayPortfolioSchema),
});
export type TrialBalanceDto = z.infer<typeof trialBalanceSchema>;
