import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { translateEn } from '../../src/shared/i18n/lookup';
import { APPLICATION, apply, createActivatedMember, createStaff, expectLedgerSound, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, servicing } from '../fixtures/repayments';

/**
 * Payday schedules and a chosen due day (docs/decisions/084), through the API: the quote and the
 * application take `frequency` and `dueDay`, checked against the product's options; the figures are
 * the hand-computed ones of src/shared/loan/payday.test.ts.
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await t.close();
});

type Line = { readonly dueDate: string; readonly total: string };
const lastDayOf = (iso: string) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).getUTCDate();

describe('GET /api/loans/quote with a frequency and a due day', () => {
  it('semi-monthly small loan: PHP 10,000 over 1 month is two instalments at 1 % a half-month, on the 15th and the last day', async () => {
    // A level annuity at r = 1 % a period over 2 periods: 10,000 x 0.01 / (1 - 1.01^-2) = 5,075.12...,
    // rounded up to the peso: 5,076.00; the last line takes the rest: interest 100.00 + 50.24 = 150.24,
    // 10,150.24 - 5,076.00 = 5,074.24.
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=10000.00&term=1&product=SMALL&frequency=SEMI_MONTHLY'));
    const lines = quote.disclosure.schedule as Line[];
    expect(lines.map((l) => l.total)).toEqual(['5076.00', '5074.24']);
    expect(quote.disclosure.totalPayable).toBe('10150.24');
    for (const line of lines) {
      const day = Number(line.dueDate.slice(8, 10));
      expect(day === 15 || day === lastDayOf(line.dueDate), line.dueDate).toBe(true);
    }
    expect(quote.disclosure.frequency).toBe('SEMI_MONTHLY');
  });

  it('monthly on a chosen day: every due date falls on it', async () => {
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6&frequency=MONTHLY&dueDay=5'));
    const lines = quote.disclosure.schedule as Line[];
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.dueDate.slice(8, 10), line.dueDate).toBe('05');
    expect(quote.disclosure.dueDay).toBe(5);
  });

  it('refuses a day outside 1 to 28, a day with semi-monthly, and a frequency not known, naming the field', async () => {
    const message = translateEn('loans.errors.dueDay');
    for (const day of ['29', '0', '31']) {
      const res = await get(t, undefined, `/api/loans/quote?amount=200000.00&term=6&dueDay=${day}`);
      expect(res.statusCode, day).toBe(400);
      expect(res.json().error.fields.dueDay, day).toBe(message);
    }
    const semiWithDay = await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6&frequency=SEMI_MONTHLY&dueDay=10');
    expect(semiWithDay.statusCode).toBe(400);
    expect(Object.keys(semiWithDay.json().error.fields)).toContain('dueDay');
    const weekly = await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6&frequency=WEEKLY');
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().error.fields.frequency).toBe(translateEn('loans.errors.frequency'));
  });
});

describe('POST /api/loans/applications with a chosen due day', () => {
  it('the disbursed loan is serviced on the day chosen, its ledger sound', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker, { body: { ...APPLICATION, term: 6, dueDay: 20 } });
    const view = ok(await servicing(t, member.cookie));
    expect(view.loan.id).toBe(loanId);
    const lines = view.lines as Line[];
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.dueDate.slice(8, 10), line.dueDate).toBe('20');
    await expectLedgerSound(t);
  });

  it('refuses a due day of 29 and a day with semi-monthly before anything is stored', async () => {
    const member = await createActivatedMember(t);
    const late = await apply(t, member.cookie, { ...APPLICATION, dueDay: 29 });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.dueDay).toBe(translateEn('loans.errors.dueDay'));
    const semi = await apply(t, member.cookie, { ...APPLICATION, frequency: 'SEMI_MONTHLY', dueDay: 10 });
    expect(semi.statusCode).toBe(400);
    expect(Object.keys(semi.json().error.fields)).toContain('dueDay');
    const current = await get(t, member.cookie, '/api/loans/current');
    expect(current.json()).toEqual({ loan: null });
  });
});
