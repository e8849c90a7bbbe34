/**
 * Lengths of what a person types that a schema enforces and a catalogue text states: the one home
 * of each number, so the schema (src/shared/schemas) and the text (by its catalogue value,
 * src/shared/i18n/values.ts) cannot disagree. Imports nothing: the web's i18n loads it on every page.
 */

/** An internal note (staff only) is at most this long. */
export const INTERNAL_NOTE_MAX = 500;
/** A bank reference an officer types (manual payouts, officer payments). */
export const BANK_REFERENCE_MIN = 3;
export const BANK_REFERENCE_MAX = 100;
/** The reason an officer gives for withdrawing a failure request. */
export const WITHDRAW_REASON_MIN = 3;
/** The note an officer writes when crediting a held channel payment to the wallet. */
export const HELD_NOTE_MAX = 500;

/** A password: this many characters (Unicode code points), spaces allowed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** A phone number as typed: this many digits (E.164 allows at most 15). */
export const PHONE_DIGITS_MIN = 9;
export const PHONE_DIGITS_MAX = 15;
/** A referral code: letters, digits and hyphens, at most this many. */
export const REFERRAL_CODE_MAX = 20;
/** A message sent through the contact form. */
export const CONTACT_MESSAGE_MIN = 5;
export const CONTACT_MESSAGE_MAX = 2000;
/** The Idempotency-Key header of a money-moving or creating request. */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 128;
/** An identity document's number, as printed on it. */
export const ID_NUMBER_MIN = 8;
export const ID_NUMBER_MAX = 20;
/** A postal code (any country), and a Philippine one's digits. */
export const POSTAL_CODE_MIN = 4;
export const POSTAL_CODE_MAX = 20;
export const PH_POSTAL_CODE_DIGITS = 4;
/** A payout account number: this many characters; a bank account's has at least ACCOUNT_NUMBER_MIN digits. */
export const ACCOUNT_NUMBER_MIN = 8;
export const ACCOUNT_NUMBER_MAX = 100;
/** The reason a member may give when asking for their data to be deleted. */
export const DELETION_REASON_MAX = 1000;
/** Staff text refuses a run of this many digits or more (a phone or account number), but the allowed ones. */
export const STAFF_TEXT_LONG_NUMBER_DIGITS = 10;
/** The company profile's names and registration numbers, its address, and the disclosure signatory's position. */
export const COMPANY_TEXT_MIN = 3;
export const COMPANY_ADDRESS_MIN = 5;
export const SIGNATORY_POSITION_MIN = 2;
/** The company's short name (it prefixes loan numbers and SMS): capital letters or digits. */
export const COMPANY_SHORT_NAME_MIN = 2;
export const COMPANY_SHORT_NAME_MAX = 12;
/** A note an officer writes on a loan in collections. */
export const COLLECTION_NOTE_MAX = 2000;
