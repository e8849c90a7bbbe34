import { describe, expect, it } from 'vitest';
import { joinDate } from './DateOfBirthInput';
import { showMessage } from './serverErrors';

describe('the date of birth from its three inputs', () => {
  const year = 2026;

  it('is empty when nothing is typed, and YYYY-MM-DD with zero-padded day and month otherwise', () => {
    expect(joinDate({ day: '', month: '', year: '' }, year)).toBe('');
    expect(joinDate({ day: '7', month: '3', year: '1990' }, year)).toBe('1990-03-07');
    expect(joinDate({ day: '31', month: '12', year: '2000' }, year)).toBe('2000-12-31');
  });

  it('takes the years 1900 to the current year only', () => {
    expect(joinDate({ day: '01', month: '01', year: '1900' }, year)).toBe('1900-01-01');
    expect(joinDate({ day: '01', month: '01', year: '2026' }, year)).toBe('2026-01-01');
    for (const bad of ['1899', '2027', '990', '']) expect(joinDate({ day: '01', month: '01', year: bad }, year), bad).toMatch(/^invalid:/);
  });

  it('gives a value the schema refuses when a part is out of range', () => {
    for (const [day, month] of [
      ['0', '5'],
      ['32', '5'],
      ['10', '13'],
      ['10', '0'],
      ['', '5'],
    ]) {
      expect(joinDate({ day: day!, month: month!, year: '1990' }, year), `${day}/${month}`).toMatch(/^invalid:/);
    }
  });
});

describe("the server's field messages", () => {
  it('are shown as written (the server answers in the language asked for); a catalogue key goes through t()', () => {
    const t = (key: string) => `<${key}>`;
    expect(showMessage(t, 'activation.validation.gender')).toBe('<activation.validation.gender>');
    expect(showMessage(t, 'Something else: entirely.')).toBe('Something else: entirely.');
  });
});
