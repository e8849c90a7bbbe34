import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import { statementOf, toDisclosure } from '../../../shared/loan/disclosure';
import { PRODUCT_V1 } from '../../../shared/loan/product';
import { buildSchedule } from '../../../shared/loan/schedule';
import { ManualClock } from '../../clock';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { DISCLOSURES_KEPT, disclosureOf } from './views';
import { type LoanRow } from '../../domain/loans/repository';

/**
 * A loan's disclosure is kept once built (decision 042): asked again with the same inputs, the same
 * (frozen) answer; any input changed, the answer built afresh from it, equal to building it directly.
 */
const clock = new ManualClock(new Date('2026-11-22T04:00:00Z'));
const deps = (company = DEMO_COMPANY_PROFILE) =>
  ({ clock, config: { company, servicing: { arrearsTolerance: 0n } }, products: { byCodeVersion: () => PRODUCT_V1 } }) as unknown as AppDeps;
// An unsigned loan's disclosure reads no contract: no database is used.
const db = null as unknown as DbOrTx;
const loan = (changes: Partial<LoanRow> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    productVersion: PRODUCT_V1.version,
    amount: 20_000_000n,
    term: 6,
    selectedCurrency: 'PHP',
    exchangeRate: '1',
    ratesAsOf: '2026-11-22',
    signedAt: null,
    scheduleStartDate: null,
    scheduleFrequency: 'MONTHLY',
    dueDay: null,
    ...changes,
  }) as unknown as LoanRow;

function direct(
  company: typeof DEMO_COMPANY_PROFILE,
  amount: bigint,
  term: number,
  date: string,
  borrower: { name: string; address: string | null } | null = null,
) {
  return toDisclosure(PRODUCT_V1, buildSchedule(PRODUCT_V1, amount, term, date), null, statementOf(company, date, borrower));
}

describe('a loan disclosure kept once built', () => {
  it('answers the same frozen disclosure for the same inputs, equal to one built directly', async () => {
    const first = await disclosureOf(db, deps(), loan());
    expect(first).toEqual(direct(DEMO_COMPANY_PROFILE, 20_000_000n, 6, '2026-11-22'));
    expect(await disclosureOf(db, deps(), loan())).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.schedule[0])).toBe(true);
    expect(() => {
      (first as { regularInstalment: string }).regularInstalment = '0.00';
    }).toThrow(TypeError);
  });

  it('builds afresh when an input changes: amount, term, date, borrower, company signatory', async () => {
    const base = await disclosureOf(db, deps(), loan());
    const other = await disclosureOf(db, deps(), loan({ amount: 30_000_000n, term: 12 }));
    expect(other).not.toBe(base);
    expect(other).toEqual(direct(DEMO_COMPANY_PROFILE, 30_000_000n, 12, '2026-11-22'));
    const borrower = { name: 'Maria Santos Dela Cruz', address: 'Quezon City' };
    expect(await disclosureOf(db, deps(), loan(), borrower)).toEqual(direct(DEMO_COMPANY_PROFILE, 20_000_000n, 6, '2026-11-22', borrower));
    const renamed = { ...DEMO_COMPANY_PROFILE, disclosureSignatory: { ...DEMO_COMPANY_PROFILE.disclosureSignatory, name: 'Another Signatory' } };
    expect(await disclosureOf(db, deps(renamed), loan())).toEqual(direct(renamed, 20_000_000n, 6, '2026-11-22'));
    clock.advance(24 * 3600_000);
    const nextDay = await disclosureOf(db, deps(), loan());
    expect(nextDay).toEqual(direct(DEMO_COMPANY_PROFILE, 20_000_000n, 6, '2026-11-23'));
  });

  it('keeps at most DISCLOSURES_KEPT and still answers correctly past it', async () => {
    for (let i = 0; i < DISCLOSURES_KEPT + 5; i++) await disclosureOf(db, deps(), loan({ amount: 10_000_000n + BigInt(i) * 100n }));
    expect(await disclosureOf(db, deps(), loan({ amount: 10_000_000n }))).toEqual(direct(DEMO_COMPANY_PROFILE, 10_000_000n, 6, '2026-11-23'));
  });
});
