/**
 * The credit score's weights: the one home of each number the score adds and the Settings page
 * explains (catalogue values, src/shared/i18n/values.ts). Imports nothing: the web's i18n loads it.
 */
export const CREDIT_SCORE_MAX = 1000;

export const CREDIT_COMPONENTS = ['profile', 'onTime', 'early', 'loansRepaid', 'daysOverdue'] as const;
export type CreditComponentId = (typeof CREDIT_COMPONENTS)[number];

/** Each component's maximum; together they make CREDIT_SCORE_MAX. */
export const CREDIT_COMPONENT_MAX: Readonly<Record<CreditComponentId, number>> = {
  profile: 200,
  onTime: 300,
  early: 100,
  loansRepaid: 250,
  daysOverdue: 150,
};

/** Points for each loan repaid in full, up to the component's maximum (two loans). */
export const POINTS_PER_LOAN_REPAID = 125;
/** Points the days-overdue component loses for each day an instalment was (or is) overdue. */
export const POINTS_LOST_PER_DAY_OVERDUE = 5;
