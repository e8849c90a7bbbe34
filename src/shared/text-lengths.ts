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
