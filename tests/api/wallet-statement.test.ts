import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { available, confirmWithdrawal, failByTwoOfficers, fundedMember, requestWithdrawal, withdrawalCode, type FundedMember } from '../fixtures/withdrawals';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * The wallet history reads as a bank statement: each line's effect on the available
 * balance and the balance after it; a withdrawal on hold is a − line, a paid one stays one −
 * line marked paid, a failed or cancelled one is followed by a + line giving the money back. The
 * withdrawal's own view says where the money is (nothing received when it failed).
 */
describe('GET /api/wallet/transactions as a statement (manual payouts)', () => {
  let t: TestApp;
  let officer: TestMember;
  let checker: TestMember;
  let member: FundedMember;
  const ids: Record<'failed' | 'paid' | 'cancelled' | 'open', string> = { failed: '', paid: '', cancelled: '', open: '' };

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
    officer = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    checker = await createStaff(t, 'OFFICER', 'Officer Carla Reyes');
    member = await fundedMember(t, officer, await createStaff(t, 'ADMIN', 'Admin Ben Lim'));
    expect(member.balance).toBe(20_000_000n);

    ids.failed = ok(await requestWithdrawal(t, member.cookie, '60000.00'), 201).id;
    ok(await confirmWithdrawal(t, member.cookie, ids.failed, await withdrawalCode(t, member.phone)));
    await failByTwoOfficers(t, officer, checker, ids.failed, { reasonCode: 'ACCOUNT_CLOSED' });
    t.clock.advance(61_000);

    ids.paid = ok(await requestWithdrawal(t, member.cookie, '700.00'), 201).id;
    ok(await confirmWithdrawal(t, member.cookie, ids.paid, await withdrawalCode(t, member.phone)));
    ok(await post(t, officer.cookie, `/api/admin/withdrawals/${ids.paid}/paid`, { bankReference: 'BDO-778812' }));
    t.clock.advance(61_000);

    ids.cancelled = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201).id;
    ok(await post(t, member.cookie, `/api/withdrawals/${ids.cancelled}/cancel`));
    t.clock.advance(61_000);

    ids.open = ok(await requestWithdrawal(t, member.cookie, '250.00'), 201).id;
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('shows each line as its effect on the available balance, holds and returns as such', async () => {
    const { transactions } = ok(await get(t, member.cookie, '/api/wallet/transactions'));
    const reference = async (id: string) => ok(await get(t, member.cookie, `/api/withdrawals/${id}`)).reference as string;
    const [failed, paid, cancelled, open] = [await reference(ids.failed), await reference(ids.paid), await reference(ids.cancelled), await reference(ids.open)];
    const lines = transactions.map((x: Record<string, unknown>) => [x.entry, x.direction, x.amount, x.balanceAfter, x.withdrawalStatus, x.description]);
    expect(lines).toEqual([
      ['HOLD', 'OUT', '250.00', '199050.00', 'AWAITING_CODE', `Withdrawal ${open}: amount on hold`],
      ['RELEASE', 'IN', '100.00', '199300.00', 'CANCELLED', `Withdrawal ${cancelled} cancelled: amount returned to your wallet`],
      ['HOLD', 'OUT', '100.00', '199200.00', 'CANCELLED', `Withdrawal ${cancelled}: amount on hold`],
      ['DEBIT', 'OUT', '700.00', '199300.00', 'PAID', `Withdrawal ${paid} to your payout account`],
      ['RELEASE', 'IN', '60000.00', '200000.00', 'FAILED', `Withdrawal ${failed} failed: amount returned to your wallet`],
      ['HOLD', 'OUT', '60000.00', '140000.00', 'FAILED', `Withdrawal ${failed}: amount on hold`],
      ['CREDIT', 'IN', '200000.00', '200000.00', null, expect.stringMatching(/^Loan TAPAT-L\d{6} paid into your wallet$/)],
    ]);
    // Nothing says "held until confirmed" on a withdrawal that was paid or returned.
    expect(transactions.map((x: { description: string }) => x.description).join('\n')).not.toMatch(/held until confirmed|Released/);
    // The newest line's balance is the wallet's available balance.
    expect(transactions[0].balanceAfter).toBe(toDecimalString(await available(t, member.userId)));
    expect(ok(await get(t, member.cookie, '/api/wallet')).wallet).toBe('199050.00');
    expect(new Set(transactions.map((x: { id: string }) => x.id)).size).toBe(transactions.length);
    expect(transactions.map((x: { labelKey: string }) => x.labelKey)).toEqual([
      'loans.wallet.line.held',
      'loans.wallet.line.returned.CANCELLED',
      'loans.wallet.line.held',
      'loans.wallet.line.paid',
      'loans.wallet.line.returned.FAILED',
      'loans.wallet.line.held',
      'loans.wallet.line.disbursed',
    ]);
  });

  it('says where the money of each withdrawal is: nothing received for a failed one, the amount back', async () => {
    const view = async (id: string) => ok(await get(t, member.cookie, `/api/withdrawals/${id}`));
    expect(await view(ids.failed)).toMatchObject({
      status: 'FAILED',
      funds: 'RETURNED',
      amountToReceive: '60000.00',
      amountReceived: '0.00',
      amountReturned: '60000.00',
    });
    expect(await view(ids.cancelled)).toMatchObject({ status: 'CANCELLED', funds: 'RETURNED', amountReceived: '0.00', amountReturned: '100.00' });
    expect(await view(ids.paid)).toMatchObject({ status: 'PAID', funds: 'SENT', amountReceived: '700.00', amountReturned: '0.00' });
    expect(await view(ids.open)).toMatchObject({ status: 'AWAITING_CODE', funds: 'HELD', amountReceived: '0.00', amountReturned: '0.00' });
  });

  it('shows another member none of these lines', async () => {
    const other = await fundedMember(t, officer, await createStaff(t, 'ADMIN', 'Admin Carla Diaz'));
    const { transactions } = ok(await get(t, other.cookie, '/api/wallet/transactions'));
    expect(transactions.map((x: { entry: string }) => x.entry)).toEqual(['CREDIT']);
    ok(await post(t, member.cookie, `/api/withdrawals/${ids.open}/cancel`));
  });
});
