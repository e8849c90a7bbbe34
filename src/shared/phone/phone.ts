import { parsePhoneNumberFromString, getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { parsePhoneNumberFromString as parseWithMetadata, type MetadataJson } from 'libphonenumber-js/core';
import { PH_MAX_METADATA } from './metadata-ph';
import { PHONE_DIGITS_MAX, PHONE_DIGITS_MIN } from '../text-lengths';

export type { CountryCode };

export const DEFAULT_COUNTRY: CountryCode = 'PH';

/** Digits only, as the specification strips every other character. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The specification's digit rule: 9 to 15 digits. */
export function hasValidDigitCount(input: string): boolean {
  const n = phoneDigits(input).length;
  return n >= PHONE_DIGITS_MIN && n <= PHONE_DIGITS_MAX;
}

/**
 * Normalises a phone number to E.164. A number that starts with + (or 00) carries its own country;
 * otherwise it is read as a national number of `country` (the Philippines by default).
 * Every character but the digits is stripped first, as the specification does (section 5).
 * Returns null when it is not a valid number.
 */
export function toE164(input: string, country: CountryCode = DEFAULT_COUNTRY): string | null {
  const prefix = /^[^\d+]*(\+|00)/.exec(input)?.[1];
  const digits = phoneDigits(input);
  const candidate = prefix === '+' ? `+${digits}` : prefix === '00' ? `+${digits.slice(2)}` : digits;
  const parsed = parsePhoneNumberFromString(candidate, prefix ? undefined : country);
  if (!parsed || !parsed.isValid()) return null;
  // E.164 allows at most 15 digits.
  if (parsed.number.length > 16) return null;
  return parsed.number;
}

/** The ISO country of an E.164 number, or null. */
export function countryOfPhone(e164: string): CountryCode | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/** Is this E.164 number a Philippine mobile number (09XX / +639XX)? */
export function isPhilippineMobile(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed || parsed.country !== 'PH' || !parsed.isValid()) return false;
  return /^9\d{9}$/.test(parsed.nationalNumber);
}

/**
 * Can this E.164 number receive the SMS with a code? A Philippine number must be of type MOBILE
 * (libphonenumber-js's full metadata for the Philippines, metadata-ph.ts): a landline, a toll-free
 * or an unassigned 09XX block is refused. A number of another country is taken as valid for its
 * country (the browser does not carry every country's number types).
 */
export function canReceiveSms(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed || !parsed.isValid()) return false;
  if (parsed.country !== 'PH') return true;
  return parseWithMetadata(e164, PH_MAX_METADATA as unknown as MetadataJson)?.getType() === 'MOBILE';
}

export interface DialCountry {
  readonly code: CountryCode;
  readonly dialCode: string;
}

/** Every country libphonenumber knows, with its calling code. Names come from Intl.DisplayNames in the browser. */
export function dialCountries(): DialCountry[] {
  return getCountries().map((code) => ({ code, dialCode: getCountryCallingCode(code) }));
}

/** Masks all but the first 3 characters (specification section 3, "Masking"). */
export function maskKeepFirst3(value: string): string {
  if (value.length <= 3) return value;
  return value.slice(0, 3) + '*'.repeat(value.length - 3);
}

/**
 * A phone number for "we sent a code to ..." texts: the country code, then the national number
 * with all but its first 3 digits masked ("+63 917*******").
 */
export function maskPhoneNational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return maskKeepFirst3(e164);
  return `+${parsed.countryCallingCode} ${maskKeepFirst3(parsed.nationalNumber)}`;
}
