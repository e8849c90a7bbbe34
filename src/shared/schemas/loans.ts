import type { ErrorCode } from './errors';
import { z } from 'zod';
import { INTEREST_MODELS } from '../loan/product';
import { LOAN_ACTIONS, LOAN_STATUSES, STATUS_COLOURS, STATUS_ICONS } from '../states/loan';
import { intQueryParam, optionalBigintIdParam, optionalKeysetCursorParam, pageLimitParam } from './params';
import { otpCodeSchema } from './fields';
import { COUNTER_OFFER_REASONS, INTERNAL_NOTE_MAX, LOAN_REASONS, LOAN_REJECTION_REASONS } from '../reasons/catalogue';
import { WITHDRAWAL_STATUSES } from '../states/withdrawal';

/**
 * Contracts of the loans, wallet and back-office loan API (issue 4). Amounts are decimal strings in
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

export const LOAN_MESSAGES = {
  created: 'Loan application submitted.',
  exists: 'You already have a loan!',
  amount: 'Enter the amount in pesos with at most 2 decimals.',
  term: 'Choose one of the terms offered.',
  currency: 'Choose one of the currencies offered.',
  reasonCode: 'Choose one of the reasons of the catalogue.',
  counterOfferReason: 'A lower amount or a shorter term than applied for needs a reason from the catalogue.',
  reasonOnlyForCounterOffer: 'A reason is given only with an offer lower or shorter than the application.',
  note: `The internal note is at most ${INTERNAL_NOTE_MAX} characters.`,
  code: '6 up to 12 digit OTP code. Only numbers are allowed.',
} as const;

/** An amount in an answer: "200000.00". */
export const moneySchema = z.string().regex(/^-?(0|[1-9]\d*)\.\d{2}$/);
/** An amount typed by a person: digits with at most 2 decimals, no grouping. */
export const amountInputSchema = z
  .string({ error: LOAN_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: LOAN_MESSAGES.amount });
export const termSchema = z
  .number({ error: LOAN_MESSAGES.term })
  .int({ error: LOAN_MESSAGES.term })
  .min(1, { error: LOAN_MESSAGES.term })
  .max(120, { error: LOAN_MESSAGES.term });
export const currencyCodeSchema = z.string({ error: LOAN_MESSAGES.currency }).regex(/^[A-Z]{3}$/, { error: LOAN_MESSAGES.currency });
/** A percentage: "0.5", "10.7534". */
const percentSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoDateTime = z.string();

/** The Idempotency-Key header every money-moving or creating request carries: 8 to 128 of [A-Za-z0-9_.:-]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

// ---------------------------------------------------------------------------------------------
// Status catalogue fields (section 3: status, statusMessage, statusColor, statusIcon, statement...)

export const loanStatusSchema = z.enum(LOAN_STATUSES);
export const statusFieldsShape = {
  status: loanStatusSchema,
  statusMessage: z.string(),
  statusColor: z.enum(STATUS_COLOURS),
  statusIcon: z.enum(STATUS_ICONS),
  statementShow: z.boolean(),
  statement: z.string().nullable(),
  statementMessage: z.string().nullable(),
};

// ---------------------------------------------------------------------------------------------
// Disclosure statement (BSP Circular 730 items) and schedule

export const scheduleLineSchema = z.object({
  number: z.number().int(),
  dueDate: isoDate,
  principal: moneySchema,
  interest: moneySchema,
  fees: moneySchema,
  total: moneySchema,
  balanceAfter: moneySchema,
});

export const financeChargeSchema = z.object({
  code: z.string(),
  label: z.string(),
  amount: moneySchema,
  /** INTEREST, or where a fee is paid from. Never up front. */
  paidAs: z.enum(['INTEREST', 'DEDUCTED_FROM_PROCEEDS', 'ADDED_TO_SCHEDULE']),
});

export const convertedAmountsSchema = z.object({
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
export const nonFinanceChargeSchema = z.object({ code: z.enum(NON_FINANCE_CHARGE_CODES), amount: moneySchema });

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
  }),
  /** Due dates count monthly from this date (the disbursement date, or today for a preview). */
  scheduleStartDate: isoDate,
  schedule: z.array(scheduleLineSchema),
  converted: convertedAmountsSchema.nullable(),
  statement: disclosureStatementSchema.optional(),
});
export type DisclosureDto = z.infer<typeof disclosureSchema>;

// ---------------------------------------------------------------------------------------------
// Pre-assessment

export const preAssessmentSchema = z.object({
  eligible: z.boolean(),
  /** values fill loans.reasons.<code> (message is the English text); older answers may have no values. */
  reasons: z.array(z.object({ code: z.string(), message: z.string(), values: z.record(z.string(), z.string()).optional() })),
  maxEligibleAmount: moneySchema,
  maxEligibleByTerm: z.array(z.object({ term: z.number().int(), amount: moneySchema })),
  instalment: moneySchema,
  debtServiceRatioPercent: percentSchema.nullable(),
  incomeMultiple: z.number(),
  assessedAt: isoDateTime,
});
export type PreAssessmentDto = z.infer<typeof preAssessmentSchema>;

// ---------------------------------------------------------------------------------------------
// The loan as the borrower sees it

export const loanReasonCodeSchema = z.enum(LOAN_REASONS);
export const rejectionReasonCodeSchema = z.enum(LOAN_REJECTION_REASONS, { error: LOAN_MESSAGES.reasonCode });
export const counterOfferReasonCodeSchema = z.enum(COUNTER_OFFER_REASONS, { error: LOAN_MESSAGES.reasonCode });
/** An officer's note: kept in the audit log and the back office, never in a member-facing answer. */
export const internalNoteSchema = z.string({ error: LOAN_MESSAGES.note }).trim().max(INTERNAL_NOTE_MAX, { error: LOAN_MESSAGES.note });

export const timelineEntrySchema = z.object({
  at: isoDateTime,
  from: loanStatusSchema.nullable(),
  to: loanStatusSchema,
  action: z.enum(LOAN_ACTIONS),
  actorRole: z.enum(['MEMBER', 'OFFICER', 'ADMIN', 'SYSTEM']),
  /** The member's own actions say 'You'; staff actions the officer's name. */
  actorName: z.string().nullable(),
  /** A code of the fixed reason catalogue (src/shared/reasons), never text typed by staff. */
  reasonCode: loanReasonCodeSchema.nullable(),
  /** The catalogue's English text of reasonCode. */
  reason: z.string().nullable(),
});

/** The back office's timeline entry: also the free-text note (an officer's internal note, or the member's own words when cancelling). */
export const adminTimelineEntrySchema = timelineEntrySchema.extend({ note: z.string().nullable() });

/** The offer of an approved loan as the borrower sees it. */
export const offerSchema = z.object({
  /** Lower amount or shorter term than applied for. */
  counterOffer: z.boolean(),
  reasonCode: counterOfferReasonCodeSchema.nullable(),
  /** The catalogue's English text of reasonCode. */
  reason: z.string().nullable(),
  requestedAmount: moneySchema,
  requestedTerm: z.number().int(),
  amount: moneySchema,
  term: z.number().int(),
  /** When the borrower accepted the counter-offer (null: not yet, or no counter-offer). */
  acceptedAt: isoDateTime.nullable(),
});

export const loanViewSchema = z.object({
  id: z.string(),
  loanNumber: z.string(),
  ...statusFieldsShape,
  open: z.boolean(),
  productVersion: z.number().int(),
  requestedAmount: moneySchema,
  requestedTerm: z.number().int(),
  /** The offer once approved, else the amount applied for (PHP). */
  amount: moneySchema,
  term: z.number().int(),
  selectedCurrency: z.string(),
  exchangeRate: z.string(),
  displayRate: z.string(),
  ratesAsOf: z.string(),
  /** The amount in the selected currency, rounded up to a whole unit (display only). */
  amountXR: moneySchema,
  instalmentXR: moneySchema,
  interestModel: z.enum(INTEREST_MODELS),
  interestRatePercent: percentSchema,
  /** Why the application was not approved: a code of the fixed catalogue and its English text. */
  rejectionReasonCode: rejectionReasonCodeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  /** The approved offer (null before approval). */
  offer: offerSchema.nullable(),
  createdAt: isoDateTime,
  approvedAt: isoDateTime.nullable(),
  signedAt: isoDateTime.nullable(),
  disbursedAt: isoDateTime.nullable(),
  preAssessment: preAssessmentSchema,
  disclosure: disclosureSchema,
  timeline: z.array(timelineEntrySchema),
  canCancel: z.boolean(),
  /** A counter-offer waits for the borrower's acceptance (POST /api/loans/current/accept-offer). */
  canAcceptOffer: z.boolean(),
  canSign: z.boolean(),
  contract: z.object({ signedAt: isoDateTime, documentsSha256: z.string(), contractUrl: z.string(), disclosureUrl: z.string() }).nullable(),
});
export type LoanView = z.infer<typeof loanViewSchema>;

/** POST /api/loans/applications (header Idempotency-Key). */
export const loanApplicationRequestSchema = z.strictObject({
  amount: amountInputSchema,
  term: termSchema,
  selectedCurrency: currencyCodeSchema,
  /** The product version the page showed; an older one is refused (PRODUCT_VERSION_STALE). */
  productVersion: z.number().int().positive(),
});
export type LoanApplicationRequest = z.infer<typeof loanApplicationRequestSchema>;

export const loanApplicationResponseSchema = z.object({
  /** Section 4: LOAN_CREATED (any refusal is an error answer). */
  state: z.literal('LOAN_CREATED'),
  message: z.string(),
  loan: loanViewSchema,
  preAssessment: preAssessmentSchema,
});
export type LoanApplicationResponse = z.infer<typeof loanApplicationResponseSchema>;

/** GET /api/loans/current: the member's open loan, else the latest closed one, else null. */
export const currentLoanResponseSchema = z.object({ loan: loanViewSchema.nullable() });
export const loanResponseSchema = z.object({ loan: loanViewSchema });

/** GET /api/loans/quote?amount=&term=&currency= */
export const quoteQuerySchema = z.object({
  amount: amountInputSchema,
  term: intQueryParam({ min: 1, max: 120, message: LOAN_MESSAGES.term }),
  currency: currencyCodeSchema.optional(),
});
export const quoteResponseSchema = z.object({ productVersion: z.number().int(), disclosure: disclosureSchema });

/** POST /api/loans/current/cancel (body optional). */
export const cancelRequestSchema = z.strictObject({ reason: z.string().trim().max(500).optional() }).nullish();

// ---------------------------------------------------------------------------------------------
// Contract

export const contractDocumentSchema = z.object({
  title: z.string(),
  /** The version of the contract template. */
  templateVersion: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  /** The whole contract as plain text (what the SHA-256 covers, with the disclosure). */
  text: z.string(),
});

export const contractResponseSchema = z.object({
  loanId: z.string(),
  loanNumber: z.string(),
  status: loanStatusSchema,
  signed: z.boolean(),
  signedAt: isoDateTime.nullable(),
  /** SHA-256 of the exact documents: over the contract text and the disclosure's JSON. */
  documentsSha256: z.string(),
  contract: contractDocumentSchema,
  disclosure: disclosureSchema,
});

/** POST /api/loans/current/accept-offer: the member accepts exactly the offer shown (amount and term). */
export const acceptOfferRequestSchema = z.strictObject({ amount: amountInputSchema, term: termSchema });

export const contractCodeResponseSchema = z.object({ sentTo: z.string(), expiresAt: isoDateTime, resendAvailableAt: isoDateTime });
export const signRequestSchema = z.strictObject({ code: otpCodeSchema(LOAN_MESSAGES.code) });
export const signResponseSchema = z.object({ loan: loanViewSchema, signedAt: isoDateTime, documentsSha256: z.string() });

// ---------------------------------------------------------------------------------------------
// Back office

export const adminQueueQuerySchema = z.object({
  /** One status or several separated by commas; default the ones waiting for staff. */
  status: z.string().max(200).optional(),
  limit: pageLimitParam(200, 50),
  /** The nextCursor of the previous page (oldest first: the next page is newer). */
  cursor: optionalKeysetCursorParam(),
});

export const adminQueueItemSchema = z.object({
  id: z.string(),
  loanNumber: z.string(),
  status: loanStatusSchema,
  statusColor: z.enum(STATUS_COLOURS),
  memberId: z.string(),
  memberName: z.string(),
  amount: moneySchema,
  term: z.number().int(),
  eligible: z.boolean(),
  createdAt: isoDateTime,
  /** Since the application, in whole minutes. */
  ageMinutes: z.number().int(),
  /** Since the last transition, in whole minutes. */
  inStatusMinutes: z.number().int(),
});
export const adminQueueResponseSchema = z.object({
  items: z.array(adminQueueItemSchema),
  /** Loans by status, counted up to countCap (a count equal to countCap means "countCap or more"). */
  counts: z.record(z.string(), z.number().int()),
  countCap: z.number().int(),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const adminMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  accountState: z.string(),
  employment: z.object({ country: z.string(), location: z.string(), jobTitle: z.string(), jobCategory: z.string(), monthlyNetIncome: moneySchema }),
  personal: z
    .object({
      gender: z.string(),
      firstName: z.string(),
      middleName: z.string().nullable(),
      lastName: z.string(),
      birthDate: z.string(),
      maritalStatus: z.string(),
      nationality: z.string(),
    })
    .nullable(),
  address: z.object({ country: z.string(), province: z.string(), town: z.string(), streetAddress: z.string(), postalCode: z.string().nullable() }).nullable(),
  /** Used only to confirm identity, never for collection (DECISIONS.md invariant 9). */
  references: z.array(z.object({ position: z.number().int(), fullName: z.string(), relationship: z.string(), phone: z.string() })),
  identity: z.object({ identityType: z.string(), otherIdentityType: z.string().nullable(), identityNumber: z.string() }).nullable(),
  /** Each URL is /api/admin/members/:memberId/documents/:kind (every view is logged); null when missing. */
  documents: z.object({ ID_FRONT: z.string().nullable(), ID_BACK: z.string().nullable(), SELFIE: z.string().nullable() }),
  payoutAccount: z.object({ institutionName: z.string(), kind: z.string(), accountNumberMasked: z.string(), accountName: z.string() }).nullable(),
});

export const adminLoanDetailSchema = z.object({
  loan: loanViewSchema.extend({
    timeline: z.array(adminTimelineEntrySchema),
    approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    disbursedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    disbursementTransferId: z.string().nullable(),
  }),
  member: adminMemberSchema,
  /** The rules applied now to the current amount and term (the stored pre-assessment is loan.preAssessment). */
  currentAssessment: preAssessmentSchema,
  permissions: z.object({
    canStartReview: z.boolean(),
    canApprove: z.boolean(),
    canReject: z.boolean(),
    canDisburse: z.boolean(),
    /** Why the caller cannot disburse (maker-checker, state), or null. */
    disburseBlockedReason: z.string().nullable(),
    /** Why the caller may take no action at all on this loan (their own, or a member sharing their phone or e-mail), or null. */
    conflictOfInterest: z.string().nullable(),
  }),
});
export type AdminLoanDetail = z.infer<typeof adminLoanDetailSchema>;

/**
 * Approve with an offer. An offer lower or shorter than the application (a counter-offer) needs
 * reasonCode from the catalogue; the note is internal (audit log and back office only).
 */
export const approveRequestSchema = z.strictObject({
  amount: amountInputSchema,
  term: termSchema,
  reasonCode: counterOfferReasonCodeSchema.optional(),
  note: internalNoteSchema.optional(),
});
/** Reject with a reason code from the catalogue (the borrower reads its text) and an optional internal note. */
export const rejectRequestSchema = z.strictObject({
  reasonCode: rejectionReasonCodeSchema,
  note: internalNoteSchema.optional(),
});
export const reviewRequestSchema = z.strictObject({ note: internalNoteSchema.optional() }).nullish();
export const disburseRequestSchema = z.strictObject({ note: internalNoteSchema.optional() }).nullish();

export const disburseResponseSchema = z.object({
  loan: adminLoanDetailSchema.shape.loan,
  transfer: z.object({ id: z.string(), walletCredited: moneySchema, receivable: moneySchema, feesDeducted: moneySchema }),
});
export const adminLoanResponseSchema = z.object({ loan: adminLoanDetailSchema.shape.loan });

// ---------------------------------------------------------------------------------------------
// Wallet (section 3, "Wallet details"), from the ledger

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
 * withdrawal not yet paid (out of the available balance), RELEASE held money returned (a failed,
 * cancelled or expired withdrawal).
 */
export const WALLET_LINE_ENTRIES = ['CREDIT', 'DEBIT', 'HOLD', 'RELEASE'] as const;
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
  cursor: optionalBigintIdParam('cursor must come from nextCursor'),
  limit: pageLimitParam(200, 50),
});
export const walletTransactionsResponseSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
