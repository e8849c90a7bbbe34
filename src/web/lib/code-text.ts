import { CATALOGUE_VALUES } from '../../shared/i18n/values';

/**
 * The numbers of the one-time code rules (src/shared/codes/rules.ts) as i18n variables every text
 * may use without its caller passing them: {{digits}} (a code's length), {{minutes}} (how long it
 * lasts), {{codeMinDigits}} and {{codeMaxDigits}} (what may be typed). The web's i18n instance
 * (app/i18n.ts) sets them as defaults, so no text copies a number.
 */
export const CODE_TEXT_VARIABLES = CATALOGUE_VALUES;
