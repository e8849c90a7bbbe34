import type { ErrorCode } from '../errors';
import { z } from 'zod';
import { LOAN_STATUSES, STATUS_COLOURS, STATUS_ICONS } from '../../states/loan';
import { loanStatusTextsSchema } from '../catalogue-text';
import { PRODUCT_CODE_PATTERN } from '../../loan/product';
import { DUE_DAY_MAX, DUE_DAY_MIN, SCHEDULE_FREQUENCIES } from '../../loan/dates';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '../../text-lengths';

/**
 * Contracts of the loans, wallet and back-office loan API. Amounts are decimal strings in
 * PHP with two decimals (docs/decisions/004); rates and percentages are decimal strings. Request
 * bodies are strict. Messages are English (the server answers them; the form may show its own).
 *
 * Error codes these endpoints add to src/shared/schemas/errors.ts's list are LOAN_ERROR_CODES.
 */
export const LOAN_ERROR_CODES = [
  /** 409: a second open loan ('You already have a loan!'). */
  'LOAN_EXISTS',
  /** 409: the client showed an older product version. */
  'PRODUCT_VERSION_STALE',
  /** 409: the product named is unknown or retired (it takes no new applications). */
  'PRODUCT_NOT_OFFERED',
  /** 409: a small loan within the cooling-off days after the member's last small loan (SEC MC 14 s.2025, no splitting). */
  'SMALL_LOAN_COOLING_OFF',
  /** 403: the account is not activated (INFO_COMPLETED) yet. */
  'NOT_ACTIVATED',
  /** 409: the loan is not in a state that allows this action. */
  'LOAN_STATE',
  /** 400: the Idempotency-Key header is missing or malformed. */
  'IDEMPOTENCY_KEY_REQUIRED',
  /** 422: the same Idempotency-Key was used with another request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** 403: maker-checker: the officer who approved the loan cannot disburse it. */
  'MAKER_CHECKER',
  /** 409: the loan was already disbursed. */
  'ALREADY_DISBURSED',
  /** 409: the offer breaks the product or the eligibility rules. */
  'OFFER_REFUSED',
  /** 409: a counter-offer must be accepted (POST /api/loans/current/accept-offer) before signing. */
  'OFFER_NOT_ACCEPTED',
  /** 409: the offer the member accepted is not the one in force (it changed meanwhile). */
  'OFFER_CHANGED',
  /** 403: a staff account cannot borrow or move money as a member. */
  'STAFF_ACCOUNT',
  /** 403: staff may not act on their own loan or withdrawal, nor on one of a member sharing their phone or e-mail. */
  'CONFLICT_OF_INTEREST',
] as const satisfies readonly ErrorCode[];

/**
 * The keys of the loan messages the schemas and the loans module give (a form renders them with t(),
 * the API in the caller's language); a number in their texts comes from its constant (catalogue
 * values, src/shared/i18n/values.ts).
 */
export const LOAN_MESSAGES = {
  created: 'loans.result.submitted',
  exists: 'loans.result.exists',
  amount: 'loans.admin.fieldErrors.amount',
  term: 'loans.errors.term',
  dueDay: 'loans.errors.dueDay',
  frequency: 'loans.errors.frequency',
  currency: 'loans.errors.currency',
  reasonCode: 'loans.admin.fieldErrors.reasonCode',
  counterOfferReason: 'loans.errors.counterOfferReason',
  reasonOnlyForCounterOffer: 'loans.errors.reasonOnlyForCounterOffer',
  note: 'withdrawals.errors.note',
  code: 'validation.otp',
} as const;

/** An amount in an answer: "200000.00". */
export const moneySchema = z.string().regex(/^-?(0|[1-9]\d*)\.\d{2}$/);
/** An amount typed by a person: digits with at most 2 decimals, no grouping. */
export const amountInputSchema = z
  .string({ error: LOAN_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: LOAN_MESSAGES.amount });
/** A product's code (PRODUCT_CODE_PATTERN): PERSONAL, SMALL, ... */
export const productCodeSchema = z.string().regex(PRODUCT_CODE_PATTERN, { error: 'errors.productCode' });
export const termSchema = z
  .number({ error: LOAN_MESSAGES.term })
  .int({ error: LOAN_MESSAGES.term })
  .min(1, { error: LOAN_MESSAGES.term })
  .max(120, { error: LOAN_MESSAGES.term });
export const currencyCodeSchema = z.string({ error: LOAN_MESSAGES.currency }).regex(/^[A-Z]{3}$/, { error: LOAN_MESSAGES.currency });
/** A percentage: "0.5", "10.7534". */
export const percentSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const isoDateTime = z.string();

/** The Idempotency-Key header every money-moving or creating request carries: IDEMPOTENCY_KEY_MIN to IDEMPOTENCY_KEY_MAX of [A-Za-z0-9_.:-]. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{${IDEMPOTENCY_KEY_MIN},${IDEMPOTENCY_KEY_MAX}}$`);

// ---------------------------------------------------------------------------------------------
// Status catalogue fields (section 3: status, statusMessage, statusColor, statusIcon, statement...)

export const loanStatusSchema = z.enum(LOAN_STATUSES);
export const statusFieldsShape = {
  status: loanStatusSchema,
  /** statusMessage, statement and statementMessage in English; statusTexts gives their keys for the reader's language. */
  statusMessage: z.string(),
  statusTexts: loanStatusTextsSchema,
  statusColor: z.enum(STATUS_COLOURS),
  statusIcon: z.enum(STATUS_ICONS),
  statementShow: z.boolean(),
  statement: z.string().nullable(),
  statementMessage: z.string().nullable(),
};

/** How often instalments fall due (docs/decisions/084); whether the product offers it is the service's check (product.ts timingProblem). */
export const frequencySchema = z.enum(SCHEDULE_FREQUENCIES, { error: LOAN_MESSAGES.frequency });
/** The day of the month of monthly instalments the borrower picks (DUE_DAY_MIN to DUE_DAY_MAX). */
export const dueDaySchema = z
  .number({ error: LOAN_MESSAGES.dueDay })
  .int({ error: LOAN_MESSAGES.dueDay })
  .min(DUE_DAY_MIN, { error: LOAN_MESSAGES.dueDay })
  .max(DUE_DAY_MAX, { error: LOAN_MESSAGES.dueDay });
