import { CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS, codeTextValues } from '../codes/rules';
import { DISBURSEMENT_PROMISE_HOURS } from '../loan/disbursement';
import { BANK_REFERENCE_MAX, BANK_REFERENCE_MIN, HELD_NOTE_MAX, INTERNAL_NOTE_MAX, WITHDRAW_REASON_MIN } from '../text-lengths';

/**
 * The numbers that rules in src/shared enforce, as values every catalogue text may use without its
 * caller passing them: {{digits}} (a code's length), {{minutes}} (how long a code lasts),
 * {{codeMinDigits}} and {{codeMaxDigits}} (what may be typed), the lengths of typed notes and
 * references, the hours the contract promises for disbursement. The web's i18n instance (src/web/app/i18n.ts) sets them as defaults, and the
 * server's lookup (lookup.ts) fills them, so a text never copies a number a constant enforces
 * (catalogue-numbers.test.ts; decision 076). A value a caller passes wins. A number only the
 * server knows (config.ts, a module's constant) is passed by the code that says the text.
 */
export const CATALOGUE_VALUES = {
  ...codeTextValues(),
  codeMinDigits: CODE_INPUT_MIN_DIGITS,
  codeMaxDigits: CODE_INPUT_MAX_DIGITS,
  internalNoteMax: INTERNAL_NOTE_MAX,
  bankReferenceMin: BANK_REFERENCE_MIN,
  bankReferenceMax: BANK_REFERENCE_MAX,
  withdrawReasonMin: WITHDRAW_REASON_MIN,
  heldNoteMax: HELD_NOTE_MAX,
  disbursementHours: DISBURSEMENT_PROMISE_HOURS,
} as const;
