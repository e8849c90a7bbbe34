/**
 * When the repayment reminders go (src/server/modules/repayments/reminders.ts): this many days before
 * a due date (DUE_IN_3_DAYS, the template keeps its historical name) and this many days after it
 * when unpaid (OVERDUE_1_DAY). The texts that name them take these values (src/shared/i18n/values.ts).
 * Imports nothing: the web's i18n loads it.
 */
export const REMINDER_DAYS_BEFORE_DUE = 3;
export const REMINDER_DAYS_AFTER_DUE = 1;
