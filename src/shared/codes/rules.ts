/**
 * The one home of the one-time code rules (decision 026). The server enforces them
 * (src/server/otp/service.ts derives its durations from these numbers); every text that states one
 * of them ("It expires in {{minutes}} minutes", "a {{digits}}-digit code") takes it from here, and
 * the browser checks the shape of what is typed with the same numbers. Pure TypeScript: both sides.
 */

/** How many digits the server puts in a code it issues. */
export const CODE_DIGITS = 6;
/** How long an issued code stays valid. */
export const CODE_TTL_MINUTES = 5;
/** How long a phone waits before another code of the same purpose. */
export const CODE_RESEND_AFTER_MINUTES = 1;
/** Wrong tries before a code is spent. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes of one purpose a phone may receive in an hour. */
export const CODE_HOURLY_LIMIT = 5;

/** What a person may type as a code (specification section 5: "6 up to 12 digit OTP code"). */
export const CODE_INPUT_MIN_DIGITS = 6;
export const CODE_INPUT_MAX_DIGITS = 12;

/** The one pattern of a typed code: digits only, CODE_INPUT_MIN_DIGITS to CODE_INPUT_MAX_DIGITS. */
export const CODE_PATTERN = new RegExp(`^\\d{${CODE_INPUT_MIN_DIGITS},${CODE_INPUT_MAX_DIGITS}}$`);

/** Whether a typed code has the shape the server accepts (the server still checks the code itself). */
export function isCodeShaped(text: string): boolean {
  return CODE_PATTERN.test(text);
}

/**
 * The numbers a code message states: {{minutes}} (how long a code lasts), {{digits}} (its length)
 * and {{resendSeconds}} (the wait between two codes of one purpose).
 */
export function codeTextValues(): { readonly minutes: number; readonly digits: number; readonly resendSeconds: number } {
  return { minutes: CODE_TTL_MINUTES, digits: CODE_DIGITS, resendSeconds: CODE_RESEND_AFTER_MINUTES * 60 };
}
