import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ALL_COUNTRY_CODES,
  LIMITS,
  countryField,
  emailField,
  employmentLocationField,
  fullNameField,
  jobTitleField,
  monthlyIncomeField,
  newPasswordField,
  otpCodeField,
  phoneField,
  referralCodeField,
} from './fields';
import { JOB_CATEGORIES } from './job-categories';
import { translateEn } from '../i18n/lookup';

/** Parses and returns the output, failing the test with the issues when refused. */
function accepted(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`refused ${JSON.stringify(value)}: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The distinct messages of a refusal; an acceptance fails the test. */
function refusal(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)} as ${JSON.stringify(result.data)}`);
  return [...new Set(result.error.issues.map((i) => i.message))];
}

const letters = (n: number) => 'a'.repeat(n);

describe('LIMITS', () => {
  it("are the specification's limits, with the password rule of DECISIONS.md", () => {
    expect(LIMITS).toMatchObject({
      passwordMin: 8,
      passwordMax: 64,
      fullNameMin: 5,
      fullNameMax: 100,
      emailMax: 100,
      placeMin: 3,
      placeMax: 100,
      incomeDigitsMin: 3,
      incomeDigitsMax: 7,
      phoneDigitsMin: 9,
      phoneDigitsMax: 15,
    });
  });
});

describe('phoneField: 9 to 15 digits, other characters stripped, E.164 out', () => {
  it('refuses 8 digits and accepts 9', () => {
    expect(refusal(phoneField, '32123456')).toEqual(['validation.phone']);
    expect(refusal(phoneField, '321-234-56')).toEqual(['validation.phone']);
    expect(accepted(phoneField, '321234567')).toBe('+63321234567');
  });

  it('accepts 15 digits and refuses 16', () => {
    expect(accepted(phoneField, '+43 1 234567890123')).toBe('+431234567890123');
    expect(refusal(phoneField, '+43 1 2345678901234')).toEqual(['validation.phone']);
    expect(refusal(phoneField, '1234567890123456')).toEqual(['validation.phone']);
  });

  it('counts digits only and strips the rest', () => {
    expect(accepted(phoneField, '+63 (917) 123-4567')).toBe('+639171234567');
    expect(accepted(phoneField, '0917 123 4567')).toBe('+639171234567');
    expect(accepted(phoneField, '0917abc1234567')).toBe('+639171234567');
    expect(refusal(phoneField, 'abc-def-ghij')).toEqual(['validation.phone']);
  });

  it('reads a number without + as Philippine and outputs E.164', () => {
    expect(accepted(phoneField, '09171234567')).toBe('+639171234567');
    expect(accepted(phoneField, '9171234567')).toBe('+639171234567');
    expect(accepted(phoneField, '+65 6123 4567')).toBe('+6561234567');
  });

  it('says when the digit count is right but the number does not exist', () => {
    expect(refusal(phoneField, '123456789')).toEqual(['validation.phoneInvalid']);
    expect(refusal(phoneField, '+999 123456789')).toEqual(['validation.phoneInvalid']);
    expect(refusal(phoneField, '0917123456')).toEqual(['validation.phoneInvalid']);
  });

  it('refuses a value that is not a string or is absurdly long', () => {
    expect(refusal(phoneField, 9171234567)).toEqual(['validation.phone']);
    expect(refusal(phoneField, undefined)).toEqual(['validation.phone']);
    expect(refusal(phoneField, `0917 123 4567${' '.repeat(20)}`)).toEqual(['validation.phone']);
  });
});

describe('emailField', () => {
  it('accepts a top-level domain of 2 to 20 letters', () => {
    expect(accepted(emailField, 'juan@example.ph')).toBe('juan@example.ph');
    expect(accepted(emailField, `juan@example.${letters(20)}`)).toBe(`juan@example.${letters(20)}`);
  });

  it('refuses a top-level domain of 1 or 21 letters', () => {
    expect(refusal(emailField, 'juan@example.p')).toEqual(['validation.email']);
    expect(refusal(emailField, `juan@example.${letters(21)}`)).toEqual(['validation.email']);
  });

  it('accepts 100 characters and refuses 101', () => {
    const domain = '@example.com';
    const at100 = `${letters(100 - domain.length)}${domain}`;
    expect(at100).toHaveLength(100);
    expect(accepted(emailField, at100)).toBe(at100);
    expect(refusal(emailField, `a${at100}`)).toEqual(['validation.email']);
  });

  it('trims and lowercases', () => {
    expect(accepted(emailField, '  Juan.Dela-Cruz+loan@Mail.Example.COM ')).toBe('juan.dela-cruz+loan@mail.example.com');
  });

  it.each([
    '',
    'juan',
    'juan@',
    '@example.com',
    'juan@example',
    'juan@example.c0m',
    'juan@.com',
    'juan@-example.com',
    'juan@example-.com',
    'juan@example..com',
    'juan @example.com',
    'juan@@example.com',
    'juan@exam_ple.com',
  ])('refuses %j', (email) => {
    expect(refusal(emailField, email)).toEqual(['validation.email']);
  });
});

describe('fullNameField: 5 to 100 characters', () => {
  it('refuses 4 and accepts 5 characters', () => {
    expect(refusal(fullNameField, 'Jo L')).toEqual(['validation.fullName']);
    expect(accepted(fullNameField, 'Jo Li')).toBe('Jo Li');
  });

  it('accepts 100 and refuses 101 characters', () => {
    const at100 = `Juan ${letters(95)}`;
    expect(accepted(fullNameField, at100)).toBe(at100);
    expect(refusal(fullNameField, `${at100}a`)).toEqual(['validation.fullName']);
  });

  it('counts after trimming the ends', () => {
    expect(refusal(fullNameField, '  Jo L  ')).toEqual(['validation.fullName']);
    expect(accepted(fullNameField, '  Juan dela Cruz  ')).toBe('Juan dela Cruz');
  });

  it.each(['Juan dela Cruz', 'Santo Niño', "Ma. Cristina O'Brien-Reyes", 'Reyes, Jose Jr.', 'José Rizal', 'ÑAÑEZ, MARIA'])(
    'accepts the letters, spaces, hyphen, apostrophe, period and comma of %j',
    (name) => {
      expect(accepted(fullNameField, name)).toBe(name);
    },
  );

  it.each(['Juan dela Cruz 3rd', 'Juan2 Cruz', 'Juan@Cruz', 'Juan_Cruz', 'Juan/Cruz', 'Juan (Cruz)', 'Juan\tCruz', 'Juan 😀 Cruz', '<script>'])(
    'refuses digits and other characters: %j',
    (name) => {
      expect(refusal(fullNameField, name)).toEqual(['validation.fullName']);
    },
  );
});

describe('newPasswordField: 8 to 64 characters, spaces allowed (DECISIONS.md)', () => {
  it('refuses 7 and accepts 8 characters', () => {
    expect(refusal(newPasswordField, 'abcdefg')).toEqual(['validation.passwordLength']);
    expect(accepted(newPasswordField, 'abcdefgh')).toBe('abcdefgh');
  });

  it('accepts 64 and refuses 65 characters', () => {
    expect(accepted(newPasswordField, letters(64))).toBe(letters(64));
    expect(refusal(newPasswordField, letters(65))).toEqual(['validation.passwordLength']);
  });

  it('allows spaces and any character, and keeps them as typed', () => {
    expect(accepted(newPasswordField, 'correct horse battery staple')).toBe('correct horse battery staple');
    expect(accepted(newPasswordField, ' leading and trailing ')).toBe(' leading and trailing ');
    expect(accepted(newPasswordField, '        ')).toBe('        ');
    expect(accepted(newPasswordField, 'Pässwörd ñ ~^&*()[]{}<>?/\\|"`')).toBe('Pässwörd ñ ~^&*()[]{}<>?/\\|"`');
  });

  it('counts characters, not UTF-16 units (NIST SP 800-63B): an emoji is one character', () => {
    expect(refusal(newPasswordField, '😀'.repeat(4))).toEqual(['validation.passwordLength']); // 4 characters, 8 units
    expect(accepted(newPasswordField, '😀'.repeat(8))).toBe('😀'.repeat(8));
    expect(accepted(newPasswordField, '😀'.repeat(64))).toBe('😀'.repeat(64)); // 64 characters, 128 units
    expect(refusal(newPasswordField, '😀'.repeat(65))).toEqual(['validation.passwordLength']);
  });

  it('refuses a value that is not a string', () => {
    expect(refusal(newPasswordField, 12345678)).toEqual(['validation.passwordLength']);
    expect(refusal(newPasswordField, null)).toEqual(['validation.passwordLength']);
  });
});

describe.each([
  ['employmentLocationField', employmentLocationField, 'validation.employmentLocation', 'Makati City, Metro Manila'],
  ['jobTitleField', jobTitleField, 'validation.jobTitle', 'Registered Nurse'],
] as const)('%s: 3 to 100 characters', (_name, field, key, example) => {
  it('refuses 2 and accepts 3 characters', () => {
    expect(refusal(field, 'ab')).toEqual([key]);
    expect(refusal(field, ' ab ')).toEqual([key]);
    expect(accepted(field, 'abc')).toBe('abc');
  });

  it('accepts 100 and refuses 101 characters', () => {
    expect(accepted(field, letters(100))).toBe(letters(100));
    expect(refusal(field, letters(101))).toEqual([key]);
  });

  it('accepts letters, spaces, hyphen, apostrophe, period, comma, slash and parentheses', () => {
    expect(accepted(field, example)).toBe(example);
    for (const value of ['Parañaque (BF Homes)', "St. John's, Newfoundland", 'Taguig / BGC', 'Cagayan de Oro', 'Teacher-Adviser', 'Ñ ñ']) {
      expect(accepted(field, value), value).toBe(value);
    }
  });

  it('refuses digits and other characters', () => {
    for (const value of ['Unit 5 Makati', '1st Avenue', 'Nurse & Midwife', 'Nurse_1', 'Cebu; Davao', 'a@b.com', 'Makati #1']) {
      expect(refusal(field, value), value).toEqual([key]);
    }
  });

  it('refuses an empty or missing value', () => {
    expect(refusal(field, '')).toEqual([key]);
    expect(refusal(field, undefined)).toEqual([key]);
  });
});

describe('monthlyIncomeField: 3 to 7 digits', () => {
  it('refuses 2 and accepts 3 digits', () => {
    expect(refusal(monthlyIncomeField, '99')).toEqual(['validation.monthlyIncome']);
    expect(accepted(monthlyIncomeField, '100')).toBe('100');
  });

  it('accepts 7 and refuses 8 digits', () => {
    expect(accepted(monthlyIncomeField, '9999999')).toBe('9999999');
    expect(refusal(monthlyIncomeField, '10000000')).toEqual(['validation.monthlyIncome']);
  });

  it('refuses anything but digits', () => {
    for (const value of ['', '25,000', '25000.00', '-25000', '25k', '2 5000', '２５０００']) {
      expect(refusal(monthlyIncomeField, value), value).toEqual(['validation.monthlyIncome']);
    }
    expect(refusal(monthlyIncomeField, 25000)).toEqual(['validation.monthlyIncome']);
  });

  it('trims the ends', () => {
    expect(accepted(monthlyIncomeField, ' 25000 ')).toBe('25000');
  });
});

describe('countryField', () => {
  it('accepts ISO country codes and refuses the placeholder', () => {
    expect(accepted(countryField, 'PH')).toBe('PH');
    expect(accepted(countryField, 'SA')).toBe('SA');
    for (const value of ['', 'XX', 'ph', 'Philippines', 'PHL']) {
      expect(refusal(countryField, value), value).toEqual(['validation.employmentCountry']);
    }
    expect(refusal(countryField, undefined)).toEqual(['validation.employmentCountry']);
  });

  it('lists every country once, sorted, the Philippines included', () => {
    expect(ALL_COUNTRY_CODES).toContain('PH');
    expect([...ALL_COUNTRY_CODES].sort()).toEqual(ALL_COUNTRY_CODES);
    expect(new Set(ALL_COUNTRY_CODES).size).toBe(ALL_COUNTRY_CODES.length);
  });
});

describe('JOB_CATEGORIES', () => {
  it('has exactly 32 distinct entries, including the four the specification names', () => {
    expect(JOB_CATEGORIES).toHaveLength(32);
    expect(new Set(JOB_CATEGORIES).size).toBe(32);
    for (const named of ['Accounting / Finance', 'Health Care / Medical', 'Seafarers / Seaman', 'Others / General Services']) {
      expect(JOB_CATEGORIES).toContain(named);
    }
    for (const category of JOB_CATEGORIES) expect(category.trim()).toBe(category);
  });
});

describe('referralCodeField and otpCodeField', () => {
  it('referral code: letters, digits and hyphens, at most 20, may be empty', () => {
    expect(accepted(referralCodeField, '')).toBe('');
    expect(accepted(referralCodeField, ' TAPAT-2024 ')).toBe('TAPAT-2024');
    expect(accepted(referralCodeField, 'A'.repeat(20))).toBe('A'.repeat(20));
    expect(refusal(referralCodeField, 'A'.repeat(21))).toEqual(['validation.referralCode']);
    expect(refusal(referralCodeField, 'bad code!')).toEqual(['validation.referralCode']);
    expect(refusal(referralCodeField, 42)).toEqual(['validation.referralCode']);
  });

  it('one-time code: 6 to 12 digits', () => {
    expect(refusal(otpCodeField, '12345')).toEqual(['validation.otp']);
    expect(accepted(otpCodeField, '123456')).toBe('123456');
    expect(accepted(otpCodeField, '123456789012')).toBe('123456789012');
    expect(refusal(otpCodeField, '1234567890123')).toEqual(['validation.otp']);
    expect(refusal(otpCodeField, '12345a')).toEqual(['validation.otp']);
    expect(refusal(otpCodeField, 123456)).toEqual(['validation.otp']);
  });
});

describe('messages', () => {
  it('every key the field schemas use has English text', () => {
    const keys = [
      'validation.phone',
      'validation.phoneInvalid',
      'validation.email',
      'validation.fullName',
      'validation.passwordLength',
      'validation.employmentCountry',
      'validation.employmentLocation',
      'validation.jobTitle',
      'validation.jobCategory',
      'validation.monthlyIncome',
      'validation.referralCode',
      'validation.otp',
    ];
    for (const key of keys) expect(translateEn(key), key).not.toBe(key);
  });

  it("the phone, email and full name texts are the specification's wording", () => {
    expect(translateEn('validation.phone')).toBe('Between 9 and 15 digits. Must start with a digit. Only numbers are permitted.');
    expect(translateEn('validation.email')).toMatch(/^Invalid email format\. Please ensure your email address is in the correct format/);
    expect(translateEn('validation.fullName')).toBe('Please enter both your first and last name. Ensure the name is within a reasonable length.');
    expect(translateEn('validation.passwordMismatch')).toBe('Password confirmation mismatch.');
  });
});
