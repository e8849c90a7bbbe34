import { PAYOUT_PROVIDERS } from '../providers/names';
import type { ErrorCode } from './errors';
import { z } from 'zod';
import { STATUS_COLOURS, STATUS_ICONS } from '../states/loan';
import { WITHDRAWAL_ACTORS, WITHDRAWAL_PART_STATUSES, WITHDRAWAL_STATUSES } from '../states/withdrawal';
import { withdrawals as messages } from '../i18n/en/withdrawals';
import { catalogueKeys } from '../i18n/text';
import { BANK_REFERENCE_MAX, BANK_REFERENCE_MIN, WITHDRAW_REASON_MIN } from '../text-lengths';
import { optionalKeysetCursorParam, pageLimitParam } from './params';
import { otpCodeSchema } from './fields';
import { internalNoteSchema, moneySchema } from './loans';
import { INTERNAL_NOTE_MAX, PAYOUT_FAILURE_REASONS, WITHDRAWAL_REASONS } from '../reasons/catalogue';

/**
 * Contracts of the withdrawals API (/tmp contract "Withdrawals: the agreed contract").
 * Amounts are decimal strings in PHP with two decimals (docs/decisions/004). Request bodies are
 * strict. Messages are English (the server answers them; the form may show its own from the
 * 'withdrawals' namespace).
 */
export const WITHDRAWAL_ERROR_CODES = [
  /** 409: withdrawals are paused for 24 hours after a change of payout account. */
  'WITHDRAWAL_BLOCKED',
  /** 409: another withdrawal of the member is still AWAITING_CODE. */
  'WITHDRAWAL_OPEN',
  /** 409: the withdrawal is not in a state that allows this action. */
  'WITHDRAWAL_STATE',
  /** 409: the member has no payout account. */
  'NO_PAYOUT_ACCOUNT',
  /** 409 (back office): another officer's failure mark waits for a second officer. */
  'WITHDRAWAL_FAIL_PENDING',
  /** 409 (back office): no failure mark waits for a second officer. */
  'WITHDRAWAL_FAIL_NOT_PENDING',
] as const satisfies readonly ErrorCode[];

/**
 * A refused code (POST /api/withdrawals/:id/confirm) answers what src/server/otp/service.ts answers
 * for contract signing, with fields.code 'Invalid OTP': 400 CODE_INVALID (wrong code, the message
 * says the tries left), 400 CODE_EXPIRED, 400 CODE_USED, 400 CODE_NOT_FOUND (no code issued), and
 * 429 CODE_LOCKED (the sixth try).
 */
export const WITHDRAWAL_CODE_ERROR_CODES = [
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_USED',
  'CODE_NOT_FOUND',
  'CODE_LOCKED',
] as const satisfies readonly ErrorCode[];
export type WithdrawalErrorCode = (typeof WITHDRAWAL_ERROR_CODES)[number];

/** The keys of the withdrawal messages (withdrawals.errors.*). */
export const WITHDRAWAL_MESSAGES = catalogueKeys('withdrawals.errors', messages.errors);

/**
 * An amount typed by the member: only digits and one dot, at most 2 decimals, greater than zero.
 * ("1000", "1000.5", "1000.50"; not "1,000", "-5", "1e3", "10.123", "0.00").
 */
export const withdrawalAmountSchema = z
  .string({ error: WITHDRAWAL_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: WITHDRAWAL_MESSAGES.amount })
  .refine((v) => /[1-9]/.test(v), { error: WITHDRAWAL_MESSAGES.amountPositive });

/** The code as typed (the one code validator; src/shared/codes/rules.ts holds its length, life and tries). */
const withdrawalCodeSchema = otpCodeSchema(WITHDRAWAL_MESSAGES.code);

const isoDateTime = z.string();

const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
const payoutChannelSchema = z.enum(['INSTAPAY', 'PESONET']);
const payoutKindSchema = z.enum(['BANK', 'EWALLET']);
const payoutModeSchema = z.enum(PAYOUT_PROVIDERS);

/** The payout account as the member sees it: account number masked but the first 3 characters. */
export const withdrawalDestinationSchema = z.object({
  institutionName: z.string(),
  kind: payoutKindSchema,
  accountMasked: z.string(),
  accountName: z.string(),
});
export type WithdrawalDestinationDto = z.infer<typeof withdrawalDestinationSchema>;

const withdrawalReasonCodeSchema = z.enum(WITHDRAWAL_REASONS);
const payoutFailureReasonCodeSchema = z.enum(PAYOUT_FAILURE_REASONS, { error: WITHDRAWAL_MESSAGES.reasonCode });

const withdrawalEventSchema = z.object({
  status: withdrawalStatusSchema,
  at: isoDateTime,
  actor: z.enum(WITHDRAWAL_ACTORS),
  /** A code of the fixed reason catalogue (src/shared/reasons), never text typed by staff. */
  reasonCode: withdrawalReasonCodeSchema.nullable(),
  /** The catalogue's English text of reasonCode. */
  reason: z.string().nullable(),
});

/**
 * One transfer of a withdrawal sent as several (docs/decisions/033-split-withdrawals.md): the member
 * sees each one's amount, channel and status; a FAILED one's amount is back in the wallet.
 */
export const withdrawalPartSchema = z.object({
  /** 1..n, in the order they are sent. */
  index: z.number().int(),
  amount: moneySchema,
  channel: payoutChannelSchema,
  status: z.enum(WITHDRAWAL_PART_STATUSES),
  failureReasonCode: payoutFailureReasonCodeSchema.nullable(),
  failureReason: z.string().nullable(),
  settledAt: isoDateTime.nullable(),
});
export type WithdrawalPartDto = z.infer<typeof withdrawalPartSchema>;

export const withdrawalViewSchema = z.object({
  id: z.string(),
  /** "<SHORTNAME>-<number padded to 6>", e.g. "TAPAT-000123". */
  reference: z.string(),
  status: withdrawalStatusSchema,
  statusMessage: z.string(),
  statusColor: z.enum(STATUS_COLOURS),
  statusIcon: z.enum(STATUS_ICONS),
  amount: moneySchema,
  fee: moneySchema,
  amountToReceive: moneySchema,
  /**
   * Where the money is now: HELD (not sent yet), SENT (paid out), RETURNED (back in the wallet), or
   * PARTLY_SENT (sent as several transfers: some paid, the rest back in the wallet).
   */
  funds: z.enum(['HELD', 'SENT', 'RETURNED', 'PARTLY_SENT']),
  /** What reached the payout account: the amount to receive once SENT, the paid transfers' sum when PARTLY_SENT, 0.00 otherwise. */
  amountReceived: moneySchema,
  /** What came back to the wallet: the amount once RETURNED, the failed transfers' sum when PARTLY_SENT, 0.00 otherwise. */
  amountReturned: moneySchema,
  currency: z.literal('PHP'),
  channel: payoutChannelSchema,
  destination: withdrawalDestinationSchema,
  createdAt: isoDateTime,
  confirmedAt: isoDateTime.nullable(),
  settledAt: isoDateTime.nullable(),
  /** Why the payout failed: a code of the fixed catalogue and its English text. */
  failureReasonCode: payoutFailureReasonCodeSchema.nullable(),
  failureReason: z.string().nullable(),
  expiresAt: isoDateTime,
  events: z.array(withdrawalEventSchema),
  /** The transfers it is sent as, when more than one (empty for a single transfer): one code, one reference. */
  parts: z.array(withdrawalPartSchema),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

/**
 * The code just sent for a withdrawal: when it expires and when the server will send another (the
 * rules of src/shared/codes/rules.ts, applied by the server's clock). The page counts down to
 * resendAvailableAt instead of keeping a minute of its own.
 */
export const withdrawalCodeSentSchema = z.object({ expiresAt: isoDateTime, resendAvailableAt: isoDateTime });
export type WithdrawalCodeSent = z.infer<typeof withdrawalCodeSentSchema>;

/** POST /api/withdrawals answers the view and the code it sent (absent on the replay of an answer stored before it was added). */
export const withdrawalRequestedSchema = withdrawalViewSchema.extend({ code: withdrawalCodeSentSchema.optional() });
export type WithdrawalRequested = z.infer<typeof withdrawalRequestedSchema>;

/**
 * The member's own withdrawal as GET /api/withdrawals and GET /api/withdrawals/:id answer it:
 * the view and, while it awaits its code, the times of the code sent last (its expiry, and when the
 * server will send another), so a page opened again counts down as it did when the code was sent.
 * Null in any other state. Never in the back office's rows.
 */
export const memberWithdrawalSchema = withdrawalViewSchema.extend({ code: withdrawalCodeSentSchema.nullable() });
export type MemberWithdrawal = z.infer<typeof memberWithdrawalSchema>;

// ---------------------------------------------------------------------------------------------
// Member API

/** GET /api/withdrawals/options */
export const withdrawalOptionsSchema = z.object({
  available: moneySchema,
  currency: z.literal('PHP'),
  fee: moneySchema,
  channels: z.array(z.object({ channel: payoutChannelSchema, min: moneySchema, max: moneySchema })),
  destination: withdrawalDestinationSchema.nullable(),
  /** Set for 24 hours after a change of payout account. */
  blockedUntil: isoDateTime.nullable(),
  /** The most transfers one withdrawal is split into (WITHDRAWAL_MAX_PARTS): above a transfer's maximum the amount is sent as several. */
  maxParts: z.number().int(),
});
export type WithdrawalOptions = z.infer<typeof withdrawalOptionsSchema>;

/** POST /api/withdrawals (header Idempotency-Key) */
export const withdrawalRequestSchema = z.strictObject({ amount: withdrawalAmountSchema });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** POST /api/withdrawals/:id/confirm (header Idempotency-Key) */
export const withdrawalConfirmSchema = z.strictObject({ code: withdrawalCodeSchema });
export type WithdrawalConfirm = z.infer<typeof withdrawalConfirmSchema>;

/** GET /api/withdrawals: newest first. */
export const withdrawalListSchema = z.object({ withdrawals: z.array(memberWithdrawalSchema) });

// ---------------------------------------------------------------------------------------------
// Back office

export const adminWithdrawalQuerySchema = z.object({
  /** One status or several separated by commas; default all. */
  status: z.string().max(200).optional(),
  /** 50 a page unless asked (as the loans queue): a page of 200 rows with their events was 200 KB of JSON. */
  limit: pageLimitParam(500, 50),
  /** The nextCursor of the previous page (oldest first: the next page is newer). */
  cursor: optionalKeysetCursorParam(),
});

/**
 * Manual payouts (docs/decisions/049): an officer's failure mark waiting for a second officer. Nothing
 * has moved; the member does not see it. Back office only.
 */
export const failRequestSchema = z.object({
  requestedBy: z.string(),
  requestedByName: z.string(),
  requestedAt: isoDateTime,
  reasonCode: payoutFailureReasonCodeSchema,
  /** The reason's English text, as the member will read it once confirmed. */
  reason: z.string(),
  note: z.string().nullable(),
});
export type FailRequestDto = z.infer<typeof failRequestSchema>;

export const adminWithdrawalRowSchema = withdrawalViewSchema.extend({
  /** The events with the internal note of the officer who marked the payout, if any. */
  events: z.array(withdrawalEventSchema.extend({ note: z.string().nullable() })),
  memberId: z.string(),
  memberName: z.string(),
  /** Since the request, in whole minutes. */
  ageMinutes: z.number().int(),
  payoutMode: payoutModeSchema,
  providerReference: z.string().nullable(),
  /** A failure mark of the whole payout waiting for a second officer (decision 049), or null. */
  failRequest: failRequestSchema.nullable(),
  /** The transfers with their provider's (or bank's) reference, for the per-transfer actions. */
  parts: z.array(
    withdrawalPartSchema.extend({
      /** The transfer's own reference, sent to the bank or provider: "<reference>-<index>". */
      reference: z.string(),
      providerReference: z.string().nullable(),
      /** A failure mark of this transfer waiting for a second officer (decision 049), or null. */
      failRequest: failRequestSchema.nullable(),
    }),
  ),
});
export type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRowSchema>;

/** GET /api/admin/withdrawals: oldest first. */
export const adminWithdrawalListSchema = z.object({
  withdrawals: z.array(adminWithdrawalRowSchema),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/**
 * Printable ASCII (and tab) only: what banks print on a transfer. A reused reference is found by comparing
 * by its letters and digits without case (bankReferenceKey, and bankReferenceKeySql in PostgreSQL); an invisible
 * or look-alike character (a no-break or zero-width space, a Cyrillic letter, a control character)
 * would make a reference that reads the same in the back office compare as another, and the two
 * sides did not even agree on which spaces to drop (review11; decision 052).
 */
export const BANK_REFERENCE_PATTERN = /^[\t\x20-\x7E]+$/;
const bankReferenceMessage = WITHDRAWAL_MESSAGES.bankReference;

/** POST /api/admin/withdrawals/:id/paid and .../parts/:index/paid (manual payout mode, from PROCESSING). */
export const adminPaidSchema = z.strictObject({
  bankReference: z
    .string({ error: bankReferenceMessage })
    .trim()
    .min(BANK_REFERENCE_MIN, { error: bankReferenceMessage })
    .max(BANK_REFERENCE_MAX, { error: bankReferenceMessage })
    .regex(BANK_REFERENCE_PATTERN, { error: bankReferenceMessage })
    // Compared by its letters and digits (bankReferenceKey): "---" would match every other "...".
    .refine((v) => bankReferenceKey(v).length >= BANK_REFERENCE_MIN, { error: bankReferenceMessage }),
});
/**
 * POST /api/admin/withdrawals/:id/failed (manual payout mode, from PROCESSING): a reason code from
 * the catalogue (the member reads its text) and an optional internal note (audit log and back office
 * only). It is a request until a second officer confirms it (.../failed/confirm; decision 049).
 */
export const adminFailedSchema = z.strictObject({
  reasonCode: payoutFailureReasonCodeSchema,
  note: internalNoteSchema.optional(),
});

const withdrawReasonMessage = WITHDRAWAL_MESSAGES.withdrawReason;
/**
 * POST /api/admin/withdrawals/:id/failed/withdraw (and .../parts/:index/failed/withdraw): the officer
 * who asked for a failure mark, or an ADMIN, withdraws it with a reason (decision 052).
 */
export const adminFailWithdrawSchema = z.strictObject({
  reason: z
    .string({ error: withdrawReasonMessage })
    .trim()
    .min(WITHDRAW_REASON_MIN, { error: withdrawReasonMessage })
    .max(INTERNAL_NOTE_MAX, { error: withdrawReasonMessage }),
});

/**
 * A bank reference as compared with those of other payouts: its letters and digits only, without
 * case ("ab 12-3", "AB12-3", "ab.12/3" are one transfer), so a reused reference is not hidden by its
 * spelling: banks print the same reference with hyphens, spaces, dots or slashes. The database's
 * indexes use the same expression (bankReferenceKeySql in src/server/db/schema/withdrawals.ts).
 */
export function bankReferenceKey(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();
}

/** GET /api/admin/withdrawals/reconciliation?date=YYYY-MM-DD (a Philippine date). */
export const reconciliationQuerySchema = z.object({ date: z.iso.date({ error: 'errors.date' }) });

export const reconciliationSchema = z.object({
  date: z.string(),
  /** Withdrawals requested that Philippine day, by status. */
  rows: z.array(z.object({ status: withdrawalStatusSchema, count: z.number().int(), total: moneySchema })),
  /** What the ledger holds for those withdrawals' pending transfers. */
  ledger: z.object({ posted: moneySchema, voided: moneySchema, pendingHeld: moneySchema }),
  matches: z.boolean(),
  differences: z.array(
    z.object({ withdrawalId: z.string(), reference: z.string(), status: withdrawalStatusSchema, ledgerState: z.string(), problem: z.string() }),
  ),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
