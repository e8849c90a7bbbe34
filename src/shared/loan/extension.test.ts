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

  it('refuses a loan with anything past due, a partly paid line, a term not offered or not longer', () => {
    expect(planExtension({ ...base, today: '2027-01-23', lines: lines(1) })).toMatchObject({ ok: false, refusal: 'PAST_DUE' });
    expect(planExtension({ ...base, chargesOwed: 1n })).toMatchObject({ ok: false, refusal: 'PAST_DUE' });
    const partly = lines(2).map((l) => (l.number === 3 ? { ...l, interestPaid: 100n } : l));
    expect(planExtension({ ...base, lines: partly })).toMatchObject({ ok: false, refusal: 'PARTLY_PAID' });
    const prepaid = lines(2).map((l) => (l.number === 6 ? { ...l, principalPaid: 100n } : l));
    expect(planExtension({ ...base, lines: prepaid })).toMatchObject({ ok: false, refusal: 'PARTLY_PAID' });
    expect(planExtension({ ...base, newTerm: 7 })).toMatchObject({ ok: false, refusal: 'TERM_NOT_OFFERED' });
    // 2 paid + 6 months ends 2027-07-22, later than 2027-05-22: allowed; a loan with nothing paid over 6 is not longer.
    expect(planExtension({ ...base, newTerm: 6 }).ok).toBe(true);
    expect(planExtension({ ...base, lines: lines(0), today: '2026-12-01', newTerm: 6 })).toMatchObject({ ok: false, refusal: 'NOT_LONGER' });
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
