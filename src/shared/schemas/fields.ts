import { z } from 'zod';
import { getCountries } from 'libphonenumber-js/min';
import { canReceiveSms, hasValidDigitCount, toE164 } from '../phone/phone';
import { CODE_PATTERN } from '../codes/rules';
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, REFERRAL_CODE_MAX } from '../text-lengths';

/**
 * Field schemas with the specification's limits (section 5). Messages are i18n keys
 * (src/shared/i18n/en/validation.ts holds the specification's wording); the form translates them,
 * the server answers them in English.
 */

const NAME_CHARS = /^[\p{L}\p{M} '.,-]+$/u;
const PLACE_CHARS = /^[\p{L}\p{M} '.,\-/()]+$/u;
const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,20}$/;

export const LIMITS = {
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  fullNameMin: 5,
  fullNameMax: 100,
  emailMax: 100,
  placeMin: 3,
  placeMax: 100,
  incomeDigitsMin: 3,
  incomeDigitsMax: 7,
  phoneDigitsMin: PHONE_DIGITS_MIN,
  phoneDigitsMax: PHONE_DIGITS_MAX,
} as const;

/** A phone number: 9 to 15 digits, valid for its country; the output is E.164 (the Philippines by default). */
export const phoneField = z
  .string({ error: 'validation.phone' })
  .max(24, { error: 'validation.phone' })
  .refine(hasValidDigitCount, { error: 'validation.phone' })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
      return z.NEVER;
    }
    return e164;
  });

/**
 * A phone number a one-time code is sent to (registration, password reset): a phoneField that can
 * receive SMS, so a Philippine number must be a mobile one (phone.ts canReceiveSms). The form and
 * the route use this same rule.
 */
export const smsPhoneField = phoneField.refine(canReceiveSms, { error: 'validation.phoneMobile' });

export const emailField = z
  .string({ error: 'validation.email' })
  .trim()
  .max(LIMITS.emailMax, { error: 'validation.email' })
  .regex(EMAIL, { error: 'validation.email' })
  .transform((v) => v.toLowerCase());

export const fullNameField = z
  .string({ error: 'validation.fullName' })
  .trim()
  .min(LIMITS.fullNameMin, { error: 'validation.fullName' })
  .max(LIMITS.fullNameMax, { error: 'validation.fullName' })
  .regex(NAME_CHARS, { error: 'validation.fullName' });

/**
 * DECISIONS.md: 8 to 64 characters, spaces allowed; common passwords are refused by the server.
 * Characters are Unicode code points (NIST SP 800-63B), not UTF-16 units: an emoji counts once.
 */
export const newPasswordField = z
  .string({ error: 'validation.passwordLength' })
  .max(LIMITS.passwordMax * 2, { error: 'validation.passwordLength', abort: true })
  .refine(
    (value) => {
      const characters = [...value].length;
      return characters >= LIMITS.passwordMin && characters <= LIMITS.passwordMax;
    },
    { error: 'validation.passwordLength' },
  );

const COUNTRY_CODES = new Set<string>(getCountries());

export const countryField = z.string({ error: 'validation.employmentCountry' }).refine((v) => COUNTRY_CODES.has(v), { error: 'validation.employmentCountry' });

export const employmentLocationField = z
  .string({ error: 'validation.employmentLocation' })
  .trim()
  .min(LIMITS.placeMin, { error: 'validation.employmentLocation' })
  .max(LIMITS.placeMax, { error: 'validation.employmentLocation' })
  .regex(PLACE_CHARS, { error: 'validation.employmentLocation' });

export const jobTitleField = z
  .string({ error: 'validation.jobTitle' })
  .trim()
  .min(LIMITS.placeMin, { error: 'validation.jobTitle' })
  .max(LIMITS.placeMax, { error: 'validation.jobTitle' })
  .regex(PLACE_CHARS, { error: 'validation.jobTitle' });

/** Monthly net income in whole pesos: 3 to 7 digits. */
export const monthlyIncomeField = z
  .string({ error: 'validation.monthlyIncome' })
  .trim()
  .regex(/^\d{3,7}$/, { error: 'validation.monthlyIncome' });

export const referralCodeField = z
  .string({ error: 'validation.referralCode' })
  .trim()
  .max(REFERRAL_CODE_MAX, { error: 'validation.referralCode' })
  .regex(/^[A-Za-z0-9-]*$/, { error: 'validation.referralCode' });

/**
 * The one validator of a typed one-time code (digits only, 6 to 12: specification section 5,
 * src/shared/codes/rules.ts), with the message its form shows. Every code field uses it.
 */
export function otpCodeSchema(message: string) {
  return z.string({ error: message }).regex(CODE_PATTERN, { error: message });
}

/** A one-time code as typed, with the generic message of the validation namespace. */
export const otpCodeField = otpCodeSchema('validation.otp');

export const ALL_COUNTRY_CODES: readonly string[] = [...COUNTRY_CODES].sort();
