// The body schema lives in error-body.ts, written so that a bundle which does not use it drops it
// and zod with it: the web app's API client imports this list on every page, and zod stays out of
// the landing page's JavaScript.
export { apiErrorSchema, type ApiErrorBody } from './error-body';

/**
 * Every error code the API answers, with its one HTTP status: the single home of both. AppError
 * (src/server/http/errors.ts) is typed to it, so a code the server throws is listed here with the
 * status it is thrown with, and the web (src/web) compares ApiError.code against these names only.
 * The endpoints' own lists (LOAN_ERROR_CODES, WITHDRAWAL_ERROR_CODES, REPAYMENT_ERROR_CODES)
 * document which of them each area answers.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  SIGN_IN_LOCKED: 429,
  REGISTRATION_EXPIRED: 400,
  RECOVERY_EXPIRED: 400,
  /** One-time codes (src/server/otp): a wrong code (the message says the tries left), expired, used, none issued, the sixth try. */
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_USED: 400,
  CODE_NOT_FOUND: 400,
  CODE_LOCKED: 429,
  ORIGIN_REFUSED: 403,
  /** An ADMIN's product version breaks a cap of the product rules; the message lists each reason. */
  PRODUCT_REFUSED: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A staff account cannot borrow or move money as a member. */
  STAFF_ACCOUNT: 403,
  /** Staff may not act on their own loan or withdrawal, nor on one of a member sharing their phone or e-mail. */
  CONFLICT_OF_INTEREST: 403,
  /** Maker-checker: the approving officer cannot also disburse; a payment above the threshold needs another officer. */
  MAKER_CHECKER: 403,
  // Loans
  LOAN_EXISTS: 409,
  PRODUCT_VERSION_STALE: 409,
  PRODUCT_NOT_OFFERED: 409,
  SMALL_LOAN_COOLING_OFF: 409,
  NOT_ACTIVATED: 403,
  LOAN_STATE: 409,
  ALREADY_DISBURSED: 409,
  OFFER_REFUSED: 409,
  OFFER_NOT_ACCEPTED: 409,
  OFFER_CHANGED: 409,
  // Withdrawals
  WITHDRAWAL_BLOCKED: 409,
  WITHDRAWAL_OPEN: 409,
  WITHDRAWAL_STATE: 409,
  NO_PAYOUT_ACCOUNT: 409,
  /** Manual payouts (decision 049): another officer asked to mark it failed; confirm that request (or mark it paid). */
  WITHDRAWAL_FAIL_PENDING: 409,
  /** Manual payouts (decision 049): no failure mark waits for a second officer. */
  WITHDRAWAL_FAIL_NOT_PENDING: 409,
  /** Manual payouts (decision 052): only the officer who asked for a failure mark, or an ADMIN, withdraws the request. */
  WITHDRAWAL_FAIL_NOT_YOURS: 403,
  /** Manual payouts (decision 052): the bank reference is already recorded on another payout. */
  BANK_REFERENCE_USED: 409,
  /** An officer's payment (decision 071): the bank reference or receipt number is already recorded on another payment received. */
  PAYMENT_REFERENCE_USED: 409,
  // Servicing
  NO_LOAN: 404,
  LOAN_NOT_DISBURSED: 409,
  LOAN_REPAID: 409,
  AMOUNT_TOO_SMALL: 400,
  AMOUNT_ABOVE_OUTSTANDING: 400,
  INSUFFICIENT_BALANCE: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_STALE: 409,
  QUOTE_USED: 409,
  CHARGE_NOT_WAIVABLE: 409,
  PAYMENT_NOT_PENDING: 409,
  // Payment channels and provider callbacks (docs/decisions/013-payment-channels.md)
  CHANNELS_UNAVAILABLE: 409,
  CHANNEL_CODE_INVALID: 400,
  CHANNEL_PAYMENT_PENDING: 409,
  PROVIDER_UNAVAILABLE: 502,
  CALLBACK_UNVERIFIED: 401,
  /** An outside body kept as received (a provider callback) nested deeper or larger than can be stored (docs/decisions/059). */
  PAYLOAD_UNSTORABLE: 400,
  /** A held channel payment (docs/decisions/059) already credited, or not held. */
  HELD_PAYMENT_STATE: 409,
  /** A held channel payment the provider confirmed in another currency than PHP (or none): it cannot be credited in pesos. */
  HELD_PAYMENT_NOT_PHP: 409,
  // Extension requests (docs/decisions/016-extensions.md)
  EXTENSION_TERM: 400,
  EXTENSION_NOT_FOUND: 404,
  EXTENSION_CHANGED: 409,
  EXTENSION_NOT_SERVICED: 409,
  EXTENSION_OPEN: 409,
  EXTENSION_OVER_CAP: 409,
  EXTENSION_PARTLY_PAID: 409,
  EXTENSION_PAST_DUE: 409,
  EXTENSION_STATE: 409,
  EXTENSION_TOO_LATE: 409,
  // Waivers above the threshold (maker-checker)
  WAIVER_PENDING: 409,
  WAIVER_NOT_PENDING: 409,
  WAIVER_MOOT: 409,
  // Support inbox and data-deletion review: the message or request is not in a state that allows this action.
  SUPPORT_STATE: 409,
  // E-mail verification (docs/decisions/051-email-verification.md)
  EMAIL_ALREADY_VERIFIED: 409,
  /** A reply to a signed-in sender's contact message: the address is not their verified one, so no e-mail may go. */
  EMAIL_NOT_VERIFIED: 409,
  DELETION_REQUEST_STATE: 409,
  /** COMPLETE refused: the member has an open loan, a wallet balance or a withdrawal in progress (fields name each). */
  DELETION_BLOCKED: 409,
  /** The database cannot be reached for now (Retry-After says when to try again); nothing was done. */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
/** The HTTP status an error code is always answered with. */
export type ErrorStatus<C extends ErrorCode> = (typeof ERROR_STATUS)[C];
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Narrows a code from the wire (ApiError.code) to a known one. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}
