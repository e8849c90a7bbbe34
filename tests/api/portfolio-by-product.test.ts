import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, expectLedgerSound, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, travelTo } from '../fixtures/repayments';

/**
 * The portfolio and the collections queue by product (decision 083): `?product=` (the shared
 * schema's product code) keeps one product's loans, and both answer their totals by product.
 *
 * Two loans disbursed on 2026-11-22 (due dates the 22nd): PERSONAL PHP 200,000.00 over 6 months,
 * nothing paid; SMALL PHP 10,000.00 over 4 months at 2 % a month on the declining balance, its
 * first instalment paid on 2026-12-20: 2,627.00 = principal 2,427.00 + interest 200.00
 * (10,000.00 x 2 %), leaving 7,573.00 of principal (tests/api/products.test.ts by hand).
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let personal: { loanId: string };
let small: { loanId: string };

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  personal = await disbursedLoan(t, officer, checker);
  const borrower = await createActivatedMember(t);
  small = await disbursedLoan(t, officer, checker, {
    member: borrower,
    body: { amount: '10000.00', term: 4, selectedCurrency: 'PHP', productCode: 'SMALL', productVersion: 1 },
  });
  travelTo(t, '2026-12-20');
  const b = await relogin(t, borrower);
  ok(await pay(t, b.cookie, '2627.00'), 201);
  officer = await relogin(t, officer);
}, 300_000);
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

interface ByProduct {
  code: string;
  openLoans: number;
  outstandingPrincipal: string;
  lateChargesReceivable: string;
  collectedThisMonth: string;
  par30Principal: string;
  names: { en: string; fil: string };
}

describe('GET /api/admin/portfolio by product', () => {
  it('totals by product; the whole ledger is their sum; ?product= makes one product the headline', async () => {
    const all = ok(await get(t, officer.cookie, '/api/admin/portfolio'));
    expect(all.product).toBeNull();
    expect(all.outstandingPrincipal).toBe('207573.00');
    expect(all.collectedThisMonth).toMatchObject({ month: '2026-12', total: '2627.00', principal: '2427.00', interest: '200.00', payments: 1 });
    expect(all.byProduct as ByProduct[]).toEqual([
      {
        code: 'PERSONAL',
        names: { en: 'Personal loan', fil: 'Personal na pautang' },
        openLoans: 1,
        outstandingPrincipal: '200000.00',
        lateChargesReceivable: '0.00',
        collectedThisMonth: '0.00',
        par30Principal: '0.00',
      },
      {
        code: 'SMALL',
        names: { en: 'Small loan', fil: 'Maliit na pautang' },
        openLoans: 1,
        outstandingPrincipal: '7573.00',
        lateChargesReceivable: '0.00',
        collectedThisMonth: '2627.00',
        par30Principal: '0.00',
      },
    ]);

    const onlySmall = ok(await get(t, officer.cookie, '/api/admin/portfolio?product=SMALL'));
    expect(onlySmall.product).toBe('SMALL');
    expect(onlySmall.outstandingPrincipal).toBe('7573.00');
    expect(onlySmall.collectedThisMonth).toMatchObject({
      total: '2627.00',
      principal: '2427.00',
      interest: '200.00',
      fees: '0.00',
      charges: '0.00',
      payments: 1,
    });
    expect(onlySmall.par30).toEqual({ principal: '0.00', percent: '0.00', loans: 0 });
    const states = Object.fromEntries(
      (onlySmall.loansByState as { status: string; count: number }[]).filter((s) => s.count > 0).map((s) => [s.status, s.count]),
    );
    expect(Object.values(states)).toEqual([1]);
    expect(onlySmall.byProduct).toEqual(all.byProduct);

    const onlyPersonal = ok(await get(t, officer.cookie, '/api/admin/portfolio?product=PERSONAL'));
    expect(onlyPersonal).toMatchObject({ product: 'PERSONAL', outstandingPrincipal: '200000.00', collectedThisMonth: { total: '0.00', payments: 0 } });
  });

  it('PAR30 by product: on 2027-01-25 PERSONAL is 34 days past due (all its principal), SMALL 3 days (none of it)', async () => {
    travelTo(t, '2027-01-25');
    officer = await relogin(t, officer);
    const all = ok(await get(t, officer.cookie, '/api/admin/portfolio'));
    expect(all.par30).toMatchObject({ principal: '200000.00', loans: 1 });
    expect((all.byProduct as ByProduct[]).map((p) => [p.code, p.par30Principal, p.collectedThisMonth])).toEqual([
      ['PERSONAL', '200000.00', '0.00'],
      ['SMALL', '0.00', '0.00'],
    ]);
    const onlySmall = ok(await get(t, officer.cookie, '/api/admin/portfolio?product=SMALL'));
    expect(onlySmall.par30).toEqual({ principal: '0.00', percent: '0.00', loans: 0 });
  });

  it('refuses a product that is not a code (400, naming the field); an unknown code has nothing; a member is refused', async () => {
    const bad = await get(t, officer.cookie, '/api/admin/portfolio?product=small%20loan');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.json().error.fields)).toEqual(['product']);
    const unknown = ok(await get(t, officer.cookie, '/api/admin/portfolio?product=NOPE'));
    expect(unknown).toMatchObject({ product: 'NOPE', outstandingPrincipal: '0.00', par30: { loans: 0 } });
    const member = await createActivatedMember(t);
    expect((await get(t, member.cookie, '/api/admin/portfolio?product=SMALL')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/collections by product', () => {
  it('keeps one product’s loans, counts its buckets, and totals the whole queue by product', async () => {
    const all = ok(await get(t, officer.cookie, '/api/admin/collections'));
    expect(all.product).toBeNull();
    expect(all.items.map((r: { loanId: string }) => r.loanId)).toEqual([personal.loanId, small.loanId]);
    expect(all.counts).toEqual({ D1_30: 1, D31_60: 1, D61_90: 0, OVER_90: 0 });
    const [p, s] = all.items as { pastDue: string; outstanding: string }[];
    // Each product's totals are its one loan's row.
    expect(all.byProduct).toEqual([
      { code: 'PERSONAL', names: { en: 'Personal loan', fil: 'Personal na pautang' }, loans: 1, pastDue: p!.pastDue, outstanding: p!.outstanding },
      { code: 'SMALL', names: { en: 'Small loan', fil: 'Maliit na pautang' }, loans: 1, pastDue: s!.pastDue, outstanding: s!.outstanding },
    ]);
    // SMALL: the three instalments left, 2,627.00 + 2,627.00 + 2,623.84 = 7,877.84, plus any late charge.
    expect(Number(s!.outstanding)).toBeGreaterThanOrEqual(7877.84);

    const onlySmall = ok(await get(t, officer.cookie, '/api/admin/collections?product=SMALL'));
    expect(onlySmall.product).toBe('SMALL');
    expect(onlySmall.items.map((r: { loanId: string }) => r.loanId)).toEqual([small.loanId]);
    expect(onlySmall.counts).toEqual({ D1_30: 1, D31_60: 0, D61_90: 0, OVER_90: 0 });
    expect(onlySmall.byProduct).toEqual(all.byProduct);
    const personalOver30 = ok(await get(t, officer.cookie, '/api/admin/collections?product=PERSONAL&bucket=D31_60'));
    expect(personalOver30.items.map((r: { loanId: string }) => r.loanId)).toEqual([personal.loanId]);
    expect(ok(await get(t, officer.cookie, '/api/admin/collections?product=SMALL&bucket=D31_60')).items).toEqual([]);

    const bad = await get(t, officer.cookie, '/api/admin/collections?product=Small');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['product']);
  });
});
