import { CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS, codeTextValues } from '../codes/rules';
import { DISBURSEMENT_PROMISE_HOURS } from '../loan/disbursement';
import { DUE_DAY_MAX, DUE_DAY_MIN, SEMI_MONTHLY_MID_DAY, SEMI_MONTHLY_MIN_FIRST_DUE_DAYS } from '../loan/dates';
import {
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_NUMBER_MIN,
  BANK_REFERENCE_MAX,
  BANK_REFERENCE_MIN,
  COLLECTION_NOTE_MAX,
  COMPANY_ADDRESS_MIN,
  COMPANY_SHORT_NAME_MAX,
  COMPANY_SHORT_NAME_MIN,
  COMPANY_TEXT_MIN,
  CONTACT_MESSAGE_MIN,
  DELETION_REASON_MAX,
  HELD_NOTE_MAX,
  ID_NUMBER_MAX,
  ID_NUMBER_MIN,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
  INTERNAL_NOTE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PH_POSTAL_CODE_DIGITS,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  POSTAL_CODE_MAX,
  POSTAL_CODE_MIN,
  REFERRAL_CODE_MAX,
  SIGNATORY_POSITION_MIN,
  STAFF_TEXT_LONG_NUMBER_DIGITS,
  WITHDRAW_REASON_MIN,
} from '../text-lengths';
import { ACTIVATION_ABOUT_MINUTES, UPLOAD_MAX_MEGABYTES, UPLOAD_MAX_MEGAPIXELS } from '../activation/limits';
import { MAX_AGE_YEARS, MIN_AGE_YEARS } from '../activation/age';
import { CREDIT_COMPONENT_MAX, CREDIT_SCORE_MAX, POINTS_LOST_PER_DAY_OVERDUE, POINTS_PER_LOAN_REPAID } from '../credit/weights';
import { DPD_BOUNDS, PAR_DAYS } from '../loan/dpd-bounds';
import {
  DEBT_SERVICE_RATIO_MAX_BPS,
  PRODUCT_CODE_MAX,
  PRODUCT_CODE_MIN,
  PRODUCT_NAME_MIN,
  PRODUCT_TERM_MAX_MONTHS,
  SCHEDULE_TERM_MAX_MONTHS,
  TERM_MIN_MONTHS,
} from '../loan/product-limits';
import { CONTRACT_ANNUAL_COST_CAP_BPS } from '../loan/product';
import { REMINDER_DAYS_AFTER_DUE, REMINDER_DAYS_BEFORE_DUE } from '../notify/reminder-days';
import { SEND_FROM_HOUR, SEND_UNTIL_HOUR } from '../notify/quiet-hours';
import { REMEMBERED_SESSION_DAYS } from '../session-life';
import { INSTAPAY_MINUTES_MAX, INSTAPAY_MINUTES_MIN } from '../withdrawal/transfer-times';
import { ACTIVATION_STEPS } from '../states/account';

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
  dueDayMin: DUE_DAY_MIN,
  dueDayMax: DUE_DAY_MAX,
  midDay: SEMI_MONTHLY_MID_DAY,
  semiFirstDays: SEMI_MONTHLY_MIN_FIRST_DUE_DAYS,
  phoneDigitsMin: PHONE_DIGITS_MIN,
  phoneDigitsMax: PHONE_DIGITS_MAX,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  referralCodeMax: REFERRAL_CODE_MAX,
  contactMessageMin: CONTACT_MESSAGE_MIN,
  idempotencyKeyMin: IDEMPOTENCY_KEY_MIN,
  idempotencyKeyMax: IDEMPOTENCY_KEY_MAX,
  rememberedDays: REMEMBERED_SESSION_DAYS,
  activationMinutes: ACTIVATION_ABOUT_MINUTES,
  idNumberMin: ID_NUMBER_MIN,
  idNumberMax: ID_NUMBER_MAX,
  uploadMaxMegabytes: UPLOAD_MAX_MEGABYTES,
  uploadMaxMegapixels: UPLOAD_MAX_MEGAPIXELS,
  memberMinAge: MIN_AGE_YEARS,
  memberMaxAge: MAX_AGE_YEARS,
  postalCodeMin: POSTAL_CODE_MIN,
  postalCodeMax: POSTAL_CODE_MAX,
  phPostalCodeDigits: PH_POSTAL_CODE_DIGITS,
  accountNumberMin: ACCOUNT_NUMBER_MIN,
  accountNumberMax: ACCOUNT_NUMBER_MAX,
  deletionReasonMax: DELETION_REASON_MAX,
  instapayMinutesMin: INSTAPAY_MINUTES_MIN,
  instapayMinutesMax: INSTAPAY_MINUTES_MAX,
  quietUntilHour: SEND_UNTIL_HOUR,
  quietFromHour: SEND_FROM_HOUR,
  creditScoreMax: CREDIT_SCORE_MAX,
  creditProfileMax: CREDIT_COMPONENT_MAX.profile,
  creditPointsPerStep: CREDIT_COMPONENT_MAX.profile / ACTIVATION_STEPS.length,
  creditOnTimeMax: CREDIT_COMPONENT_MAX.onTime,
  creditEarlyMax: CREDIT_COMPONENT_MAX.early,
  creditLoansRepaidMax: CREDIT_COMPONENT_MAX.loansRepaid,
  creditPointsPerLoan: POINTS_PER_LOAN_REPAID,
  creditDaysOverdueMax: CREDIT_COMPONENT_MAX.daysOverdue,
  creditPointsPerDayOverdue: POINTS_LOST_PER_DAY_OVERDUE,
  staffTextNumberDigits: STAFF_TEXT_LONG_NUMBER_DIGITS,
  reminderDaysBefore: REMINDER_DAYS_BEFORE_DUE,
  reminderDaysAfter: REMINDER_DAYS_AFTER_DUE,
  dpdFirstFrom: DPD_BOUNDS.firstFrom,
  dpdFirstTo: DPD_BOUNDS.firstTo,
  dpdSecondFrom: DPD_BOUNDS.firstTo + 1,
  dpdSecondTo: DPD_BOUNDS.secondTo,
  dpdThirdFrom: DPD_BOUNDS.secondTo + 1,
  dpdThirdTo: DPD_BOUNDS.thirdTo,
  parDays: PAR_DAYS,
  termMonthsMin: TERM_MIN_MONTHS,
  productTermMonthsMax: PRODUCT_TERM_MAX_MONTHS,
  scheduleTermMonthsMax: SCHEDULE_TERM_MAX_MONTHS,
  debtRatioMaxBps: DEBT_SERVICE_RATIO_MAX_BPS,
  productNameMin: PRODUCT_NAME_MIN,
  productCodeMin: PRODUCT_CODE_MIN,
  productCodeMax: PRODUCT_CODE_MAX,
  contractCapBps: CONTRACT_ANNUAL_COST_CAP_BPS,
  contractCapPercent: CONTRACT_ANNUAL_COST_CAP_BPS / 100,
  companyTextMin: COMPANY_TEXT_MIN,
  companyAddressMin: COMPANY_ADDRESS_MIN,
  signatoryPositionMin: SIGNATORY_POSITION_MIN,
  shortNameMin: COMPANY_SHORT_NAME_MIN,
  shortNameMax: COMPANY_SHORT_NAME_MAX,
  collectionNoteMax: COLLECTION_NOTE_MAX,
} as const;
