/**
 * The bounds a product version's figures must stay within, read by the checks that enforce them
 * (validate.ts productProblems, schedule.ts buildSchedule, the draft schema in
 * src/shared/schemas/product.ts) and by the texts that state them (catalogue values, values.ts).
 * The youngest borrower a product may accept is the youngest member (MIN_AGE_YEARS,
 * src/shared/activation/age.ts).
 */

/** The shortest term of any loan, in months. */
export const TERM_MIN_MONTHS = 1;
/** The longest term a product version may offer, in months. */
export const PRODUCT_TERM_MAX_MONTHS = 120;
/** The longest term the schedule engine computes, in months (an extension may take a loan beyond a product's terms). */
export const SCHEDULE_TERM_MAX_MONTHS = 600;
/** The largest share of income an instalment may take, in basis points (100 %). */
export const DEBT_SERVICE_RATIO_MAX_BPS = 10_000;
/** A product's name (and its names shown to borrowers) has at least this many characters. */
export const PRODUCT_NAME_MIN = 3;
/** A product's code: a capital letter, then capital letters, digits or _, this many characters in all (PERSONAL, SMALL, ...). */
export const PRODUCT_CODE_MIN = 2;
export const PRODUCT_CODE_MAX = 20;
