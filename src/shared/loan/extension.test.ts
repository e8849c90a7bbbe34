import { describe, expect, it } from 'vitest';
import { planExtension, requestDeadline, extendedSchedule, type ExtensionInput } from './extension';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';
import type { ServicingLine } from './servicing';

const P = 20_000_000n; // PHP 200,000.00
const original = buildSchedule(PRODUCT_V1, P, 6, '2026-11-22');

function lines(paidThrough: number): ServicingLine[] {
  return original.lines.map((l) => ({
    number: l.number,
    dueDate: l.dueDate,
    principal: l.principal,
    interest: l.interest,
    fees: l.fees,
    principalPaid: l.number <= paidThrough ? l.principal : 0n,
    interestPaid: l.number <= paidThrough ? l.interest : 0n,
    feesPaid: l.number <= paidThrough ? l.fees : 0n,
    interestRebated: 0n,
    feesRebated: 0n,
    paidOn: l.number <= paidThrough ? l.dueDate : null,
  }));
}

const base: ExtensionInput = {
  product: PRODUCT_V1,
  principal: P,
  startDate: '2026-11-22',
  lines: lines(2),
  chargesCounted: 0n,
  chargesOwed: 0n,
  today: '2027-02-01',
  newTerm: 12,
  fee: 0n,
};

describe('planExtension', () => {
  it('re-schedules the remaining principal with the one engine, numbered and dated as the loan', () => {
    const r = planExtension(base);
    if (!r.ok) throw new Error(r.refusal);
    const remaining = original.lines.slice(2).reduce((s, l) => s + l.principal, 0n);
    expect(r.plan).toMatchObject({
      fromLine: 3,
      remainingPrincipal: remaining,
      periodStart: '2027-01-22',
      currentEndDate: '2027-05-22',
      newEndDate: '2028-01-22',
    });
    expect(r.plan.totalMonths).toBe(14);
    // The engine's own schedule of the remaining principal over 12 months.
    const engine = buildSchedule({ ...PRODUCT_V1, fees: [] }, remaining, 12, '2027-01-22');
    expect(r.plan.schedule.lines.map((l) => l.total)).toEqual(engine.lines.map((l) => l.total));
    expect(r.plan.schedule.lines[0]).toMatchObject({ number: 3, dueDate: '2027-02-22' });
    expect(r.plan.schedule.lines.at(-1)).toMatchObject({ number: 14, dueDate: '2028-01-22', balanceAfter: 0n });
    // Principal parts of every line still total the principal; the balance ends at zero.
    expect(r.plan.lines.reduce((s, l) => s + l.principal, 0n)).toBe(P);
    expect(r.plan.lines.at(-1)!.balanceAfter).toBe(0n);
    expect(r.plan.totalCost).toBeLessThanOrEqual(r.plan.cap);
  });

  it('refuses less than 5 days before the end: the deadline is the last due date minus 5 days', () => {
    expect(requestDeadline(base.lines)).toBe('2027-05-17');
    expect(planExtension({ ...base, lines: lines(5), today: '2027-05-17' }).ok).toBe(true);
    expect(planExtension({ ...base, lines: lines(5), today: '2027-05-18' })).toEqual({ ok: false, refusal: 'TOO_LATE', deadline: '2027-05-17' });
  });

  it('refuses a loan with anything past due, a term not offered or not longer', () => {
    expect(planExtension({ ...base, today: '2027-01-23', lines: lines(1) })).toMatchObject({ ok: false, refusal: 'PAST_DUE' });
    expect(planExtension({ ...base, chargesOwed: 1n })).toMatchObject({ ok: false, refusal: 'PAST_DUE' });
    expect(planExtension({ ...base, newTerm: 7 })).toMatchObject({ ok: false, refusal: 'TERM_NOT_OFFERED' });
    // 2 paid + 6 months ends 2027-07-22, later than 2027-05-22: allowed; a loan with nothing paid over 6 is not longer.
    expect(planExtension({ ...base, newTerm: 6 }).ok).toBe(true);
    expect(planExtension({ ...base, lines: lines(0), today: '2026-12-01', newTerm: 6 })).toMatchObject({ ok: false, refusal: 'NOT_LONGER' });
  });

  it('accepts a loan after a prepayment: the principal still owed is re-scheduled, what was paid stays paid on its line', () => {
    // Lines 1-2 paid; PHP 1,000.00 of principal prepaid on line 6 (the last), PHP 1.00 of line 3's interest paid early.
    const prepaid = lines(2).map((l) => (l.number === 6 ? { ...l, principalPaid: 100_000n } : l.number === 3 ? { ...l, interestPaid: 100n } : l));
    const r = planExtension({ ...base, lines: prepaid });
    if (!r.ok) throw new Error(r.refusal);
    // Lines 1-2 paid 32,631.71 + 32,909.46 of principal: 134,458.83 owed on lines 3-6, less the 1,000.00 prepaid: 133,458.83.
    expect(r.plan.remainingPrincipal).toBe(13_345_883n);
    expect(r.plan.schedule.principal).toBe(13_345_883n);
    const line3 = r.plan.stored.find((l) => l.number === 3)!;
    const line6 = r.plan.stored.find((l) => l.number === 6)!;
    const engine6 = r.plan.schedule.lines.find((l) => l.number === 6)!;
    const engine3 = r.plan.schedule.lines.find((l) => l.number === 3)!;
    // Line 6 keeps its 1,000.00 paid: stored principal = the engine's + 1,000.00, still owed = the engine's.
    expect(line6).toMatchObject({ principalPaid: 100_000n, principal: engine6.principal + 100_000n, interest: engine6.interest });
    // Line 3's PHP 1.00 of interest paid counts against its new interest (not charged twice).
    expect(line3).toMatchObject({ interestPaid: 100n, interest: engine3.interest, principal: engine3.principal });
    // Still owed on the stored lines = the principal re-scheduled; all principals still total the loan.
    expect(r.plan.stored.reduce((s, l) => s + l.principal - l.principalPaid, 0n)).toBe(13_345_883n);
    expect(r.plan.lines.reduce((s, l) => s + l.principal, 0n)).toBe(P);
    expect(r.plan.lines.at(-1)!.balanceAfter).toBe(0n);
  });

  it('accepts a loan whose last line was fully prepaid before the next one was paid', () => {
    const prepaid = lines(2).map((l) => (l.number === 6 ? { ...l, principalPaid: l.principal, interestRebated: l.interest, paidOn: '2027-01-10' } : l));
    const r = planExtension({ ...base, lines: prepaid });
    if (!r.ok) throw new Error(r.refusal);
    expect(r.plan.fromLine).toBe(3);
    // 134,458.83 owed on lines 3-6 less line 6's 34,040.27 paid: 100,418.56.
    expect(r.plan.remainingPrincipal).toBe(10_041_856n);
    expect(r.plan.stored.find((l) => l.number === 6)!.principalPaid).toBe(3_404_027n);
  });

  it('keeps an extension fee inside the cost cap, financed on the new lines (never payable before)', () => {
    const ok = planExtension({ ...base, fee: 100_000n });
    if (!ok.ok) throw new Error(ok.refusal);
    expect(ok.plan.schedule.lines[0]!.fees).toBeGreaterThan(0n);
    expect(ok.plan.lines.filter((l) => l.number < 3).every((l) => l.fees === 0n)).toBe(true);
    // Cap over 14 months: 200,000 x 25 % x 14/12 = 58,333.33. A fee that would pass it is refused.
    expect(ok.plan.cap).toBe(5_833_333n);
    const over = planExtension({ ...base, fee: ok.plan.cap - ok.plan.totalCost + 100_000n + 1n });
    expect(over).toMatchObject({ ok: false, refusal: 'OVER_CAP' });
    const at = planExtension({ ...base, fee: ok.plan.cap - ok.plan.totalCost + 100_000n });
    expect(at.ok).toBe(true);
  });

  it('gives servicing a schedule of the whole extended loan', () => {
    const r = planExtension(base);
    if (!r.ok) throw new Error(r.refusal);
    const s = extendedSchedule(original, r.plan.lines, r.plan.totalMonths, r.plan.schedule.contractualMonthlyRate);
    expect(s.termMonths).toBe(14);
    expect(s.principal).toBe(P);
    expect(s.totalInterest).toBe(r.plan.lines.reduce((t, l) => t + l.interest, 0n));
    expect(s.contractualMonthlyRate).toBe(r.plan.schedule.contractualMonthlyRate);
  });
});
