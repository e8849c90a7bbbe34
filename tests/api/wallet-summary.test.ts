import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransfer, ensureMemberWallet, ensureSystemAccount } from '../../src/server/ledger';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { createTestApp, type TestApp } from '../fixtures/app';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema';
import { DAY, HOUR } from '../../src/server/clock';
import { APPLICATION, apply, createActivatedMember, createStaff, disburse, expectLedgerSound, get, newKey, ok, post, signedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('GET /api/wallet', () => {
  it('is empty before any loan', async () => {
    const m = await createActivatedMember(t);
    expect(ok(await get(t, m.cookie, '/api/wallet'))).toEqual({
      active: false,
      currency: 'PHP',
      wallet: '0.00',
      postedBalance: '0.00',
      pendingDebits: '0.00',
      loanAmount: '0.00',
      withdrawnAmount: '0.00',
      limit: '0.00',
      canWithdraw: false,
      hasLoan: false,
      status: null,
      statusMessage: null,
      statusTexts: null,
      statusColor: null,
      statusIcon: null,
      statementShow: false,
      statement: null,
      statementMessage: null,
      loanNumber: null,
      createdAt: null,
      disbursedAt: null,
      selectedCurrency: 'PHP',
      exchangeRate: '1',
      displayRate: '1.00',
      ratesAsOf: null,
      loanAmountXR: '0.00',
      loanAmountPHP: '0.00',
      creditPoweredBy: DEMO_COMPANY_PROFILE.companyName,
    });
    expect(ok(await get(t, m.cookie, '/api/wallet/transactions'))).toEqual({ transactions: [], nextCursor: null });
  });

  it('shows a pending application with its catalogue status and no money', async () => {
    const m = await createActivatedMember(t);
    const created = ok(await apply(t, m.cookie, { ...APPLICATION, amount: '250000.00', term: 12, selectedCurrency: 'SGD' }), 201);
    const body = ok(await get(t, m.cookie, '/api/wallet'));
    expect(body).toMatchObject({
      active: false,
      wallet: '0.00',
      canWithdraw: false,
      hasLoan: true,
      status: 'PENDING',
      statusMessage: 'Scheduled for evaluation. For more information, contact our support team: support@example.invalid (Everyday 10 am to 10 pm).',
      statusColor: 'info',
      statusIcon: 'query-builder',
      statementShow: true,
      statement: 'LOAN APPLICATION IS PENDING REVIEW',
      loanNumber: created.loan.loanNumber,
      createdAt: created.loan.createdAt,
      selectedCurrency: 'SGD',
      exchangeRate: '0.02265',
      displayRate: '44.15',
      // 250,000 x 0.02265 = 5,662.50 -> 5,663.00
      loanAmountXR: '5663.00',
      loanAmountPHP: '250000.00',
      loanAmount: '250000.00',
    });
  });

  it('after disbursement: the balance from the ledger, the DISBURSED status, the credit in the history', async () => {
    const member = await createActivatedMember(t);
    const { loanId } = await signedLoan(t, officer, { member });
    const disbursed = ok(await disburse(t, checker.cookie, loanId));
    const body = ok(await get(t, member.cookie, '/api/wallet'));
    expect(body).toMatchObject({
      active: true,
      wallet: '200000.00',
      postedBalance: '200000.00',
      pendingDebits: '0.00',
      loanAmount: '200000.00',
      withdrawnAmount: '0.00',
      limit: '200000.00',
      canWithdraw: true,
      status: 'DISBURSED',
      statusColor: 'success',
      statusIcon: 'currency-exchange',
      statementShow: false,
      disbursedAt: disbursed.loan.disbursedAt,
    });
    const history = ok(await get(t, member.cookie, '/api/wallet/transactions'));
    expect(history.transactions).toEqual([
      {
        id: disbursed.transfer.id,
        at: disbursed.loan.disbursedAt,
        kind: 'LOAN_DISBURSEMENT',
        entry: 'CREDIT',
        description: `Loan ${disbursed.loan.loanNumber} paid into your wallet`,
        labelKey: 'loans.wallet.line.disbursed',
        direction: 'IN',
        amount: '200000.00',
        balanceAfter: '200000.00',
        reference: disbursed.loan.loanNumber,
        withdrawalStatus: null,
      },
    ]);
  });

  it('a held withdrawal lowers the available balance and counts as withdrawn (ready for the withdrawal flow)', async () => {
    const member = await createActivatedMember(t);
    const { loanId } = await signedLoan(t, officer, { member });
    ok(await disburse(t, checker.cookie, loanId));
    await t.deps.db.transaction(async (tx) => {
      const wallet = await ensureMemberWallet(tx, member.userId);
      const clearing = await ensureSystemAccount(tx, 'PAYOUT_CLEARING');
      await createTransfer(tx, {
        idempotencyKey: newKey(),
        code: 'WITHDRAWAL',
        description: 'Withdrawal to BDO Unibank 001*********',
        legs: [
          { accountId: wallet, direction: 'DEBIT', amount: 5_000_000n },
          { accountId: clearing, direction: 'CREDIT', amount: 5_000_000n },
        ],
        pending: true,
        at: t.clock.now(),
      });
    });
    const body = ok(await get(t, member.cookie, '/api/wallet'));
    expect(body).toMatchObject({
      wallet: '150000.00',
      postedBalance: '200000.00',
      pendingDebits: '50000.00',
      withdrawnAmount: '50000.00',
      limit: '200000.00',
      canWithdraw: true,
    });
    const history = ok(await get(t, member.cookie, '/api/wallet/transactions')).transactions;
    expect(
      history.map((x: { kind: string; entry: string; direction: string; balanceAfter: string }) => [x.kind, x.entry, x.direction, x.balanceAfter]),
    ).toEqual([
      ['WITHDRAWAL', 'HOLD', 'OUT', '150000.00'],
      ['LOAN_DISBURSEMENT', 'CREDIT', 'IN', '200000.00'],
    ]);
  });

  it("is the member's own, and needs a session", async () => {
    const member = await createActivatedMember(t);
    const { loanId } = await signedLoan(t, officer, { member });
    ok(await disburse(t, checker.cookie, loanId));
    const stranger = await createActivatedMember(t);
    expect(ok(await get(t, stranger.cookie, '/api/wallet')).wallet).toBe('0.00');
    expect(ok(await get(t, stranger.cookie, '/api/wallet/transactions')).transactions).toEqual([]);
    expect((await get(t, undefined, '/api/wallet')).statusCode).toBe(401);
    expect((await get(t, undefined, '/api/wallet/transactions')).statusCode).toBe(401);
  });

  // GET /api/wallet reads the session in its own statement (decision 038): the same checks as the session hook's.
  it('refuses forged, revoked and expired sessions with 401 and slides the idle expiry, reading the session in its own statement', async () => {
    const member = await createActivatedMember(t);
    const { loanId } = await signedLoan(t, officer, { member });
    ok(await disburse(t, checker.cookie, loanId));
    const owner = ok(await get(t, member.cookie, '/api/wallet'));
    expect(owner.hasLoan).toBe(true);
    for (const cookie of ['tapat_sid=forged-token', `tapat_sid=${'x'.repeat(101)}`, 'tapat_sid=']) {
      const res = await get(t, cookie, '/api/wallet');
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    // A staff account's own (empty) wallet, never a member's.
    expect(ok(await get(t, officer.cookie, '/api/wallet'))).toMatchObject({ active: false, hasLoan: false, wallet: '0.00' });

    // Revoked (sign-out): 401 from then on.
    const other = await createActivatedMember(t);
    expect(ok(await get(t, other.cookie, '/api/wallet')).hasLoan).toBe(false);
    expect((await post(t, other.cookie, '/api/auth/logout')).statusCode).toBe(204);
    expect((await get(t, other.cookie, '/api/wallet')).statusCode).toBe(401);

    // Idle expiry of a session without Remember me: slides while used, 401 after 12 hours idle.
    const key = (await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.userId)))[0]!.id;
    await t.deps.db.update(sessions).set({ persistent: false }).where(eq(sessions.id, key));
    t.clock.advance(11 * HOUR);
    expect(ok(await get(t, member.cookie, '/api/wallet')).hasLoan).toBe(true);
    const [slid] = await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, key));
    expect(slid!.expiresAt.getTime()).toBe(t.clock.now().getTime() + 12 * HOUR);
    t.clock.advance(11 * HOUR);
    expect((await get(t, member.cookie, '/api/wallet')).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + 60_000);
    expect((await get(t, member.cookie, '/api/wallet')).statusCode).toBe(401);
    // An expired persistent session too.
    t.clock.advance(31 * DAY);
    expect((await get(t, officer.cookie, '/api/wallet')).statusCode).toBe(401);
  });
});
