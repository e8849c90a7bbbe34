/**
 * How long an InstaPay transfer takes to reach the member's account, as the payout provider states
 * it (not a limit Tapat enforces: a figure the pages and SMS quote, from here alone). Imports nothing:
 * the web's i18n loads it on every page.
 */
export const INSTAPAY_MINUTES_MIN = 10;
export const INSTAPAY_MINUTES_MAX = 60;
