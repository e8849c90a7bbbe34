import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CREDIT_BUREAU_CONSENT } from '../activation/consent';
import { translateEn } from '../i18n/lookup';
import {
  addressStepSchema,
  bankStepSchema,
  deletionRequestSchema,
  identityStepSchema,
  personalStepAt,
  personalStepSchema,
  referencePhoneProblems,
  referencesStepSchema,
} from './activation';

/** The message of each failing field, as i18n keys. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

const personal = {
  gender: 'Female',
  firstName: 'Maria',
  middleName: 'Santos',
  lastName: 'Dela Cruz',
  birthDate: '1990-05-17',
  maritalStatus: 'Single',
  nationality: 'Filipino',
  isAgree: true,
  consentVersion: CREDIT_BUREAU_CONSENT.version,
};

describe('step 1: personal information', () => {
  const today = '2026-11-22';
  const at = personalStepAt(today);

  it('accepts a complete step', () => {
    expect(fieldErrors(at, personal)).toEqual({});
  });

  it('accepts the birth date of exactly 18 and exactly 80 years, refuses one day short of 18 and one day past 80', () => {
    expect(fieldErrors(at, { ...personal, birthDate: '2008-11-22' })).toEqual({});
    expect(fieldErrors(at, { ...personal, birthDate: '1946-11-22' })).toEqual({});
    expect(fieldErrors(at, { ...personal, birthDate: '2008-11-23' })).toEqual({ birthDate: 'activation.validation.birthDate' });
    expect(fieldErrors(at, { ...personal, birthDate: '1946-11-21' })).toEqual({ birthDate: 'activation.validation.birthDate' });
    expect(translateEn('activation.validation.birthDate')).toBe('Make sure the date of birth is between 18 and 80 years old.');
  });

  it('refuses a date that is not YYYY-MM-DD or does not exist', () => {
    for (const birthDate of ['17/05/1990', '1990-02-30', '1990-5-17', '']) {
      expect(fieldErrors(personalStepSchema, { ...personal, birthDate }), birthDate).toEqual({ birthDate: 'activation.validation.birthDateInvalid' });
    }
  });

  it('applies the middle name pattern only when a middle name is given', () => {
    for (const middleName of ['', '   ', null, undefined]) {
      const parsed = personalStepSchema.parse({ ...personal, middleName });
      expect(parsed.middleName).toBeNull();
    }
    expect(fieldErrors(personalStepSchema, { ...personal, middleName: 'S4ntos' })).toEqual({ middleName: 'activation.validation.middleName' });
    expect(fieldErrors(personalStepSchema, { ...personal, middleName: 'Sa' })).toEqual({ middleName: 'activation.validation.middleName' });
  });

  it('checks names at 3 and 100 characters of letters, space, hyphen, apostrophe, period, comma', () => {
    expect(fieldErrors(personalStepSchema, { ...personal, firstName: 'Ana', lastName: 'x'.repeat(100) })).toEqual({});
    expect(fieldErrors(personalStepSchema, { ...personal, firstName: 'Al' })).toEqual({ firstName: 'activation.validation.firstName' });
    expect(fieldErrors(personalStepSchema, { ...personal, lastName: 'x'.repeat(101) })).toEqual({ lastName: 'activation.validation.lastName' });
    expect(fieldErrors(personalStepSchema, { ...personal, firstName: "Ma. Niña O'Brien-Cruz, Jr." })).toEqual({});
    expect(fieldErrors(personalStepSchema, { ...personal, lastName: 'Cruz2' })).toEqual({ lastName: 'activation.validation.lastName' });
  });

  it('needs gender, marital status from the options, a nationality from the list and the consent', () => {
    expect(fieldErrors(personalStepSchema, { ...personal, gender: 'Other' })).toEqual({ gender: 'activation.validation.gender' });
    expect(fieldErrors(personalStepSchema, { ...personal, maritalStatus: 'Complicated' })).toEqual({ maritalStatus: 'activation.validation.maritalStatus' });
    expect(personalStepSchema.parse({ ...personal, maritalStatus: 'Others' }).maritalStatus).toBe('Others');
    expect(fieldErrors(personalStepSchema, { ...personal, nationality: '' })).toEqual({ nationality: 'activation.validation.nationality' });
    expect(fieldErrors(personalStepSchema, { ...personal, isAgree: false })).toEqual({ isAgree: 'activation.validation.isAgree' });
    expect(fieldErrors(at, { ...personal, consentVersion: 'old' })).toEqual({ isAgree: 'activation.validation.consentOutdated' });
  });

  it('refuses unknown fields', () => {
    expect(fieldErrors(personalStepSchema, { ...personal, phoneNumber: '09171234567' })).toHaveProperty('_');
  });
});

describe('step 2: address', () => {
  const abroad = { countryResidence: 'JP', province: 'Tokyo', town: 'Shinjuku-ku', streetAddress: '1-2-3 Nishi-Shinjuku', postalCode: '160-0023' };

  it('accepts free text outside the Philippines and PSGC codes inside', () => {
    expect(fieldErrors(addressStepSchema, abroad)).toEqual({});
    expect(
      fieldErrors(addressStepSchema, {
        countryResidence: 'PH',
        province: '1300000000',
        town: '1381300000',
        streetAddress: '12 Mabini St., Brgy. Central',
        postalCode: '1100',
      }),
    ).toEqual({});
  });

  it('checks the country, province, town, street and postal code', () => {
    expect(fieldErrors(addressStepSchema, { ...abroad, countryResidence: 'XX' })).toEqual({ countryResidence: 'activation.validation.country' });
    expect(fieldErrors(addressStepSchema, { ...abroad, province: 'To' })).toEqual({ province: 'activation.validation.province' });
    expect(fieldErrors(addressStepSchema, { ...abroad, town: 'x'.repeat(101) })).toEqual({ town: 'activation.validation.town' });
    expect(fieldErrors(addressStepSchema, { ...abroad, streetAddress: '12' })).toEqual({ streetAddress: 'activation.validation.streetAddress' });
    expect(fieldErrors(addressStepSchema, { ...abroad, streetAddress: 'x'.repeat(250) })).toEqual({});
    expect(fieldErrors(addressStepSchema, { ...abroad, streetAddress: 'x'.repeat(251) })).toEqual({ streetAddress: 'activation.validation.streetAddress' });
    expect(fieldErrors(addressStepSchema, { ...abroad, streetAddress: '<script>' })).toEqual({ streetAddress: 'activation.validation.streetAddress' });
    expect(fieldErrors(addressStepSchema, { ...abroad, postalCode: '123' })).toEqual({ postalCode: 'activation.validation.postalCode' });
    expect(addressStepSchema.parse({ ...abroad, postalCode: '' }).postalCode).toBeNull();
    expect(
      fieldErrors(addressStepSchema, {
        countryResidence: 'PH',
        province: '1300000000',
        town: '1381300000',
        streetAddress: '12 Mabini St.',
        postalCode: '11000',
      }),
    ).toEqual({
      postalCode: 'activation.validation.postalCodePh',
    });
  });
});

describe('step 3: references', () => {
  const refs = {
    refFullName1: 'Jose Rizal',
    refRelationship1: 'Friend',
    refPhoneNumber1: '0917 123 4567',
    refFullName2: 'Andres Bonifacio',
    refRelationship2: 'Co-worker',
    refPhoneNumber2: '+63 918 765 4321',
  };

  it('normalises the phones to E.164', () => {
    const parsed = referencesStepSchema.parse(refs);
    expect(parsed.refPhoneNumber1).toBe('+639171234567');
    expect(parsed.refPhoneNumber2).toBe('+639187654321');
  });

  it('refuses two references with the same phone on the second one', () => {
    expect(fieldErrors(referencesStepSchema, { ...refs, refPhoneNumber2: '+639171234567' })).toEqual({ refPhoneNumber2: 'activation.validation.refPhoneSame' });
  });

  it("reports the member's own phone on the right reference", () => {
    const parsed = referencesStepSchema.parse(refs);
    expect(referencePhoneProblems(parsed, '+639187654321')).toEqual({ refPhoneNumber2: 'activation.validation.refPhoneOwn' });
    expect(referencePhoneProblems(parsed, '+639990000000')).toEqual({});
  });

  it('checks names, relationships and phone digits', () => {
    expect(fieldErrors(referencesStepSchema, { ...refs, refFullName2: 'Jo' })).toEqual({ refFullName2: 'activation.validation.refFullName' });
    expect(fieldErrors(referencesStepSchema, { ...refs, refRelationship1: 'N/A' })).toEqual({ refRelationship1: 'activation.validation.refRelationship' });
    expect(fieldErrors(referencesStepSchema, { ...refs, refPhoneNumber1: '12345' })).toEqual({ refPhoneNumber1: 'validation.phone' });
  });
});

describe('step 4: identity', () => {
  const id = { identityType: 'Passport', identityNumber: 'P1234567A' };

  it('accepts ID numbers of 8 and 20 characters and refuses 7 and 21', () => {
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: 'A1234567' })).toEqual({});
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: 'A'.repeat(20) })).toEqual({});
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: 'A123456' })).toEqual({ identityNumber: 'activation.validation.identityNumber' });
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: 'A'.repeat(21) })).toEqual({ identityNumber: 'activation.validation.identityNumber' });
    expect(translateEn('activation.validation.identityNumber')).toBe('Between 8 and 20 digits. Must start with a digit or alpha-numeric.');
  });

  it('allows apostrophe, period, hyphen, whitespace and comma after a letter or digit', () => {
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: "N01-23.456 7,8'9" })).toEqual({});
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: '-1234567890' })).toEqual({ identityNumber: 'activation.validation.identityNumber' });
    expect(fieldErrors(identityStepSchema, { ...id, identityNumber: '1234#567890' })).toEqual({ identityNumber: 'activation.validation.identityNumber' });
  });

  it('needs the other type only for Others, and drops it otherwise', () => {
    expect(fieldErrors(identityStepSchema, { ...id, identityType: 'Others' })).toEqual({ otherIdentityType: 'activation.validation.otherIdentityType' });
    expect(identityStepSchema.parse({ ...id, identityType: 'Others', otherIdentityType: 'Barangay ID' }).otherIdentityType).toBe('Barangay ID');
    expect(identityStepSchema.parse({ ...id, otherIdentityType: 'Barangay ID' }).otherIdentityType).toBeNull();
    expect(fieldErrors(identityStepSchema, { ...id, identityType: 'Library card' })).toEqual({ identityType: 'activation.validation.identityType' });
  });
});

describe('step 5: payout account', () => {
  it('normalises a bank account number to its digits', () => {
    expect(bankStepSchema.parse({ bankCode: 'BDO', accountNumber: '0012 3456-7890', accountName: 'Maria Dela Cruz' }).accountNumber).toBe('001234567890');
  });

  it('refuses letters in a bank account number and fewer than 8 digits', () => {
    expect(fieldErrors(bankStepSchema, { bankCode: 'BDO', accountNumber: 'ABCD12345678', accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumberBank',
    });
    expect(fieldErrors(bankStepSchema, { bankCode: 'BDO', accountNumber: '1234-567', accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumberBank',
    });
    expect(fieldErrors(bankStepSchema, { bankCode: 'BDO', accountNumber: '1234567', accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumber',
    });
    expect(fieldErrors(bankStepSchema, { bankCode: 'BDO', accountNumber: '1'.repeat(101), accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumber',
    });
  });

  it('needs a Philippine mobile number for an e-wallet, stored in E.164', () => {
    expect(bankStepSchema.parse({ bankCode: 'GCASH', accountNumber: '0917 123 4567', accountName: 'Maria Dela Cruz' }).accountNumber).toBe('+639171234567');
    expect(fieldErrors(bankStepSchema, { bankCode: 'GCASH', accountNumber: '0282345678', accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumberEwallet',
    });
    expect(fieldErrors(bankStepSchema, { bankCode: 'MAYA', accountNumber: '+81 90 1234 5678', accountName: 'Maria Dela Cruz' })).toEqual({
      accountNumber: 'activation.validation.accountNumberEwallet',
    });
  });

  it('needs a known institution and a name', () => {
    expect(fieldErrors(bankStepSchema, { bankCode: 'NOPE', accountNumber: '001234567890', accountName: 'Maria Dela Cruz' })).toEqual({
      bankCode: 'activation.validation.bankCode',
    });
    expect(fieldErrors(bankStepSchema, { bankCode: 'BDO', accountNumber: '001234567890', accountName: 'M4ria' })).toEqual({
      accountName: 'activation.validation.accountName',
    });
  });
});

describe('deletion request', () => {
  it('takes an optional reason of at most 1000 characters', () => {
    expect(deletionRequestSchema.parse({}).reason).toBeNull();
    expect(deletionRequestSchema.parse({ reason: ' I closed my account. ' }).reason).toBe('I closed my account.');
    expect(fieldErrors(deletionRequestSchema, { reason: 'x'.repeat(1001) })).toEqual({ reason: 'activation.validation.deletionReason' });
  });
});

describe('the activation messages', () => {
  it('resolve to English text', () => {
    for (const key of ['activation.validation.firstName', 'activation.documents.heicUnsupported', 'activation.errors.stepSkipped'])
      expect(translateEn(key)).not.toBe(key);
  });
});
