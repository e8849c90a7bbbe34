/** The wallet (section 3, "Wallet details"), from the ledger. */
import { z } from 'zod';
import { optionalBigintIdParam, pageLimitParam } from '../params';
import { STATUS_COLOURS, STATUS_ICONS } from '../../states/loan';
import { WITHDRAWAL_STATUSES } from '../../states/withdrawal';
import { isoDateTime, loanStatusSchema, moneySchema } from './common';
import { loanStatusTextsSchema } from '../catalogue-text';

export const walletSummarySchema = z.object({
  /** True once a loan has reached the wallet (the spec's `active`). */
  active: z.boolean(),
  currency: z.literal('PHP'),
  /** The available balance: posted credits less debits less pending withdrawals. */
  wallet: moneySchema,
  postedBalance: moneySchema,
  pendingDebits: moneySchema,
  loanAmount: moneySchema,
  withdrawnAmount: moneySchema,
  /** 'Limit' of the Used/Limit bar: withdrawn plus balance. */
  limit: moneySchema,
  canWithdraw: z.boolean(),
  hasLoan: z.boolean(),
  status: loanStatusSchema.nullable(),
  statusMessage: z.string().nullable(),
  /** The status's words as catalogue keys (the page renders them in the reader's language). */
  statusTexts: loanStatusTextsSchema.nullable(),
  statusColor: z.enum(STATUS_COLOURS).nullable(),
  statusIcon: z.enum(STATUS_ICONS).nullable(),
  statementShow: z.boolean(),
  statement: z.string().nullable(),
  statementMessage: z.string().nullable(),
  loanNumber: z.string().nullable(),
  /** The application date. */
  createdAt: isoDateTime.nullable(),
  disbursedAt: isoDateTime.nullable(),
  selectedCurrency: z.string(),
  exchangeRate: z.string(),
  displayRate: z.string(),
  ratesAsOf: z.string().nullable(),
  loanAmountXR: moneySchema,
  loanAmountPHP: moneySchema,
  /** 'Credit Powered By': the company's name. */
  creditPoweredBy: z.string(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/**
 * What one line of the wallet history did to the available balance, as a bank statement reads:
 * CREDIT money in, DEBIT money out for good (a paid withdrawal), HOLD money set aside for a
 * withdrawal not yet paid (out of the available balance), SENT money sent for payout but not yet
 * paid (a split withdrawal's hold, posted at its confirmation, while its transfers are processing, or
 * when they all failed and came back as RELEASE lines; docs/decisions/033), RELEASE held money
 * returned (a failed, cancelled or expired withdrawal, or one failed transfer of a split withdrawal).
 */
export const WALLET_LINE_ENTRIES = ['CREDIT', 'DEBIT', 'HOLD', 'SENT', 'RELEASE'] as const;
export type WalletLineEntry = (typeof WALLET_LINE_ENTRIES)[number];

export const walletTransactionSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  /** LOAN_DISBURSEMENT, WITHDRAWAL, ... */
  kind: z.string(),
  entry: z.enum(WALLET_LINE_ENTRIES),
  /** The line's text in English; `labelKey` is its i18n key (values: `reference`). */
  description: z.string(),
  labelKey: z.string(),
  /** The effect on the available balance: IN (+) or OUT (−). */
  direction: z.enum(['IN', 'OUT']),
  /** The amount, always positive; `direction` gives the sign. */
  amount: moneySchema,
  /** The available balance just after this line. */
  balanceAfter: moneySchema,
  /** The reference the member reads (loan number, withdrawal reference), or null. */
  reference: z.string().nullable(),
  /** For a withdrawal's lines: the withdrawal's status now. */
  withdrawalStatus: z.enum(WITHDRAWAL_STATUSES).nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
/** GET /api/wallet/transactions?cursor=&limit=: newest first; cursor is the nextCursor of the page before (older lines). */
export const walletTransactionsQuerySchema = z.object({
  cursor: optionalBigintIdParam('errors.cursor'),
  limit: pageLimitParam(200, 50),
});
export const walletTransactionsResponseSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
