import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanEvents, loans } from '../../src/server/db/schema';
import { CURRENT_PRODUCT } from '../../src/shared/loan/product';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';
import { APPLICATION, PHP, apply, createActivatedMember, expectLedgerSound, get, newKey, ok, post } from '../fixtures/loans';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

async function loansOf(userId: string) {
  return t.deps.db.select().from(loans).where(eq(loans.memberId, userId));
}

describe('POST /api/loans/applications', () => {
  it('creates a PENDING loan: LOAN_CREATED, the catalogue status, the pre-assessment and the disclosure', async () => {
    const m = await createActivatedMember(t);
    const res = await apply(t, m.cookie);
    const body = ok(res, 201);
    expect(body.state).toBe('LOAN_CREATED');
    expect(body.message).toBe('Loan application submitted.');
    expect(body.loan).toMatchObject({
      status: 'PENDING',
      statusMessage: 'Scheduled for evaluation. For more information, contact our support team: support@example.invalid (Everyday 10 am to 10 pm).',
      statusColor: 'info',
      statusIcon: 'query-builder',
      statement: 'LOAN APPLICATION IS PENDING REVIEW',
      statementShow: true,
      open: true,
      productVersion: CURRENT_PRODUCT.version,
      requestedAmount: '200000.00',
      amount: '200000.00',
      term: 6,
      selectedCurrency: 'PHP',
      exchangeRate: '1',
      amountXR: '200000.00',
      instalmentXR: '34334.00',
      interestModel: 'ADD_ON',
      interestRatePercent: '0.5',
      canCancel: true,
      canSign: false,
      contract: null,
    });
    expect(body.loan.loanNumber).toMatch(/^TAPAT-L\d{6}$/);
    // Income 150,000: instalment 34,334 is 22.88 % of it (rounded down); the most over 6 months is 436,893.
    expect(body.preAssessment).toMatchObject({
      eligible: true,
      reasons: [],
      instalment: '34334.00',
      debtServiceRatioPercent: '22.88',
      maxEligibleAmount: '436893.00',
      incomeMultiple: 12,
    });
    expect(body.loan.preAssessment).toEqual(body.preAssessment);
    expect(body.loan.disclosure).toMatchObject({
      amountFinanced: '200000.00',
      netProceeds: '200000.00',
      totalPayable: '206000.00',
      regularInstalment: '34334.00',
      scheduleStartDate: '2026-11-22',
    });
    expect(body.loan.disclosure.schedule).toHaveLength(6);
    expect(body.loan.disclosure.statement).toMatchObject({ date: '2026-11-22', timeZone: 'Asia/Manila', borrower: null, issue: 'ISSUED' });
    expect(body.loan.disclosure.totalNonFinanceCharges).toBe('0.00');
    expect(body.loan.timeline).toEqual([
      {
        at: '2026-11-22T04:00:00.000Z',
        from: null,
        to: 'PENDING',
        action: 'APPLY',
        actorRole: 'MEMBER',
        actor: 'YOU',
        actorName: null,
        reasonCode: null,
        reason: null,
        systemReason: null,
      },
    ]);
    const [row] = await loansOf(m.userId);
    expect(row).toMatchObject({
      status: 'PENDING',
      productVersion: 1,
      amount: PHP(200_000),
      requestedAmount: PHP(200_000),
      term: 6,
      selectedCurrency: 'PHP',
      exchangeRate: '1',
    });
    expect(await t.deps.db.select().from(loanEvents).where(eq(loanEvents.loanId, row!.id))).toHaveLength(1);
  });

  it('stores the selected currency and the rate used for display; the loan stays in PHP', async () => {
    const m = await createActivatedMember(t);
    const body = ok(await apply(t, m.cookie, { ...APPLICATION, amount: '300000', term: 12, selectedCurrency: 'USD' }), 201);
    // 300,000 x 0.01712 = 5,136.00; instalment 300,000 / 12 + 1,500 = 26,500 -> x 0.01712 = 453.68 -> 454.00
    expect(body.loan).toMatchObject({
      amount: '300000.00',
      selectedCurrency: 'USD',
      exchangeRate: '0.01712',
      displayRate: '58.41',
      amountXR: '5136.00',
      instalmentXR: '454.00',
    });
    expect(body.loan.ratesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(body.loan.disclosure.converted).toMatchObject({ currency: 'USD', amountFinanced: '5136.00', regularInstalment: '454.00' });
    const [row] = await loansOf(m.userId);
    expect(row).toMatchObject({ amount: PHP(300_000), selectedCurrency: 'USD', exchangeRate: '0.01712' });
  });

  it('answers an ineligible application with the reasons and the maximum, and still sends it to the officers', async () => {
    const m = await createActivatedMember(t, { income: PHP(35_000) });
    const body = ok(await apply(t, m.cookie), 201);
    expect(body.preAssessment.eligible).toBe(false);
    expect(body.preAssessment.reasons).toEqual([
      {
        code: 'DEBT_SERVICE_RATIO',
        message: 'The monthly instalment of PHP 34,334.00 would be more than PHP 17,500.00, the most an instalment may be (50 % of your monthly net income).',
        values: { instalment: '34,334.00', percent: '50', limit: '17,500.00' },
      },
    ]);
    expect(body.preAssessment.maxEligibleAmount).toBe('0.00');
    expect(body.preAssessment.maxEligibleByTerm).toEqual([
      { term: 6, amount: '0.00' },
      { term: 12, amount: '0.00' },
      { term: 24, amount: '375000.00' },
      { term: 36, amount: '533898.00' },
      { term: 48, amount: '677419.00' },
    ]);
    expect(body.loan.status).toBe('PENDING');
  });

  it('refuses a second open loan with "You already have a loan!" and changes nothing', async () => {
    const m = await createActivatedMember(t);
    ok(await apply(t, m.cookie), 201);
    const res = await apply(t, m.cookie, { ...APPLICATION, amount: '250000.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'LOAN_EXISTS', message: 'You already have a loan!' });
    expect(await loansOf(m.userId)).toHaveLength(1);
  });

  it('20 simultaneous applications from one member create exactly one loan', async () => {
    const m = await createActivatedMember(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(t, m.cookie)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe('LOAN_EXISTS');
    expect(await loansOf(m.userId)).toHaveLength(1);
  });

  it('the same Idempotency-Key and body answer the first answer; with another body it is refused', async () => {
    const m = await createActivatedMember(t);
    const key = newKey();
    const first = await apply(t, m.cookie, { ...APPLICATION }, key);
    const again = await apply(t, m.cookie, { ...APPLICATION }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await apply(t, m.cookie, { ...APPLICATION, amount: '210000.00' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await loansOf(m.userId)).toHaveLength(1);
  });

  it('10 simultaneous retries with one key create one loan and all get its answer', async () => {
    const m = await createActivatedMember(t);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => apply(t, m.cookie, { ...APPLICATION }, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().loan.id)).size).toBe(1);
    expect(await loansOf(m.userId)).toHaveLength(1);
  });

  it('requires an Idempotency-Key', async () => {
    const m = await createActivatedMember(t);
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = key === null ? await apply(t, m.cookie, { ...APPLICATION }, null) : await apply(t, m.cookie, { ...APPLICATION }, key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect(await loansOf(m.userId)).toHaveLength(0);
  });

  it.each([
    ['below the minimum', { amount: '199999.99' }, 'amount', 'The loan amount must be between 200,000.00 and 5,000,000.00 PHP.'],
    ['above the maximum', { amount: '5000000.01' }, 'amount', 'The loan amount must be between 200,000.00 and 5,000,000.00 PHP.'],
    ['not an amount', { amount: '2,000,000' }, 'amount', 'Enter the amount in pesos with at most 2 decimals.'],
    ['three decimals', { amount: '200000.001' }, 'amount', 'Enter the amount in pesos with at most 2 decimals.'],
    ['a term not offered', { term: 7 }, 'term', 'Choose a term of 6, 12, 24, 36 or 48 months.'],
    ['a term that is not a number', { term: '6' }, 'term', 'Choose one of the terms offered.'],
    ['an unknown currency', { selectedCurrency: 'XYZ' }, 'selectedCurrency', 'This currency is not offered.'],
    ['a currency code in lower case', { selectedCurrency: 'usd' }, 'selectedCurrency', 'Choose one of the currencies offered.'],
  ])('refuses %s with the field message and creates nothing', async (_name, change, field, message) => {
    const m = await createActivatedMember(t);
    const res = await apply(t, m.cookie, { ...APPLICATION, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await loansOf(m.userId)).toHaveLength(0);
  });

  it('refuses an unknown field', async () => {
    const m = await createActivatedMember(t);
    const res = await apply(t, m.cookie, { ...APPLICATION, memberId: m.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('memberId');
  });

  it('refuses a product version other than the current one with a clear message', async () => {
    // Only version 1 has been offered so far: a page loaded under another version is refused the same way.
    const m = await createActivatedMember(t);
    const stale = await apply(t, m.cookie, { ...APPLICATION, productVersion: CURRENT_PRODUCT.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRODUCT_VERSION_STALE');
    expect(stale.json().error.message).toBe(
      `The loan terms have changed since this page was loaded (you saw version ${CURRENT_PRODUCT.version + 1}, the offer is now version ${CURRENT_PRODUCT.version}). Please review the updated terms and apply again.`,
    );
    expect((await apply(t, m.cookie, { ...APPLICATION, productVersion: 0 })).statusCode).toBe(400);
    expect(await loansOf(m.userId)).toHaveLength(0);
  });

  it('refuses a member who has not activated the account', async () => {
    const m = await createMember(t, { accountState: 'BANK_INFO' });
    const res = await apply(t, m.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'NOT_ACTIVATED', message: 'Activate your account before applying loan' });
    expect(await loansOf(m.userId)).toHaveLength(0);
  });

  it('refuses an anonymous visitor', async () => {
    const res = await apply(t, undefined);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/loans/current', () => {
  it('is null before any application', async () => {
    const m = await createActivatedMember(t);
    expect(ok(await get(t, m.cookie, '/api/loans/current'))).toEqual({ loan: null });
  });

  it("is the member's own loan only", async () => {
    const a = await createActivatedMember(t);
    const b = await createActivatedMember(t);
    const created = ok(await apply(t, a.cookie), 201);
    expect(ok(await get(t, a.cookie, '/api/loans/current')).loan.id).toBe(created.loan.id);
    expect(ok(await get(t, b.cookie, '/api/loans/current'))).toEqual({ loan: null });
    expect((await get(t, undefined, '/api/loans/current')).statusCode).toBe(401);
  });
});

describe('POST /api/loans/current/cancel', () => {
  it('cancels before signing, records the reason, and lets the member apply again', async () => {
    const m = await createActivatedMember(t);
    ok(await apply(t, m.cookie), 201);
    t.clock.advance(60_000);
    const body = ok(await post(t, m.cookie, '/api/loans/current/cancel', { reason: 'I found the money elsewhere' }));
    expect(body.loan).toMatchObject({ status: 'CANCELLED', statusColor: 'warning', statusIcon: 'block', open: false, canCancel: false });
    expect(body.loan.timeline.at(-1)).toMatchObject({
      from: 'PENDING',
      to: 'CANCELLED',
      action: 'CANCEL',
      actor: 'YOU',
      actorName: null,
      reasonCode: null,
      reason: null,
    });
    // Cancelling again: nothing open.
    const again = await post(t, m.cookie, '/api/loans/current/cancel', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'LOAN_STATE', message: 'This application is already closed.' });
    ok(await apply(t, m.cookie), 201);
    expect(await loansOf(m.userId)).toHaveLength(2);
  });

  it('works without a body, and 404s without any loan', async () => {
    const m = await createActivatedMember(t);
    expect((await post(t, m.cookie, '/api/loans/current/cancel')).statusCode).toBe(404);
    ok(await apply(t, m.cookie), 201);
    expect(ok(await post(t, m.cookie, '/api/loans/current/cancel')).loan.status).toBe('CANCELLED');
  });
});

describe('GET /api/loans/quote', () => {
  it('previews the disclosure statement from the same engine, for anyone', async () => {
    const body = ok(await get(t, undefined, '/api/loans/quote?amount=1000000&term=24'));
    expect(body.productVersion).toBe(CURRENT_PRODUCT.version);
    // 1,000,000 / 24 + 5,000 = 46,666.67 -> 46,667; interest 1,000,000 x 0.5 % x 24 = 120,000.
    expect(body.disclosure).toMatchObject({
      amountFinanced: '1000000.00',
      totalFinanceCharge: '120000.00',
      netProceeds: '1000000.00',
      totalPayable: '1120000.00',
      regularInstalment: '46667.00',
      numberOfInstalments: 24,
      costCap: { annualPercent: '25', capAmount: '500000.00', maxFines: '380000.00' },
      converted: null,
    });
    expect(body.disclosure.schedule.at(-1)).toMatchObject({ number: 24, total: '46659.00', balanceAfter: '0.00' });
    // BSP Circular 730: the non-finance charges listed at 0.00, the statement's Philippine date, the
    // lender's certified-correct signatory; a quote is issued to no borrower.
    expect(body.disclosure.nonFinanceCharges).toEqual(['INSURANCE', 'TAXES', 'REGISTRATION', 'NOTARIAL', 'OTHER'].map((code) => ({ code, amount: '0.00' })));
    expect(body.disclosure.totalNonFinanceCharges).toBe('0.00');
    expect(body.disclosure.statement).toEqual({
      date: '2026-11-22',
      timeZone: 'Asia/Manila',
      borrower: null,
      certifiedCorrect: {
        name: 'DEMO: Juan dela Cruz',
        position: 'DEMO: Credit and Collection Manager',
        companyName: 'Tapat Demo Financing Corporation (DEMO)',
      },
      issue: 'ISSUED',
    });
  });

  it('converts for display and refuses what the application refuses', async () => {
    expect(ok(await get(t, undefined, '/api/loans/quote?amount=200000&term=6&currency=JPY')).disclosure.converted).toMatchObject({
      currency: 'JPY',
      amountFinanced: '521000.00',
    });
    const cases = [
      ['/api/loans/quote?amount=100&term=6', 'amount'],
      ['/api/loans/quote?amount=200000&term=5', 'term'],
      ['/api/loans/quote?amount=200000&term=6&currency=XYZ', 'selectedCurrency'],
      ['/api/loans/quote?term=6', 'amount'],
    ] as const;
    for (const [url, field] of cases) {
      const res = await get(t, undefined, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields, url).toHaveProperty(field);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every loans, back-office and wallet route with its tag and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string, string][] = [
      ['/api/loans/applications', 'post', 'loans'],
      ['/api/loans/current', 'get', 'loans'],
      ['/api/loans/quote', 'get', 'loans'],
      ['/api/loans/current/cancel', 'post', 'loans'],
      ['/api/loans/current/accept-offer', 'post', 'loans'],
      ['/api/loans/current/contract', 'get', 'loans'],
      ['/api/loans/current/contract/code', 'post', 'loans'],
      ['/api/loans/current/contract/sign', 'post', 'loans'],
      ['/api/loans/current/contract.pdf', 'get', 'loans'],
      ['/api/loans/current/disclosure.pdf', 'get', 'loans'],
      ['/api/admin/loans', 'get', 'admin'],
      ['/api/admin/loans/{loanId}', 'get', 'admin'],
      ['/api/admin/loans/{loanId}/review', 'post', 'admin'],
      ['/api/admin/loans/{loanId}/approve', 'post', 'admin'],
      ['/api/admin/loans/{loanId}/reject', 'post', 'admin'],
      ['/api/admin/loans/{loanId}/disburse', 'post', 'admin'],
      ['/api/wallet', 'get', 'wallet'],
      ['/api/wallet/transactions', 'get', 'wallet'],
    ];
    for (const [path, method, tag] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual([tag]);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
    const body = doc.paths['/api/loans/applications'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['amount', 'term', 'selectedCurrency', 'productVersion']));
    expect(body.additionalProperties).toBe(false);
  });
});
