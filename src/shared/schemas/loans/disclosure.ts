/** The Disclosure Statement (BSP Circular 730) and its schedule: in quotes, loans and contracts. */
import { z } from 'zod';
import { SCHEDULE_FREQUENCIES } from '../../loan/dates';
import { INTEREST_MODELS } from '../../loan/product';
import { isoDate, moneySchema, percentSchema } from './common';

const scheduleLineSchema = z.object({
  number: z.number().int(),
  dueDate: isoDate,
  principal: moneySchema,
  interest: moneySchema,
  fees: moneySchema,
  total: moneySchema,
  balanceAfter: moneySchema,
});

const financeChargeSchema = z.object({
  code: z.string(),
  label: z.string(),
  amount: moneySchema,
  /** INTEREST, or where a fee is paid from. Never up front. */
  paidAs: z.enum(['INTEREST', 'DEDUCTED_FROM_PROCEEDS', 'ADDED_TO_SCHEDULE']),
});

const convertedAmountsSchema = z.object({
  currency: z.string(),
  /** Units of the currency per 1 PHP (exact decimal). */
  rate: z.string(),
  /** PHP per unit of the currency to 2 decimals (what the page shows). */
  displayRate: z.string(),
  ratesAsOf: z.string(),
  amountFinanced: moneySchema,
  regularInstalment: moneySchema,
  totalPayable: moneySchema,
});

/** BSP Circular 730's non-finance charges, each listed (0.00 when the loan has none). */
export const NON_FINANCE_CHARGE_CODES = ['INSURANCE', 'TAXES', 'REGISTRATION', 'NOTARIAL', 'OTHER'] as const;
const nonFinanceChargeSchema = z.object({ code: z.enum(NON_FINANCE_CHARGE_CODES), amount: moneySchema });

/**
 * The statement's own facts (BSP Circular 730): its date in Philippine time, the borrower it is
 * issued to and the lender's signatory who certifies it correct. Optional in the schema only
 * because statements signed before they existed are kept exactly as signed (their hash covers them).
 */
export const disclosureStatementSchema = z.object({
  /** YYYY-MM-DD in Asia/Manila: the day the statement was issued (the disbursement date once re-issued at disbursement). */
  date: isoDate,
  timeZone: z.literal('Asia/Manila'),
  /** Null on a quote (no borrower yet). */
  borrower: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  certifiedCorrect: z.object({ name: z.string(), position: z.string(), companyName: z.string() }),
  /** ISSUED: as offered and signed; REISSUED_AT_DISBURSEMENT: dated from the disbursement the ledger booked, because that date moved. */
  issue: z.enum(['ISSUED', 'REISSUED_AT_DISBURSEMENT']),
});
export type DisclosureStatementDto = z.infer<typeof disclosureStatementSchema>;

export const disclosureSchema = z.object({
  productVersion: z.number().int(),
  /**
   * The loan's product: its code and its name in each language (the pages and PDFs show the
   * reader's). Absent from statements signed before it was stated; their readers add the loan's own
   * product's (views.ts namedDisclosure) without changing the signed text.
   */
  product: z.object({ code: z.string(), names: z.object({ en: z.string(), fil: z.string() }) }).optional(),
  currency: z.literal('PHP'),
  termMonths: z.number().int(),
  numberOfInstalments: z.number().int(),
  interestModel: z.enum(INTEREST_MODELS),
  /** The product's rate: of the principal a month (ADD_ON) or of the balance (DECLINING_BALANCE). */
  nominalMonthlyRatePercent: percentSchema,
  /** The monthly rate the schedule's interest column is computed at, on the outstanding balance. */
  balanceMonthlyRatePercent: percentSchema,
  amountFinanced: moneySchema,
  financeCharges: z.array(financeChargeSchema),
  totalFinanceCharge: moneySchema,
  /** Absent only on statements signed before the list existed. */
  nonFinanceCharges: z.array(nonFinanceChargeSchema).optional(),
  totalNonFinanceCharges: moneySchema.optional(),
  deductedFromProceeds: moneySchema,
  netProceeds: moneySchema,
  totalPayable: moneySchema,
  regularInstalment: moneySchema,
  eir: z.object({
    /** The monthly effective interest rate: discounts every instalment to the net proceeds. */
    monthlyPercent: percentSchema,
    /** 12 x the monthly rate: the annual figure the statement shows. */
    annualPercent: percentSchema,
    /** (1 + monthly)^12 - 1, for comparison. */
    annualCompoundedPercent: percentSchema,
    annualBasis: z.literal('MONTHLY_TIMES_12'),
  }),
  costCap: z.object({
    annualPercent: percentSchema,
    /** Interest + fees + fines may total at most this over the term. */
    capAmount: moneySchema,
    /** What fines may still add over the term after interest and fees. */
    maxFines: moneySchema,
  }),
  penalties: z.object({
    graceDays: z.number().int(),
    dailyRatePercent: percentSchema,
    collectionChargePercent: percentSchema,
    /**
     * The arrears tolerance in force (ARREARS_TOLERANCE; decision 069): an instalment no more than
     * this short after its due date is not overdue. Absent when it is 0 (nothing is said).
     */
    arrearsTolerance: moneySchema.optional(),
  }),
  /** Due dates count monthly from this date (the disbursement date, or today for a preview). */
  /**
   * How often the instalments fall due (docs/decisions/084), stated when not monthly on the
   * disbursement day (statements from before, and those on that rule, have neither field).
   */
  frequency: z.enum(SCHEDULE_FREQUENCIES).optional(),
  /** MONTHLY on a day the borrower picked: that day of the month. */
  dueDay: z.number().int().min(1).max(31).optional(),
  scheduleStartDate: isoDate,
  schedule: z.array(scheduleLineSchema),
  converted: convertedAmountsSchema.nullable(),
  statement: disclosureStatementSchema.optional(),
});
export type DisclosureDto = z.infer<typeof disclosureSchema>;
