/**
 * Numbers of the activation a member reads before starting it: the one home of each, so the pages'
 * texts (catalogue values, src/shared/i18n/values.ts) and the code that enforces them agree.
 * Imports nothing: the web's i18n loads it on every page.
 */

/** About how long the activation takes a member with their ID and payout details at hand (an estimate shown, enforced by nothing). */
export const ACTIVATION_ABOUT_MINUTES = 10;
/** The largest photo of an ID or a selfie the server takes, in megabytes (MiB). */
export const UPLOAD_MAX_MEGABYTES = 10;
/**
 * The most pixels a photo may have, in megapixels: the full-resolution modes of 48 and 50 MP phone
 * cameras pass (8160 x 6144 is 50.1 MP), a decompression bomb does not (30000 x 30000 is 900 MP).
 */
export const UPLOAD_MAX_MEGAPIXELS = 64;
