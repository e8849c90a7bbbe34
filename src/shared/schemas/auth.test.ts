import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountDetailsSchema, employmentSchema, recoveryResetSchema, recoveryStartSchema, registerStartSchema, signInSchema, verifyCodeSchema } from './auth';
import { contactMessageSchema } from './contact';
import { JOB_CATEGORIES } from './job-categories';
import { translateEn } from '../i18n/lookup';

const account = {
  phone: '0917 123 4567',
  email: ' Juan.DelaCruz@Example.com ',
  fullName: 'Juan dela Cruz',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};
const employment = {
  employmentCountry: 'PH',
  employmentLocation: 'Makati City',
  jobTitle: 'Registered Nurse',
  jobCategory: 'Health Care / Medical',
  monthlyNetIncome: '25000',
};

/** Messages by field path ('' for the object itself). */
function issuesByPath(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message);
  return byPath;
}

describe('accountDetailsSchema (registration, account details)', () => {
  it('accepts valid details and normalises phone and e-mail', () => {
    expect(accountDetailsSchema.parse(account)).toEqual({
      phone: '+639171234567',
      email: 'juan.delacruz@example.com',
      fullName: 'Juan dela Cruz',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
  });

  it('puts a confirmation mismatch on confirmPassword', () => {
    expect(issuesByPath(accountDetailsSchema, { ...account, confirmPassword: 'correct horse batterY' })).toEqual({
      confirmPassword: ['validation.passwordMismatch'],
    });
    expect(issuesByPath(accountDetailsSchema, { ...account, confirmPassword: '' })).toEqual({
      confirmPassword: ['validation.passwordMismatch'],
    });
  });

  it('compares the passwords exactly: no trimming', () => {
    expect(issuesByPath(accountDetailsSchema, { ...account, confirmPassword: `${account.password} ` })).toEqual({
      confirmPassword: ['validation.passwordMismatch'],
    });
  });

  it('puts each broken rule on its own field with its key', () => {
    const byPath = issuesByPath(accountDetailsSchema, {
      phone: '12345678',
      email: 'juan@example.p',
      fullName: 'Jo L',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(byPath.phone).toEqual(['validation.phone']);
    expect(byPath.email).toEqual(['validation.email']);
    expect([...new Set(byPath.fullName)]).toEqual(['validation.fullName']);
    expect(byPath.password).toEqual(['validation.passwordLength']);
  });

  it('refuses a missing field with its key', () => {
    const { email: _email, ...withoutEmail } = account;
    expect(issuesByPath(accountDetailsSchema, withoutEmail)).toEqual({ email: ['validation.email'] });
  });

  it('refuses unknown fields (strict object)', () => {
    const result = accountDetailsSchema.safeParse({ ...account, role: 'ADMIN' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'] })]);
  });
});

describe('employmentSchema (registration, employment)', () => {
  it('accepts valid details, with or without a referral code', () => {
    expect(employmentSchema.parse(employment)).toEqual(employment);
    expect(employmentSchema.parse({ ...employment, referralCode: 'TAPAT-1' })).toEqual({ ...employment, referralCode: 'TAPAT-1' });
  });

  it('accepts every one of the 32 job categories and nothing else', () => {
    for (const jobCategory of JOB_CATEGORIES) expect(employmentSchema.safeParse({ ...employment, jobCategory }).success, jobCategory).toBe(true);
    for (const jobCategory of ['', 'Select a category', 'health care / medical', 'Astronaut']) {
      expect(issuesByPath(employmentSchema, { ...employment, jobCategory }), jobCategory).toEqual({ jobCategory: ['validation.jobCategory'] });
    }
  });

  it('puts each broken rule on its own field with its key', () => {
    expect(
      issuesByPath(employmentSchema, {
        employmentCountry: '',
        employmentLocation: 'ab',
        jobTitle: 'Nurse 2',
        jobCategory: 'Astronaut',
        monthlyNetIncome: '99',
      }),
    ).toEqual({
      employmentCountry: ['validation.employmentCountry'],
      employmentLocation: ['validation.employmentLocation'],
      jobTitle: ['validation.jobTitle'],
      jobCategory: ['validation.jobCategory'],
      monthlyNetIncome: ['validation.monthlyIncome'],
    });
  });

  it('refuses unknown fields (strict object)', () => {
    const result = employmentSchema.safeParse({ ...employment, creditScore: 1000 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['creditScore'] })]);
  });
});

describe('registerStartSchema (both steps together)', () => {
  it('accepts a full valid payload and outputs the phone in E.164', () => {
    const parsed = registerStartSchema.parse({ ...account, ...employment, referralCode: 'FRIEND-42' });
    expect(parsed).toEqual({
      ...employment,
      phone: '+639171234567',
      email: 'juan.delacruz@example.com',
      fullName: 'Juan dela Cruz',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      referralCode: 'FRIEND-42',
    });
  });

  it('accepts a phone from another country typed with +', () => {
    expect(registerStartSchema.parse({ ...account, ...employment, phone: '+971 50 123 4567' }).phone).toBe('+971501234567');
  });

  it('checks the confirmation too', () => {
    expect(issuesByPath(registerStartSchema, { ...account, ...employment, confirmPassword: 'different' })).toEqual({
      confirmPassword: ['validation.passwordMismatch'],
    });
  });

  it('requires both steps', () => {
    expect(registerStartSchema.safeParse(account).success).toBe(false);
    expect(registerStartSchema.safeParse(employment).success).toBe(false);
  });

  it('refuses unknown fields, such as a role or an account state', () => {
    for (const extra of [{ role: 'ADMIN' }, { accountState: 'ACTIVE' }, { userId: '1' }]) {
      const result = registerStartSchema.safeParse({ ...account, ...employment, ...extra });
      expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: Object.keys(extra) })]);
    }
  });
});

describe('signInSchema', () => {
  it('accepts a phone as typed, a password and the remember flag (default false)', () => {
    expect(signInSchema.parse({ phone: '09171234567', password: 'x' })).toEqual({ phone: '+639171234567', password: 'x', remember: false });
    expect(signInSchema.parse({ phone: '+63 917 123 4567', password: 'a b c', remember: true }).remember).toBe(true);
  });

  it('does not apply the sign-up length rule to an existing password', () => {
    expect(signInSchema.safeParse({ phone: '09171234567', password: 'short' }).success).toBe(true);
  });

  it('refuses an empty password or a bad phone with their keys', () => {
    expect(issuesByPath(signInSchema, { phone: '12345678', password: '' })).toEqual({
      phone: ['validation.phone'],
      password: ['validation.passwordRequired'],
    });
  });

  it('refuses unknown fields', () => {
    expect(signInSchema.safeParse({ phone: '09171234567', password: 'x', userId: 'someone-else' }).success).toBe(false);
  });
});

describe('one-time code and recovery schemas', () => {
  it('verifyCodeSchema takes only a 6 to 12 digit code', () => {
    expect(verifyCodeSchema.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(issuesByPath(verifyCodeSchema, { code: '12345' })).toEqual({ code: ['validation.otp'] });
    expect(verifyCodeSchema.safeParse({ code: '123456', phone: '09171234567' }).success).toBe(false);
  });

  it('recoveryStartSchema takes the phone', () => {
    expect(recoveryStartSchema.parse({ phone: '09171234567' })).toEqual({ phone: '+639171234567' });
  });

  it('recoveryResetSchema applies the new-password rule and the confirmation', () => {
    expect(recoveryResetSchema.safeParse({ code: '123456', password: 'new password', confirmPassword: 'new password' }).success).toBe(true);
    expect(issuesByPath(recoveryResetSchema, { code: '123456', password: 'new passw0rd', confirmPassword: 'new password' })).toEqual({
      confirmPassword: ['validation.passwordMismatch'],
    });
    expect(issuesByPath(recoveryResetSchema, { code: '123456', password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) })).toEqual({
      password: ['validation.passwordLength'],
    });
  });
});

describe('every message the schemas give is a key with English text', () => {
  // Bad values for each field; each payload breaks one field (or leaves it out), the rest stay valid.
  const BAD: Record<string, readonly unknown[]> = {
    phone: ['', '12345678', '1234567890123456', '123456789', 'abc', 9171234567, null, 'x'.repeat(30)],
    email: ['', 'juan', 'juan@example.p', `juan@example.${'a'.repeat(21)}`, `${'a'.repeat(101)}@example.com`, 42, null],
    fullName: ['', 'Jo L', 'a'.repeat(101), 'Juan 3rd', 42, null],
    password: ['', 'abcdefg', 'a'.repeat(65), 12345678, null],
    confirmPassword: ['', 'other', 42, null],
    employmentCountry: ['', 'XX', 42, null],
    employmentLocation: ['', 'ab', 'a'.repeat(101), 'Unit 5', 42, null],
    jobTitle: ['', 'ab', 'a'.repeat(101), 'Nurse 2', 42, null],
    jobCategory: ['', 'Astronaut', 42, null],
    monthlyNetIncome: ['', '99', '10000000', '25,000', 25000, null],
    referralCode: ['bad code!', 'A'.repeat(21), 42],
    code: ['', '12345', '1234567890123', 'abcdef', 123456, null],
    name: ['', 'J', 'a'.repeat(101), 42],
    message: ['', 'Hi', 'a'.repeat(2001), 42],
    agree: [false, 'yes', null],
    remember: ['yes', 1],
  };
  const SCHEMAS: readonly [string, z.ZodType, Record<string, unknown>][] = [
    ['accountDetailsSchema', accountDetailsSchema, account],
    ['employmentSchema', employmentSchema, { ...employment, referralCode: 'OK-1' }],
    ['registerStartSchema', registerStartSchema, { ...account, ...employment, referralCode: 'OK-1' }],
    ['signInSchema', signInSchema, { phone: account.phone, password: 'x', remember: true }],
    ['verifyCodeSchema', verifyCodeSchema, { code: '123456' }],
    ['recoveryStartSchema', recoveryStartSchema, { phone: account.phone }],
    ['recoveryResetSchema', recoveryResetSchema, { code: '123456', password: 'new password', confirmPassword: 'new password' }],
    ['contactMessageSchema', contactMessageSchema, { name: 'Juan', email: 'juan@example.com', message: 'Hello there', agree: true }],
  ];

  it.each(SCHEMAS)('%s', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const seen = new Set<string>();
    for (const field of Object.keys(valid)) {
      const payloads = [
        ...(BAD[field] ?? []).map((bad) => ({ ...valid, [field]: bad })),
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
      ];
      for (const payload of payloads) {
        const result = schema.safeParse(payload);
        if (result.success) continue; // leaving out an optional field is fine
        for (const issue of result.error.issues) {
          expect(issue.path.length, JSON.stringify(issue)).toBeGreaterThan(0);
          expect(issue.message, JSON.stringify(issue)).toMatch(/^validation\.[A-Za-z]+$/);
          expect(translateEn(issue.message), issue.message).not.toBe(issue.message);
          seen.add(issue.message);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('unknown fields get their own key on the server', () => {
    // The server answers an unrecognized_keys issue with validation.unknownField (src/server/http/errors.ts).
    expect(translateEn('validation.unknownField')).not.toBe('validation.unknownField');
  });
});

describe('password confirmation', () => {
  it('reports the mismatch even while another field is invalid', () => {
    const result = accountDetailsSchema.safeParse({
      phone: '12',
      email: 'bad',
      fullName: 'Juan Dela Cruz',
      password: 'long enough pass',
      confirmPassword: 'different',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(paths).toContain('confirmPassword:validation.passwordMismatch');
    expect(paths).toContain('phone:validation.phone');
  });
});

describe('phones a code is sent to (registration, password reset)', () => {
  it('must be able to receive SMS: a Philippine landline is refused with its own message', () => {
    expect(issuesByPath(recoveryStartSchema, { phone: '(02) 8123 4567' })).toEqual({ phone: ['validation.phoneMobile'] });
    expect(
      issuesByPath(accountDetailsSchema, {
        phone: '+63 2 8123 4567',
        email: 'juan@example.com',
        fullName: 'Juan Dela Cruz',
        password: 'long enough pass',
        confirmPassword: 'long enough pass',
      }),
    ).toEqual({
      phone: ['validation.phoneMobile'],
    });
    expect(recoveryStartSchema.parse({ phone: '0917 123 4567' })).toEqual({ phone: '+639171234567' });
    expect(recoveryStartSchema.parse({ phone: '+63 999 000 0001' })).toEqual({ phone: '+639990000001' });
  });

  it('sign-in still reads any valid number (an account is never locked out by the rule)', () => {
    expect(signInSchema.parse({ phone: '(02) 8123 4567', password: 'x' }).phone).toBe('+63281234567');
  });
});
