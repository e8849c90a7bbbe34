import { describe, expect, it } from 'vitest';
import {
  CREDIT_COMPONENTS,
  CREDIT_COMPONENT_MAX,
  CREDIT_SCORE_MAX,
  computeCreditScore,
  daysOverdueOf,
  type CreditComponent,
  type CreditComponentId,
  type CreditInputs,
} from './score';

const base: CreditInputs = { profileStepsDone: 5, profileStepsTotal: 5, loansRepaid: 0, instalments: null, today: '2026-11-22' };

function byId(score: ReturnType<typeof computeCreditScore>): Record<CreditComponentId, CreditComponent> {
  return Object.fromEntries(score.components.map((c) => [c.id, c])) as Record<CreditComponentId, CreditComponent>;
}

describe('computeCreditScore', () => {
  it('has five components whose maxima make 1000', () => {
    expect(Object.values(CREDIT_COMPONENT_MAX).reduce((a, b) => a + b, 0)).toBe(CREDIT_SCORE_MAX);
    expect(computeCreditScore(base).components.map((c) => c.id)).toEqual([...CREDIT_COMPONENTS]);
  });

  it('gives a completed profile its 200 points and says repayments are not recorded yet', () => {
    const result = computeCreditScore(base);
    const c = byId(result);
    expect(result.score).toBe(200);
    expect(result.max).toBe(1000);
    expect(c.profile).toMatchObject({ points: 200, max: 200, hasData: true, reason: 'COMPLETE', facts: { done: 5, total: 5 } });
    for (const id of ['onTime', 'early', 'daysOverdue'] as const) {
      expect(c[id]).toMatchObject({ points: 0, hasData: false, reason: 'NOT_RECORDED' });
    }
    expect(c.loansRepaid).toMatchObject({ points: 0, hasData: true, reason: 'NONE', facts: { count: 0 } });
  });

  it('counts a partly completed profile in proportion, rounded down', () => {
    expect(byId(computeCreditScore({ ...base, profileStepsDone: 2 })).profile).toMatchObject({ points: 80, reason: 'PARTIAL' });
    expect(byId(computeCreditScore({ ...base, profileStepsDone: 0 })).profile).toMatchObject({ points: 0, reason: 'NONE' });
    expect(byId(computeCreditScore({ ...base, profileStepsDone: 2, profileStepsTotal: 3 })).profile.points).toBe(133);
    // Out-of-range counts are clamped, never beyond the maximum.
    expect(byId(computeCreditScore({ ...base, profileStepsDone: 9 })).profile.points).toBe(200);
    expect(byId(computeCreditScore({ ...base, profileStepsDone: -3 })).profile.points).toBe(0);
  });

  it('gives 125 points a repaid loan, at most 250', () => {
    expect(byId(computeCreditScore({ ...base, loansRepaid: 1 })).loansRepaid).toMatchObject({ points: 125, reason: 'PARTIAL' });
    expect(byId(computeCreditScore({ ...base, loansRepaid: 2 })).loansRepaid).toMatchObject({ points: 250, reason: 'COMPLETE' });
    expect(byId(computeCreditScore({ ...base, loansRepaid: 7 })).loansRepaid.points).toBe(250);
  });

  it('says nothing has fallen due yet when repayments are recorded but no instalment is due', () => {
    const c = byId(computeCreditScore({ ...base, instalments: [{ dueDate: '2026-12-22', paidOn: null }] }));
    for (const id of ['onTime', 'early', 'daysOverdue'] as const) expect(c[id]).toMatchObject({ points: 0, hasData: true, reason: 'NOTHING_DUE' });
  });

  it('rewards on-time and early repayments in proportion and full marks for no day overdue', () => {
    const result = computeCreditScore({
      ...base,
      loansRepaid: 1,
      instalments: [
        { dueDate: '2026-08-01', paidOn: '2026-07-25' }, // early
        { dueDate: '2026-09-01', paidOn: '2026-09-01' }, // on the day
        { dueDate: '2026-10-01', paidOn: '2026-09-30' }, // early
        { dueDate: '2026-11-01', paidOn: '2026-10-31' }, // early
        { dueDate: '2026-12-01', paidOn: null }, // not due yet: not counted
      ],
    });
    const c = byId(result);
    expect(c.onTime).toMatchObject({ points: 300, reason: 'COMPLETE', facts: { due: 4, count: 4 } });
    expect(c.early).toMatchObject({ points: 75, reason: 'PARTIAL', facts: { due: 4, count: 3 } });
    expect(c.daysOverdue).toMatchObject({ points: 150, reason: 'COMPLETE', facts: { days: 0 } });
    expect(result.score).toBe(200 + 300 + 75 + 125 + 150);
  });

  it('takes 5 points a day overdue, late-paid or still unpaid, down to 0', () => {
    const late = computeCreditScore({
      ...base,
      instalments: [
        { dueDate: '2026-10-01', paidOn: '2026-10-04' }, // 3 days late
        { dueDate: '2026-11-20', paidOn: null }, // 2 days overdue today
      ],
    });
    const c = byId(late);
    expect(c.onTime).toMatchObject({ points: 0, reason: 'NONE', facts: { due: 2, count: 0 } });
    expect(c.daysOverdue).toMatchObject({ points: 150 - 5 * 5, reason: 'PARTIAL', facts: { days: 5 } });
    const veryLate = byId(computeCreditScore({ ...base, instalments: [{ dueDate: '2026-01-01', paidOn: null }] }));
    expect(veryLate.daysOverdue).toMatchObject({ points: 0, reason: 'NONE' });
    expect(late.score).toBeLessThanOrEqual(CREDIT_SCORE_MAX);
  });

  it('counts only the instalments that fell due: a line due today once paid, a line paid ahead from its due date on', () => {
    const instalments = [
      { dueDate: '2026-10-22', paidOn: '2026-10-22' }, // on the day
      { dueDate: '2026-11-22', paidOn: null }, // due today, unpaid: not late yet, not counted
      { dueDate: '2026-12-22', paidOn: '2026-11-10' }, // paid ahead (a prepayment or a payoff): not fallen due yet
      { dueDate: '2027-01-22', paidOn: null }, // not due: not counted
    ];
    const c = byId(computeCreditScore({ ...base, today: '2026-11-22', instalments }));
    expect(c.onTime).toMatchObject({ points: 300, reason: 'COMPLETE', facts: { due: 1, count: 1 } });
    expect(c.early).toMatchObject({ points: 0, reason: 'NONE', facts: { due: 1, count: 0 } });
    expect(c.daysOverdue).toMatchObject({ points: 150, facts: { days: 0 } });
    // On 2026-12-23 the line paid ahead has fallen due: paid on time, and early.
    const later = byId(
      computeCreditScore({ ...base, today: '2026-12-23', instalments: instalments.map((i, n) => (n === 1 ? { ...i, paidOn: '2026-11-22' } : i)) }),
    );
    expect(later.onTime).toMatchObject({ facts: { due: 3, count: 3 } });
    expect(later.early).toMatchObject({ facts: { due: 3, count: 1 } });
  });

  it('says nothing fell due on the day of disbursement, even with a line paid ahead', () => {
    const c = byId(
      computeCreditScore({
        ...base,
        today: '2026-11-22',
        instalments: [
          { dueDate: '2026-12-22', paidOn: '2026-11-22' },
          { dueDate: '2027-01-22', paidOn: '2026-11-22' },
          { dueDate: '2027-02-22', paidOn: null },
        ],
      }),
    );
    expect(c.onTime).toMatchObject({ points: 0, reason: 'NOTHING_DUE', facts: { due: 0, count: 0 } });
  });

  it('after one late instalment and a payoff, counts the instalments whose due date passed, not the ones the payoff closed', () => {
    // 12 lines due on the 22nd from 2026-12-22; line 1 paid on time, line 2 paid 3 days late, the rest by a payoff on 2027-03-01.
    const instalments = Array.from({ length: 12 }, (_, n) => {
      const month = 12 + n; // 12 = 2026-12
      const dueDate = `${2026 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-22`;
      const paidOn = n === 0 ? dueDate : n === 1 ? '2027-01-25' : '2027-03-01';
      return { dueDate, paidOn };
    });
    const c = byId(computeCreditScore({ ...base, today: '2027-03-01', instalments }));
    // Fallen due by 2027-03-01: 2026-12-22, 2027-01-22 and 2027-02-22 (paid by the payoff, a week late).
    expect(c.onTime).toMatchObject({ reason: 'PARTIAL', facts: { due: 3, count: 1 } });
  });

  it('reaches exactly 1000 with everything at its best', () => {
    const result = computeCreditScore({ ...base, loansRepaid: 2, instalments: [{ dueDate: '2026-10-01', paidOn: '2026-09-20' }] });
    expect(result.score).toBe(1000);
  });

  it('refuses a profile without steps', () => {
    expect(() => computeCreditScore({ ...base, profileStepsTotal: 0 })).toThrow(RangeError);
  });
});

describe('daysOverdueOf', () => {
  it('counts days after the due date until payment or today', () => {
    expect(daysOverdueOf({ dueDate: '2026-11-01', paidOn: '2026-11-01' }, '2026-11-22')).toBe(0);
    expect(daysOverdueOf({ dueDate: '2026-11-01', paidOn: '2026-10-01' }, '2026-11-22')).toBe(0);
    expect(daysOverdueOf({ dueDate: '2026-11-01', paidOn: '2026-11-03' }, '2026-11-22')).toBe(2);
    expect(daysOverdueOf({ dueDate: '2026-11-01', paidOn: null }, '2026-11-22')).toBe(21);
    expect(daysOverdueOf({ dueDate: '2026-12-01', paidOn: null }, '2026-11-22')).toBe(0);
  });
});
