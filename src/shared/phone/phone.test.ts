import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { PH_MAX_METADATA } from './metadata-ph';
import { canReceiveSms, countryOfPhone, dialCountries, hasValidDigitCount, isPhilippineMobile, maskKeepFirst3, phoneDigits, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    '09171234567',
    '9171234567',
    '+639171234567',
    '+63 917 123 4567',
    '+63-917-123-4567',
    '+63 (917) 123-4567',
    '(+63) 917 123 4567',
    '0063 917 123 4567',
    '00639171234567',
    '639171234567',
    '0917 123 4567',
    '0917-123-4567',
    '(0917) 123-4567',
    '0917.123.4567',
    '  09171234567  ',
  ])('reads the Philippine mobile number typed as %j', (typed) => {
    expect(toE164(typed)).toBe('+639171234567');
  });

  it('strips every other character, as the specification does', () => {
    expect(toE164('0917abc1234567')).toBe('+639171234567');
    expect(toE164('+63 917 123 4567 #')).toBe('+639171234567');
    // An "extension" is not dropped silently: its digits make the number too long.
    expect(toE164('0917 123 4567 ext. 12')).toBeNull();
  });

  it('reads Philippine landlines', () => {
    expect(toE164('+63 2 8123 4567')).toBe('+63281234567');
    expect(toE164('0063 2 8123 4567')).toBe('+63281234567');
    expect(toE164('(02) 8123 4567')).toBe('+63281234567');
  });

  it.each([
    ['+1 202 555 0143', '+12025550143', 'US'],
    ['+1 416 555 0143', '+14165550143', 'CA'],
    ['+44 20 7946 0958', '+442079460958', 'GB'],
    ['+65 6123 4567', '+6561234567', 'SG'],
    ['+81 3 1234 5678', '+81312345678', 'JP'],
    ['+971 50 123 4567', '+971501234567', 'AE'],
    ['+966 50 123 4567', '+966501234567', 'SA'],
    ['00852 5123 4567', '+85251234567', 'HK'],
  ])('reads %j from another country by its + or 00 prefix', (typed, e164, country) => {
    expect(toE164(typed)).toBe(e164);
    expect(countryOfPhone(e164)).toBe(country);
  });

  it('reads a national number of the given country', () => {
    expect(toE164('(202) 555-0143', 'US')).toBe('+12025550143');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    // A + still wins over the given country.
    expect(toE164('+63 917 123 4567', 'US')).toBe('+639171234567');
  });

  it.each([
    '',
    '   ',
    'abc',
    '+',
    '12345',
    '0917123456', // one digit short
    '091712345678', // one digit too many
    '+63 917 123 45678',
    '+6321234567',
    '+999 123456789', // no such calling code
    '+1 555 555 5555', // not a valid US number
    '0917ABC4567', // letters are stripped, not read as a keypad: too short
    '000639171234567',
    '+49 30 1234567890123', // 17 digits: E.164 allows at most 15
  ])('refuses %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('always answers E.164 (a + and at most 15 digits) or null (property)', () => {
    const typed = fc.oneof(fc.string(), fc.stringMatching(/^\+?[\d ()-]{0,24}$/), fc.stringMatching(/^09\d{9}$/));
    fc.assert(
      fc.property(typed, (input) => {
        const e164 = toE164(input);
        if (e164 !== null) {
          expect(e164).toMatch(/^\+[1-9]\d{1,14}$/);
          // Normalising is stable.
          expect(toE164(e164)).toBe(e164);
        }
      }),
    );
  });

  it('reads every Philippine mobile number 09XX XXX XXXX (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), (national) => {
        const e164 = `+63${national}`;
        expect(toE164(`0${national}`)).toBe(e164);
        expect(toE164(national)).toBe(e164);
        expect(toE164(`+63 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`)).toBe(e164);
        expect(toE164(`0063${national}`)).toBe(e164);
        expect(isPhilippineMobile(e164)).toBe(true);
      }),
    );
  });
});

describe('phoneDigits and hasValidDigitCount', () => {
  it('keep digits only', () => {
    expect(phoneDigits('+63 (917) 123-4567')).toBe('639171234567');
    expect(phoneDigits('abc')).toBe('');
  });

  it('count 9 to 15 digits, ignoring other characters', () => {
    expect(hasValidDigitCount('12345678')).toBe(false);
    expect(hasValidDigitCount('123456789')).toBe(true);
    expect(hasValidDigitCount('123 456 789')).toBe(true);
    expect(hasValidDigitCount('123456789012345')).toBe(true);
    expect(hasValidDigitCount('+1 234 567 890 123 45')).toBe(true);
    expect(hasValidDigitCount('1234567890123456')).toBe(false);
    expect(hasValidDigitCount('-- 1234 5678 --')).toBe(false);
  });
});

describe('countryOfPhone', () => {
  it('gives the ISO country of an E.164 number', () => {
    expect(countryOfPhone('+639171234567')).toBe('PH');
    expect(countryOfPhone('+63281234567')).toBe('PH');
    expect(countryOfPhone('+6561234567')).toBe('SG');
    expect(countryOfPhone('+442079460958')).toBe('GB');
  });

  it('is null when there is no number', () => {
    expect(countryOfPhone('')).toBeNull();
    expect(countryOfPhone('not a number')).toBeNull();
    expect(countryOfPhone('+999123456789')).toBeNull();
  });
});

describe('isPhilippineMobile', () => {
  it('is true for +639XX XXX XXXX', () => {
    expect(isPhilippineMobile('+639171234567')).toBe(true);
    expect(isPhilippineMobile('+639981234567')).toBe(true);
  });

  it('is false for landlines, other countries and invalid numbers', () => {
    expect(isPhilippineMobile('+63281234567')).toBe(false);
    expect(isPhilippineMobile('+63321234567')).toBe(false);
    expect(isPhilippineMobile('+6591234567')).toBe(false);
    expect(isPhilippineMobile('+19171234567')).toBe(false);
    expect(isPhilippineMobile('+63917123456')).toBe(false);
    expect(isPhilippineMobile('')).toBe(false);
  });
});

describe('dialCountries', () => {
  it('lists the Philippines with +63 and every country once', () => {
    const list = dialCountries();
    expect(list).toContainEqual({ code: 'PH', dialCode: '63' });
    expect(list).toContainEqual({ code: 'US', dialCode: '1' });
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(200);
  });
});

describe('maskKeepFirst3', () => {
  it('keeps the first 3 characters and masks the rest', () => {
    expect(maskKeepFirst3('09171234567')).toBe('091********');
    expect(maskKeepFirst3('+639171234567')).toBe('+63**********');
    expect(maskKeepFirst3('abcd')).toBe('abc*');
  });

  it('leaves 3 characters or fewer as they are', () => {
    expect(maskKeepFirst3('')).toBe('');
    expect(maskKeepFirst3('ab')).toBe('ab');
    expect(maskKeepFirst3('abc')).toBe('abc');
  });

  it('keeps the length and shows nothing after the third character (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 40 }), (value) => {
        const masked = maskKeepFirst3(value);
        expect(masked).toHaveLength(value.length);
        expect(masked.slice(0, 3)).toBe(value.slice(0, 3));
        expect(masked.slice(3)).toMatch(/^\*+$/);
      }),
    );
  });
});

describe('maskPhoneNational', () => {
  it('keeps the country code and the first 3 digits of the national number', async () => {
    const { maskPhoneNational } = await import('./phone');
    expect(maskPhoneNational('+639171234567')).toBe('+63 917*******');
    expect(maskPhoneNational('+12015550123')).toBe('+1 201*******');
  });
});

describe('canReceiveSms', () => {
  it.each(['+639171234567', '+639990000001', '+639990000009', '+639181234567', '+639051234567', '+638131234567', '+971501234567', '+6591234567'])(
    'accepts %j (a Philippine mobile number, or a valid number of another country)',
    (e164) => {
      expect(canReceiveSms(e164)).toBe(true);
    },
  );

  it.each([
    ['+63281234567', 'a Metro Manila landline'],
    ['+63321234567', 'a Cebu landline'],
    ['+63180012345678', 'a toll-free number'],
    ['+639000000000', 'an unassigned 0900 block'],
    ['+639400000000', 'an unassigned 0940 block'],
    ['not a number', 'garbage'],
  ])('refuses %j (%s)', (e164) => {
    expect(canReceiveSms(e164)).toBe(false);
  });

  it("keeps the Philippines' metadata in step with the installed libphonenumber-js (else: npx tsx scripts/phone-metadata.ts)", () => {
    expect(PH_MAX_METADATA.countries.PH).toEqual(maxMetadata.countries.PH);
    expect(PH_MAX_METADATA.version).toBe(maxMetadata.version);
  });
});
