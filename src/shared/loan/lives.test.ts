import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeViolations } from '../../../tests/lives/checks';
import { describeLife, lifeArb, livesFromEnv, seedFromEnv } from '../../../tests/lives/life';
import { PURE_CHOICES } from '../../../tests/lives/pure-adapter';
import { runPureLife } from '../../../tests/lives/pure-run';

/**
 * Whole loan lives, generated (the pure level): a few hundred lives of a borrower who pays early,
 * on time, late, in parts, too much, charges alone, chooses "next instalments" or "reduce my
 * principal", has charges waived, pays off at any point, while the daily job runs every day or
 * catches up after an outage; each day checked against the reference model (tests/lives/model.ts,
 * written from DECISIONS.md invariants 4 and 12 and decision 012, not from the allocation code).
 * LIVES=5000 for the nightly-sized run; LIVES_SEED=<seed> replays a failure (the seed is printed).
 * The same lives through the real app: tests/api/lives.test.ts.
 */
const LIVES = livesFromEnv(300);

describe('whole loan lives, generated, against the reference model', () => {
  it(
    'never charges money already paid, stays within the cap, allocates every centavo, and is REPAID exactly when nothing is owed',
    () => {
      fc.assert(
        fc.property(lifeArb({ choices: PURE_CHOICES, sources: ['WALLET'], extensions: false, maxActions: 14 }), (life) => {
          const r = runPureLife(life);
          if (r.violations.length > 0)
            throw new Error(
              `\n${describeLife(life)}\nwhat happened:\n${r.trace.map((t) => `  ${t}`).join('\n')}\nviolations:\n${describeViolations(r.violations)}`,
            );
        }),
        { numRuns: LIVES, ...seedFromEnv() },
      );
    },
    Math.max(240_000, LIVES * 1_000),
  );

  // Found by the generator (seed -206960907): the whole principal paid on the day of disbursement,
  // "to my next instalments". It reaches what closing costs that day, so it closes the loan whatever
  // the choice (no interest is earned yet); the model used to allocate it as any payment.
  it('a payment of what closing costs today closes the loan, whatever the choice', () => {
    for (const choice of ['NEXT', 'PRINCIPAL'] as const) {
      const life = {
        loan: { product: 'DEFAULT', pesos: 200_000, term: 6 },
        actions: [
          { do: 'pay', when: 'NOW', late: 1, how: 'ANY', share: 1_000_000, choice, source: 'WALLET' },
          { do: 'outage', days: 2 },
        ],
      } as unknown as Parameters<typeof runPureLife>[0];
      const r = runPureLife(life);
      expect(describeViolations(r.violations), r.trace.join('\n')).toBe('');
      expect(r.trace.join('\n')).toMatch(/pay 200000\.00 .*allocated 200000\.00, not allocated 0\.00/);
    }
  });

  // The arrears tolerance (decision 069): lives whose loan has ₱5, ₱10 or ₱100 of it, with payments
  // a few pesos short of the next amount due (within the tolerance about half the time).
  const TOLERANCE_LIVES = Math.max(1, Math.round(LIVES / 3));
  it(
    'with an arrears tolerance: a few pesos short is neither charged nor overdue, and stays owed until paid or paid off',
    () => {
      fc.assert(
        fc.property(
          lifeArb({ choices: PURE_CHOICES, sources: ['WALLET'], extensions: false, maxActions: 14, arrearsTolerances: [500, 1_000, 10_000] }),
          (life) => {
            const r = runPureLife(life);
            if (r.violations.length > 0)
              throw new Error(
                `\n${describeLife(life)}\nwhat happened:\n${r.trace.map((t) => `  ${t}`).join('\n')}\nviolations:\n${describeViolations(r.violations)}`,
              );
          },
        ),
        { numRuns: TOLERANCE_LIVES, ...seedFromEnv() },
      );
    },
    Math.max(60_000, TOLERANCE_LIVES * 300),
  );
});
