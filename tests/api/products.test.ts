import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loans, productVersions } from '../../src/server/db/schema';
import { migrationsFolder } from '../../src/server/paths';
import { SEC_SMALL_LOAN_CAPS, SMALL_LOAN_COOLING_OFF_DAYS } from '../../src/shared/loan/charges';
import { createTestApp, type TestApp } from '../fixtures/app';
import { en } from '../../src/shared/i18n/en';
import { APPLICATION, apply, createActivatedMember, createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, travelTo } from '../fixtures/repayments';

/**
 * Products side by side (docs/decisions/078): the default product PERSONAL and the small loan
 * SMALL (PHP 1,000-10,000 over 1 to 4 months, 2 % a month on the declining balance) offered at
 * once; a loan records its product and version and reads them everywhere (productOf); retiring a
 * product stops new applications only; the cooling-off days between small loans.
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const SMALL = { amount: '10000.00', term: 4, selectedCurrency: 'PHP', productCode: 'SMALL', productVersion: 1 } as const;

/*
 * PHP 10,000.00 over 4 months at 2 % a month on the declining balance, by hand. The level payment
 * 10,000 x 0.02 / (1 - 1.02^-4) = 2,626.24 is rounded up to the whole peso, 2,627.00; each month's
 * interest is 2 % of the balance, rounded down to the centavo; the last instalment takes what is left.
 *   1: interest 10,000.00 x 2 % = 200.00, principal 2,427.00, balance 7,573.00
 *   2: interest  7,573.00 x 2 % = 151.46, principal 2,475.54, balance 5,097.46
 *   3: interest  5,097.46 x 2 % = 101.9492 -> 101.94, principal 2,525.06, balance 2,572.40
 *   4: interest  2,572.40 x 2 % = 51.448 -> 51.44, instalment 2,572.40 + 51.44 = 2,623.84
 * Total interest 504.84, total payable 10,504.84 (5.05 % of the principal, under the SEC's 100 %);
 * the effective rate is 2 % a month (the instalments rounded up make it a hair less): under 6 %
 * nominal and 12 % effective, and 24 % a year under the contract's 25 %.
 */
const SMALL_LINES = [
  { number: 1, principal: '2427.00', interest: '200.00', total: '2627.00', balanceAfter: '7573.00' },
  { number: 2, principal: '2475.54', interest: '151.46', total: '2627.00', balanceAfter: '5097.46' },
  { number: 3, principal: '2525.06', interest: '101.94', total: '2627.00', balanceAfter: '2572.40' },
  { number: 4, principal: '2572.40', interest: '51.44', total: '2623.84', balanceAfter: '0.00' },
];

describe('GET /api/public/config lists the products offered', () => {
  it('the default Personal loan first (also as `product`), then the small loan, each with its figures from its configuration', async () => {
    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.product).toMatchObject({ version: 1, minAmount: '200000.00', maxAmount: '5000000.00', monthlyAddOnRateBps: 50 });
    expect(config.products.map((p: { code: string }) => p.code)).toEqual(['PERSONAL', 'SMALL']);
    expect(config.products[0]).toMatchObject({
      code: 'PERSONAL',
      version: 1,
      names: { en: 'Personal loan', fil: 'Personal na pautang' },
      // The description's template filled with this version's figures (decision 086).
      descriptions: {
        en: 'For larger needs, repaid in monthly instalments over up to 48 months.',
        fil: 'Para sa mas malalaking pangangailangan, binabayaran buwan-buwan hanggang 48 buwan.',
      },
      interestModel: 'ADD_ON',
      monthlyRateBps: 50,
      terms: [6, 12, 24, 36, 48],
      smallLoan: false,
      coolingOffDays: null,
    });
    expect(config.products[1]).toMatchObject({
      code: 'SMALL',
      version: 1,
      names: { en: 'Small loan', fil: 'Maliit na pautang' },
      descriptions: {
        en: 'For a short, small need: ₱1,000.00 to ₱10,000.00, repaid over 1 to 4 months.',
        fil: 'Para sa maliit at panandaliang pangangailangan: ₱1,000.00 hanggang ₱10,000.00, binabayaran sa 1 hanggang 4 buwan.',
      },
      minAmount: '1000.00',
      maxAmount: '10000.00',
      terms: [1, 2, 3, 4],
      defaultTerm: 2,
      interestModel: 'DECLINING_BALANCE',
      monthlyRateBps: 200,
      fees: [],
      penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
      annualCostCapBps: 2500,
      smallLoan: true,
      coolingOffDays: SMALL_LOAN_COOLING_OFF_DAYS,
    });
  });
});

describe('GET /api/loans/quote?product=SMALL', () => {
  it('answers the hand-computed schedule, with an EIR within the SEC caps and the contract cap', async () => {
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=10000.00&term=4&product=SMALL'));
    expect(quote.productCode).toBe('SMALL');
    expect(quote.productVersion).toBe(1);
    const d = quote.disclosure;
    expect(d.schedule.map((l: Record<string, unknown>) => ({ ...l, dueDate: undefined, fees: undefined }))).toMatchObject(SMALL_LINES);
    expect(d).toMatchObject({
      interestModel: 'DECLINING_BALANCE',
      nominalMonthlyRatePercent: '2',
      amountFinanced: '10000.00',
      totalPayable: '10504.84',
      netProceeds: '10000.00',
    });
    expect(d.financeCharges).toEqual([expect.objectContaining({ code: 'INTEREST', amount: '504.84' })]);
    const eirMonthly = Number(d.eir.monthlyPercent) / 100;
    expect(eirMonthly).toBeLessThanOrEqual(SEC_SMALL_LOAN_CAPS.effectiveMonthlyRate);
    expect(eirMonthly).toBeGreaterThan(0.0199);
    expect(eirMonthly).toBeLessThanOrEqual(0.02);
    expect(Number(d.eir.annualPercent)).toBeLessThanOrEqual(25);
  });

  it('checks the amount and term against the small loan, naming its figures', async () => {
    const big = await get(t, undefined, '/api/loans/quote?amount=20000.00&term=4&product=SMALL');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.fields.amount).toBe('The loan amount must be between 1,000.00 and 10,000.00 PHP.');
    const long = await get(t, undefined, '/api/loans/quote?amount=5000.00&term=6&product=SMALL');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.term).toBe('Choose a term of 1, 2, 3 or 4 months.');
  });

  it('refuses an unknown product, naming it and the products offered', async () => {
    const res = await get(t, undefined, '/api/loans/quote?amount=5000.00&term=2&product=PAYDAY');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PRODUCT_NOT_OFFERED', message: expect.stringContaining('PAYDAY') });
    expect(res.json().error.message).toContain('PERSONAL, SMALL');
  });
});

describe('POST /api/loans/applications names the product', () => {
  it('a small loan records SMALL version 1; its schedule, servicing and repayment read the small loan', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker, { body: { ...SMALL } });
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row).toMatchObject({ productCode: 'SMALL', productVersion: 1, amount: 1_000_000n, term: 4 });
    const view = ok(await servicing(t, member.cookie));
    expect(view.lines.map((l: { dueDate: string; outstanding: string }) => [l.dueDate, l.outstanding])).toEqual([
      ['2026-12-22', '2627.00'],
      ['2027-01-22', '2627.00'],
      ['2027-02-22', '2627.00'],
      ['2027-03-22', '2623.84'],
    ]);
    expect(view.totals.outstanding).toBe('10504.84');

    // Repaid in full at once.
    const paid = await pay(t, member.cookie, view.totals.maximumPayment);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().receipt.loanStatus).toBe('REPAID');

    // SEC MC 14 s.2025, no splitting: another small loan only SMALL_LOAN_COOLING_OFF_DAYS after the last was repaid.
    const early = await apply(t, member.cookie, { ...SMALL, amount: '5000.00', term: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('SMALL_LOAN_COOLING_OFF');
    expect(early.json().error.message).toContain(`${SMALL_LOAN_COOLING_OFF_DAYS} days`);
    expect(early.json().error.message).toContain('from 2026-11-29');
    // A loan that is not a small one is not held back.
    const personal = ok(await apply(t, member.cookie, { ...APPLICATION }), 201);
    ok(await post(t, member.cookie, '/api/loans/current/cancel', { reason: 'Changed my mind' }));
    expect(personal.loan.productCode).toBe('PERSONAL');

    travelTo(t, '2026-11-29');
    const back = await relogin(t, member);
    const later = ok(await apply(t, back.cookie, { ...SMALL, amount: '5000.00', term: 2 }), 201);
    expect(later.loan.productCode).toBe('SMALL');
    ok(await post(t, back.cookie, '/api/loans/current/cancel', { reason: 'Changed my mind' }));
  });

  it('naming none applies for the default product (older clients keep working)', async () => {
    const m = await createActivatedMember(t);
    const created = ok(await apply(t, m.cookie, { ...APPLICATION }), 201);
    expect(created.loan).toMatchObject({ productCode: 'PERSONAL', productVersion: 1 });
    ok(await post(t, m.cookie, '/api/loans/current/cancel', { reason: 'Changed my mind' }));
  });

  it('refuses an unknown product and a stale version of the small loan', async () => {
    const m = await createActivatedMember(t);
    const unknown = await apply(t, m.cookie, { ...SMALL, productCode: 'PAYDAY' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.code).toBe('PRODUCT_NOT_OFFERED');
    const stale = await apply(t, m.cookie, { ...SMALL, productVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRODUCT_VERSION_STALE');
    const malformed = await apply(t, m.cookie, { ...SMALL, productCode: 'small loan' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('an ADMIN draft within the SEC small-loan range is held to its caps', () => {
  it('refuses 7 % a month on PHP 1,000-10,000 over 1 to 4 months, naming the figures', async () => {
    admin = await relogin(t, admin); // the cooling-off test moved the clock
    const draft = ok(await get(t, admin.cookie, '/api/admin/settings')).productDraft as Record<string, unknown>;
    const res = await post(t, admin.cookie, '/api/admin/settings/product', {
      ...draft,
      minAmount: '1000.00',
      maxAmount: '10000.00',
      terms: [1, 2, 3, 4],
      defaultTerm: 2,
      monthlyRateBps: 700,
      eligibility: { ...(draft.eligibility as object), incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PRODUCT_REFUSED');
    expect(res.json().error.message).toContain('SEC small-loan cap: nominal interest 7 % a month is above 6 %');
    expect(res.json().error.message).toContain('above the 25 % a year cap');
    expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
  });
});

describe('POST /api/admin/settings/products/:code/retire', () => {
  it('stops new applications for the product, keeps its loans on their version, is audited', async () => {
    admin = await relogin(t, admin);
    officer = await relogin(t, officer);
    // A small loan applied for before the retirement.
    const before = await createActivatedMember(t);
    const kept = ok(await apply(t, before.cookie, { ...SMALL, amount: '3000.00', term: 3 }), 201).loan;

    const retired = ok(await post(t, admin.cookie, '/api/admin/settings/products/SMALL/retire'), 201);
    expect(retired).toMatchObject({ code: 'SMALL', version: 2, retired: true });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PRODUCT_RETIRE'), eq(auditLog.subjectId, 'SMALL')));
    expect(audit).toMatchObject({ actorUserId: admin.userId, subjectType: 'PRODUCT' });

    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.products.map((p: { code: string }) => p.code)).toEqual(['PERSONAL']);
    const m = await createActivatedMember(t);
    const refused = await apply(t, m.cookie, { ...SMALL });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PRODUCT_NOT_OFFERED');
    expect(refused.json().error.message).toContain('SMALL');
    expect((await get(t, undefined, '/api/loans/quote?amount=5000.00&term=2&product=SMALL')).statusCode).toBe(409);

    // The loan applied for before keeps its product and version, and its figures.
    const current = ok(await get(t, before.cookie, '/api/loans/current')).loan;
    expect(current).toMatchObject({ id: kept.id, productCode: 'SMALL', productVersion: 1 });
    expect(current.disclosure).toMatchObject({ interestModel: 'DECLINING_BALANCE', totalPayable: kept.disclosure.totalPayable });
    // The officer's offer is one of the terms of the loan's own product version.
    expect(ok(await get(t, officer.cookie, `/api/admin/loans/${kept.id}`)).loan.productTerms).toEqual([1, 2, 3, 4]);

    // Retired twice, or the default product: refused; an unknown product: not found.
    expect((await post(t, admin.cookie, '/api/admin/settings/products/SMALL/retire')).statusCode).toBe(409);
    expect((await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/retire')).statusCode).toBe(409);
    expect((await post(t, admin.cookie, '/api/admin/settings/products/PAYDAY/retire')).statusCode).toBe(404);
    // Staff other than an ADMIN may not.
    expect((await post(t, officer.cookie, '/api/admin/settings/products/SMALL/retire')).statusCode).toBe(403);

    // Another process (a fresh catalogue synced from the database) agrees.
    const { ProductCatalog } = await import('../../src/server/product/catalog');
    const fresh = new ProductCatalog();
    await fresh.sync(t.deps.db);
    expect(fresh.offeredProduct('SMALL')).toBeNull();
    expect(fresh.byCodeVersion('SMALL', 1).interest.model).toBe('DECLINING_BALANCE');
  });
});

describe('migration 0033: products side by side', () => {
  const MIGRATION = readFileSync(path.join(migrationsFolder, '0033_products-side-by-side.sql'), 'utf8');

  it('backfills every existing loan and stored version as the default product, PERSONAL, and keys versions by product', async () => {
    // The two tables as they were before it, in a schema of their own, with rows.
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`create schema before_0033`);
      await tx.execute(sql`set local search_path to before_0033`);
      await tx.execute(sql`create table loans (id integer primary key, product_version integer not null)`);
      await tx.execute(
        sql`create table product_versions (version integer primary key, draft jsonb not null, effective_from text not null, created_by uuid, created_at timestamptz not null)`,
      );
      await tx.execute(sql`insert into loans values (1, 1), (2, 2)`);
      await tx.execute(sql`insert into product_versions values (2, '{}', '2026-11-23', null, now()), (3, '{}', '2026-11-24', null, now())`);
      for (const statement of MIGRATION.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
      const loanRows = await tx.execute<{ id: number; product_code: string; product_version: number }>(
        sql`select id, product_code, product_version from loans order by id`,
      );
      expect(loanRows.rows).toEqual([
        { id: 1, product_code: 'PERSONAL', product_version: 1 },
        { id: 2, product_code: 'PERSONAL', product_version: 2 },
      ]);
      const versions = await tx.execute<{ product_code: string; version: number; retired: boolean }>(
        sql`select product_code, version, retired from product_versions order by version`,
      );
      expect(versions.rows).toEqual([
        { product_code: 'PERSONAL', version: 2, retired: false },
        { product_code: 'PERSONAL', version: 3, retired: false },
      ]);
      // Keyed by product and version: SMALL 2 beside PERSONAL 2; a second PERSONAL 2 refused; a loan must name its product.
      await tx.execute(
        sql`insert into product_versions (product_code, version, draft, effective_from, created_at) values ('SMALL', 2, '{}', '2026-11-28', now())`,
      );
      await expect(
        tx.transaction((inner) =>
          inner.execute(
            sql`insert into product_versions (product_code, version, draft, effective_from, created_at) values ('PERSONAL', 2, '{}', '2026-11-28', now())`,
          ),
        ),
      ).rejects.toThrow();
      await expect(tx.transaction((inner) => inner.execute(sql`insert into loans (id, product_version) values (3, 1)`))).rejects.toThrow();
      await tx.execute(sql`set local search_path to public`);
      await tx.execute(sql`drop schema before_0033 cascade`);
    });
  });
});

describe('POST /api/admin/settings/products: an ADMIN adds a product', () => {
  const names = { en: 'Micro loan', fil: 'Mikro na pautang' };
  // Templates (decision 086): the version's figures fill them, the page shows ₱2,000.00 to ₱8,000.00 over 1 to 3 months.
  const descriptions = {
    en: '{{min}} to {{max}} over {{termMin}} to {{termMax}} months.',
    fil: '{{min}} hanggang {{max}} sa {{termMin}} hanggang {{termMax}} buwan.',
  };
  const shownDescriptions = { en: '₱2,000.00 to ₱8,000.00 over 1 to 3 months.', fil: '₱2,000.00 hanggang ₱8,000.00 sa 1 hanggang 3 buwan.' };
  const micro = (overrides: Record<string, unknown> = {}) => ({
    code: 'MICRO',
    draft: {
      name: 'Tapat Micro Loan',
      names,
      descriptions,
      interestModel: 'DECLINING_BALANCE',
      minAmount: '2000.00',
      maxAmount: '8000.00',
      terms: [1, 2, 3],
      defaultTerm: 2,
      monthlyRateBps: 150,
      fees: [],
      penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
      annualCostCapBps: 2500,
      eligibility: { minAge: 18, maxAgeAtTermEnd: 80, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1 }, maxDebtServiceRatioBps: 5000 },
      ...overrides,
    },
  });

  it('refuses one above an SEC small-loan cap, naming the figure, and stores nothing', async () => {
    admin = await relogin(t, admin);
    const res = await post(t, admin.cookie, '/api/admin/settings/products', micro({ monthlyRateBps: 700 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PRODUCT_REFUSED');
    expect(res.json().error.message).toContain('SEC small-loan cap: nominal interest 7 % a month is above 6 %');
    expect(await t.deps.db.select().from(productVersions).where(eq(productVersions.productCode, 'MICRO'))).toHaveLength(0);
    // A name of the advance-fee pattern is refused by the schema.
    const scam = await post(t, admin.cookie, '/api/admin/settings/products', micro({ names: { en: 'Unlock loan', fil: 'Unlock na pautang' } }));
    expect(scam.statusCode).toBe(400);
    // A description that states its figures itself (they would stay behind when a version changes them) is refused by the schema, in digits or in words.
    const stated = await post(t, admin.cookie, '/api/admin/settings/products', micro({ descriptions: { en: 'PHP 2,000 to 8,000.', fil: descriptions.fil } }));
    expect(stated.statusCode).toBe(400);
    expect(stated.json().error.fields['draft.descriptions.en']).toBe(en.backoffice.validation.productDescription.FIGURE);
    const words = await post(
      t,
      admin.cookie,
      '/api/admin/settings/products',
      micro({ descriptions: { en: descriptions.en, fil: 'Sa isa hanggang tatlong buwan.' } }),
    );
    expect(words.json().error.fields['draft.descriptions.fil']).toBe(en.backoffice.validation.productDescription.FIGURE);
    const unknown = await post(t, admin.cookie, '/api/admin/settings/products', micro({ descriptions: { en: 'From {{fee}}.', fil: descriptions.fil } }));
    expect(unknown.json().error.fields['draft.descriptions.en']).toBe(en.backoffice.validation.productDescription.UNKNOWN_VALUE);
    expect(await t.deps.db.select().from(productVersions).where(eq(productVersions.productCode, 'MICRO'))).toHaveLength(0);
  });

  it('offers a valid one beside the others from version 1, audited; its code cannot be taken twice', async () => {
    const created = ok(await post(t, admin.cookie, '/api/admin/settings/products', micro()), 201);
    expect(created).toMatchObject({ code: 'MICRO', version: 1, draft: { interestModel: 'DECLINING_BALANCE', names } });
    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.products.find((p: { code: string }) => p.code === 'MICRO')).toMatchObject({
      names,
      descriptions: shownDescriptions,
      interestModel: 'DECLINING_BALANCE',
      monthlyRateBps: 150,
      smallLoan: true,
      coolingOffDays: SMALL_LOAN_COOLING_OFF_DAYS,
    });
    // PHP 2,000.00 over 1 month at 1.5 %: one instalment of 2,030.00.
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=2000.00&term=1&product=MICRO'));
    expect(quote.disclosure).toMatchObject({ totalPayable: '2030.00', interestModel: 'DECLINING_BALANCE' });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_CREATE'));
    expect(audit).toMatchObject({ subjectId: 'MICRO', actorUserId: admin.userId });
    expect((await post(t, admin.cookie, '/api/admin/settings/products', micro())).statusCode).toBe(409);
    // Another process reads its names from the stored draft.
    const { ProductCatalog } = await import('../../src/server/product/catalog');
    const fresh = new ProductCatalog();
    await fresh.sync(t.deps.db);
    expect(fresh.offeredProduct('MICRO')).toMatchObject({ names, version: 1, interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 150 } });
  });
});
