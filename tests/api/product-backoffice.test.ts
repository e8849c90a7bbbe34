import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productVersions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * The back office's products (decision 083): the list with each product's status and versions, a
 * new version of any product, a new product, a retirement; every refusal named (non-ADMIN roles,
 * bad drafts with the figure in English and Filipino, unknown products, twice retired), every
 * change audited.
 */

let t: TestApp;
let member: TestMember;
let officer: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  member = await createActivatedMember(t);
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => {
  await t.close();
});

interface Summary {
  code: string;
  status: string;
  offeredVersion: number | null;
  latestVersion: number;
  highestVersion: number;
  isDefault: boolean;
  names: { en: string; fil: string };
  draft: Record<string, unknown> | null;
}

const list = async (): Promise<Summary[]> => ok(await get(t, admin.cookie, '/api/admin/settings/products')).products as Summary[];
const summary = async (code: string) => (await list()).find((p) => p.code === code)!;
const versionsOf = (code: string) => t.deps.db.select().from(productVersions).where(eq(productVersions.productCode, code));

/** A third product: PHP 1,000-5,000 over 1 to 3 months at 1.5 % a month on the declining balance (18 % a year). */
const payday = (overrides: Record<string, unknown> = {}) => ({
  code: 'PAYDAY',
  draft: {
    name: 'Tapat Payday Loan',
    interestModel: 'DECLINING_BALANCE',
    names: { en: 'Payday loan', fil: 'Pautang hanggang sahod' },
    descriptions: { en: 'A short loan repaid from the next wages.', fil: 'Maikling pautang na binabayaran mula sa susunod na sahod.' },
    minAmount: '1000.00',
    maxAmount: '5000.00',
    terms: [1, 2, 3],
    defaultTerm: 1,
    monthlyRateBps: 150,
    fees: [],
    penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
    annualCostCapBps: 2500,
    eligibility: { minAge: 18, maxAgeAtTermEnd: 80, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1 }, maxDebtServiceRatioBps: 5000 },
    ...overrides,
  },
});

describe('who may manage products', () => {
  it('only an ADMIN: signed out 401, a member and an officer 403 on every route; nothing stored', async () => {
    const small = (await list()).find((p) => p.code === 'SMALL')!;
    for (const cookie of [undefined, member.cookie, officer.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await get(t, cookie, '/api/admin/settings/products')).statusCode).toBe(expected);
      expect((await post(t, cookie, '/api/admin/settings/products/SMALL/versions', { ...small.draft, monthlyRateBps: 150 })).statusCode).toBe(expected);
      expect((await post(t, cookie, '/api/admin/settings/products', payday())).statusCode).toBe(expected);
      expect((await post(t, cookie, '/api/admin/settings/products/SMALL/retire')).statusCode).toBe(expected);
    }
    expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectType, 'PRODUCT'))).toHaveLength(0);
  });
});

describe('GET /api/admin/settings/products', () => {
  it('lists every product, the default first, with its status, versions and latest draft', async () => {
    const products = await list();
    expect(products.map((p) => [p.code, p.status, p.offeredVersion, p.latestVersion, p.highestVersion, p.isDefault])).toEqual([
      ['PERSONAL', 'OFFERED', 1, 1, 1, true],
      ['SMALL', 'OFFERED', 1, 1, 1, false],
    ]);
    expect(products[1]!.names).toEqual({ en: 'Small loan', fil: 'Maliit na pautang' });
    expect(products[1]!.draft).toMatchObject({ interestModel: 'DECLINING_BALANCE', minAmount: '1000.00', maxAmount: '10000.00', monthlyRateBps: 200 });
  });
});

describe('POST /api/admin/settings/products/:code/versions (a new version of any product)', () => {
  it('refuses a SMALL version above the SEC nominal cap naming 7 % and 6 %, in English and in Filipino; nothing stored', async () => {
    const draft = (await summary('SMALL')).draft!;
    const res = await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', { ...draft, monthlyRateBps: 700 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PRODUCT_REFUSED');
    expect(res.json().error.message).toContain('SEC small-loan cap: nominal interest 7 % a month is above 6 %');
    // 7 % a month on the declining balance is 84 % a year: above the contract's 25 % too.
    expect(res.json().error.message).toContain('above the 25 % a year cap');
    const fil = await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', { ...draft, monthlyRateBps: 700 }, { 'accept-language': 'fil' });
    expect(fil.statusCode).toBe(409);
    expect(fil.json().error.message).toContain('limit ng SEC sa maliliit na loan: lampas sa 6 % ang nominal interest na 7 % kada buwan');
    expect(await versionsOf('SMALL')).toHaveLength(0);
  });

  it('refuses late charges above the SEC 5 % a month: 0.1 % a day x 30 + a 4 % collection charge = 7 %', async () => {
    const draft = (await summary('SMALL')).draft!;
    const res = await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', {
      ...draft,
      penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 400 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.reason1).toBe('SEC small-loan cap: late charges of 7 % a month are above 5 % of the amount due');
    expect(await versionsOf('SMALL')).toHaveLength(0);
  });

  it('refuses a draft the schema refuses with 400: a cap above the contract names 25 %', async () => {
    const draft = (await summary('SMALL')).draft!;
    const res = await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', { ...draft, annualCostCapBps: 3000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.annualCostCapBps).toContain('At most 25 % a year');
    expect(await versionsOf('SMALL')).toHaveLength(0);
  });

  it('an unknown product is 404, an unchanged draft 409; nothing stored', async () => {
    const draft = (await summary('SMALL')).draft!;
    const unknown = await post(t, admin.cookie, '/api/admin/settings/products/NOPE/versions', draft);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const unchanged = await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', draft);
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json().error.code).toBe('CONFLICT');
    expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
  });

  it('offers SMALL version 2 at 1.5 % a month, audited with before and after; the quote reads it', async () => {
    const draft = (await summary('SMALL')).draft!;
    const created = ok(await post(t, admin.cookie, '/api/admin/settings/products/SMALL/versions', { ...draft, monthlyRateBps: 150 }), 201);
    expect(created).toMatchObject({ code: 'SMALL', version: 2, draft: { monthlyRateBps: 150, names: { en: 'Small loan', fil: 'Maliit na pautang' } } });
    expect(await summary('SMALL')).toMatchObject({ status: 'OFFERED', offeredVersion: 2, latestVersion: 2, highestVersion: 2 });
    // PHP 1,000.00 over 1 month at 1.5 %: one instalment of 1,015.00.
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=1000.00&term=1&product=SMALL'));
    expect(quote.productVersion).toBe(2);
    expect(quote.disclosure).toMatchObject({ totalPayable: '1015.00' });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PRODUCT_VERSION_CREATE'), eq(auditLog.subjectId, 'SMALL 2')));
    expect(audit).toMatchObject({ actorUserId: admin.userId, subjectType: 'PRODUCT' });
    expect(audit!.details).toMatchObject({ productCode: 'SMALL', before: { version: 1, monthlyRateBps: 200 }, after: { version: 2, monthlyRateBps: 150 } });
  });
});

describe('POST /api/admin/settings/products (a third product) and its retirement', () => {
  it('refuses one above the caps naming each figure: 10 % a month nominal, and the 25 % a year', async () => {
    const res = await post(t, admin.cookie, '/api/admin/settings/products', payday({ monthlyRateBps: 1000 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('SEC small-loan cap: nominal interest 10 % a month is above 6 %');
    expect(res.json().error.message).toContain('above the 25 % a year cap');
    expect(await versionsOf('PAYDAY')).toHaveLength(0);
  });

  it('creates PAYDAY, offered beside the others and audited; the quote by hand', async () => {
    const created = ok(await post(t, admin.cookie, '/api/admin/settings/products', payday()), 201);
    expect(created).toMatchObject({ code: 'PAYDAY', version: 1 });
    expect(await summary('PAYDAY')).toMatchObject({ status: 'OFFERED', offeredVersion: 1, names: { en: 'Payday loan', fil: 'Pautang hanggang sahod' } });
    // PHP 5,000.00 over 1 month at 1.5 %: one instalment of 5,075.00 (interest 75.00).
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=5000.00&term=1&product=PAYDAY'));
    expect(quote.disclosure).toMatchObject({ totalPayable: '5075.00', totalFinanceCharge: '75.00' });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_CREATE'));
    expect(audit).toMatchObject({ subjectId: 'PAYDAY', actorUserId: admin.userId });
  });

  it('retires PAYDAY once (audited); twice is 409, an unknown product 404, the default 409', async () => {
    const retired = ok(await post(t, admin.cookie, '/api/admin/settings/products/PAYDAY/retire'), 201);
    expect(retired).toMatchObject({ code: 'PAYDAY', version: 2, retired: true });
    expect(await summary('PAYDAY')).toMatchObject({ status: 'RETIRED', offeredVersion: null, latestVersion: 1, highestVersion: 2 });
    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.products.map((p: { code: string }) => p.code)).toEqual(['PERSONAL', 'SMALL']);
    const twice = await post(t, admin.cookie, '/api/admin/settings/products/PAYDAY/retire');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This product is already retired.');
    const unknown = await post(t, admin.cookie, '/api/admin/settings/products/NOPE/retire');
    expect(unknown.statusCode).toBe(404);
    expect((await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/retire')).statusCode).toBe(409);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_RETIRE'))).toHaveLength(1);
  });

  it('a new version offers a retired product again, numbered after its retirement', async () => {
    const draft = (await summary('PAYDAY')).draft!;
    // The same terms as before its retirement: a change all the same (it is offered again).
    const created = ok(await post(t, admin.cookie, '/api/admin/settings/products/PAYDAY/versions', draft), 201);
    expect(created).toMatchObject({ code: 'PAYDAY', version: 3 });
    expect(await summary('PAYDAY')).toMatchObject({ status: 'OFFERED', offeredVersion: 3, latestVersion: 3, highestVersion: 3 });
  });
});

describe('the frequencies and the limit ladder of a version, as the back office form edits them (decision 088)', () => {
  it('refuses a ladder the product check refuses (409, in English and Filipino) and a draft with no frequency (400, the field named in the caller’s language)', async () => {
    const draft = (await summary('PERSONAL')).draft!;
    const ladder = draft.limitLadder as { steps: { afterOnTimeLoans: number; maxAmount: string }[]; fallbackMaxAmount: string };
    const high = { ...draft, limitLadder: { ...ladder, fallbackMaxAmount: '2000000.00' } };
    const res = await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/versions', high);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PRODUCT_REFUSED');
    expect(res.json().error.message).toContain('The amount after serious lateness (2,000,000.00) must be above zero and at most the first step.');
    const fil = await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/versions', high, { 'accept-language': 'fil' });
    expect(fil.statusCode).toBe(409);
    expect(fil.json().error.message).not.toContain('The amount after serious lateness');

    const none = await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/versions', { ...draft, frequencies: [] }, { 'accept-language': 'fil' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.frequencies).toBe('Lagyan ng tsek ang kahit isa.');
    const amount = await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/versions', {
      ...draft,
      limitLadder: { ...ladder, steps: [{ afterOnTimeLoans: 0, maxAmount: '1,000,000' }] },
    });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().error.fields['limitLadder.steps.0.maxAmount']).toBe(
      'An amount in pesos: digits, with a point and at most two decimals, no commas (for example, 1000).',
    );
    expect(await versionsOf('PERSONAL')).toHaveLength(0);
  });

  it('offers a PERSONAL version with monthly instalments only and its own ladder; the member’s limit reads its first step', async () => {
    const draft = (await summary('PERSONAL')).draft!;
    const ladder = {
      steps: [
        { afterOnTimeLoans: 0, maxAmount: '15000.00' },
        { afterOnTimeLoans: 2, maxAmount: '3000000.00' },
      ],
      onTimeDays: 2,
      seriousLateDays: 45,
      fallbackMaxAmount: '10000.00',
    };
    const created = ok(
      await post(t, admin.cookie, '/api/admin/settings/products/PERSONAL/versions', { ...draft, frequencies: ['MONTHLY'], limitLadder: ladder }),
      201,
    );
    expect(created.draft).toMatchObject({ frequencies: ['MONTHLY'], limitLadder: ladder });
    expect((await summary('PERSONAL')).draft).toMatchObject({ frequencies: ['MONTHLY'], limitLadder: ladder });
    const limits = ok(await get(t, member.cookie, '/api/member/limits')).limits as {
      productCode: string;
      ceiling: string;
      ladder: { step: unknown; onTimeDays: number };
    }[];
    const personal = limits.find((l) => l.productCode === 'PERSONAL')!;
    expect(personal.ceiling).toBe('15000.00');
    expect(personal.ladder).toMatchObject({ step: { afterOnTimeLoans: 0, maxAmount: '15000.00' }, onTimeDays: 2 });
  });
});
