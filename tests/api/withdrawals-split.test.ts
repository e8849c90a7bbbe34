import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import {
  available,
  confirmWithdrawal,
  failByTwoOfficers,
  fundedMember,
  requestWithdrawal,
  runJobs,
  withdrawalCode,
  type FundedMember,
} from '../fixtures/withdrawals';
import { dataDeletionRequests, outboxMessages, payoutAccounts, payoutCallbacks, withdrawalParts } from '../../src/server/db/schema';
import { FAKE_SECRET_KEY, startFakeXendit, type FakeXendit } from '../fixtures/fake-xendit';

/**
 * One withdrawal, several transfers, one code (docs/decisions/033): ₱190,000.00 to
 * GCash is one request, one code and one reference, sent as 4 InstaPay transfers; each transfer is
 * paid or returned on its own.
 */

function errorOf(res: { body: string }) {
  return (JSON.parse(res.body) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

async function toGcash(t: TestApp, member: TestMember) {
  await t.deps.db
    .update(payoutAccounts)
    .set({ kind: 'EWALLET', institutionCode: 'GCASH', institutionName: 'GCash', accountNumber: '+639181234567' })
    .where(eq(payoutAccounts.userId, member.userId));
}

async function codeMessages(t: TestApp, phone: string) {
  const rows = await t.deps.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'SMS')));
  return rows.filter((r) => r.body.includes('withdrawal code')).length;
}

interface HistoryLine {
  kind: string;
  entry: string;
  labelKey: string;
  description: string;
  direction: string;
  amount: string;
  reference: string | null;
  withdrawalStatus: string | null;
}

const FOUR_PARTS = ['50000.00', '50000.00', '50000.00', '40000.00'];

describe('a withdrawal sent as several transfers (simulated provider)', () => {
  let t: TestApp;
  let member: FundedMember;
  let second: FundedMember;
  let other: FundedMember;

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_SETTLE_SECONDS: '20', PAYOUT_FAILURE_RATE: '0' });
    const approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
    member = await fundedMember(t, approver, disburser);
    second = await fundedMember(t, approver, disburser);
    other = await fundedMember(t, approver, disburser);
    await toGcash(t, member);
    await toGcash(t, second);
    expect(member.balance).toBeGreaterThanOrEqual(190_000_00n);
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('sends ₱190,000.00 to GCash as one request, one code and 4 transfers, all paid: the wallet is down ₱190,000.00', async () => {
    const opts = ok(await get(t, member.cookie, '/api/withdrawals/options'));
    expect(opts.maxParts).toBe(10);
    const before = await available(t, member.userId);
    const codesBefore = await codeMessages(t, member.phone);

    const created = ok(await requestWithdrawal(t, member.cookie, '190000.00'), 201);
    expect(created.status).toBe('AWAITING_CODE');
    expect(created.amount).toBe('190000.00');
    expect(created.fee).toBe('0.00');
    expect(created.parts.map((p: { amount: string }) => p.amount)).toEqual(FOUR_PARTS);
    expect(created.parts.map((p: { index: number; status: string; channel: string }) => [p.index, p.status, p.channel])).toEqual([
      [1, 'PENDING', 'INSTAPAY'],
      [2, 'PENDING', 'INSTAPAY'],
      [3, 'PENDING', 'INSTAPAY'],
      [4, 'PENDING', 'INSTAPAY'],
    ]);
    // One hold of the whole amount, one code.
    expect(await available(t, member.userId)).toBe(before - 190_000_00n);
    expect(await codeMessages(t, member.phone)).toBe(codesBefore + 1);

    const confirmed = ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    expect(confirmed.status).toBe('PROCESSING');
    expect(confirmed.reference).toBe(created.reference);
    expect(confirmed.parts.every((p: { status: string }) => p.status === 'PROCESSING')).toBe(true);
    expect(await available(t, member.userId)).toBe(before - 190_000_00n);

    t.clock.advance(21_000);
    const pass = await runJobs(t);
    expect(pass.settled).toBe(4);
    const paid = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(paid.status).toBe('PAID');
    expect(paid.funds).toBe('SENT');
    expect(paid.amountReceived).toBe('190000.00');
    expect(paid.amountReturned).toBe('0.00');
    expect(paid.parts.map((p: { status: string }) => p.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
    expect(paid.events.map((e: { status: string }) => e.status)).toEqual(['AWAITING_CODE', 'PROCESSING', 'PAID']);
    expect(await available(t, member.userId)).toBe(before - 190_000_00n);
    const summary = ok(await get(t, member.cookie, '/api/wallet'));
    expect(summary.withdrawnAmount).toBe('190000.00');
    t.clock.advance(61_000);
  });

  it('another member can neither see nor confirm nor cancel the transfers (identity from the session)', async () => {
    const created = ok(await requestWithdrawal(t, second.cookie, '60000.00'), 201);
    expect(created.parts).toHaveLength(2);
    const seen = await get(t, other.cookie, `/api/withdrawals/${created.id}`);
    expect(seen.statusCode).toBe(404);
    const confirm = await confirmWithdrawal(t, other.cookie, created.id, await withdrawalCode(t, second.phone));
    expect(confirm.statusCode).toBe(404);
    const cancel = await post(t, other.cookie, `/api/withdrawals/${created.id}/cancel`);
    expect(cancel.statusCode).toBe(404);
    const list = ok(await get(t, other.cookie, '/api/withdrawals'));
    expect(list.withdrawals.some((w: { id: string }) => w.id === created.id)).toBe(false);
    // A member is not an officer: the per-transfer actions are refused.
    const mark = await post(t, second.cookie, `/api/admin/withdrawals/${created.id}/parts/1/paid`, { bankReference: 'BANK-0001' });
    expect(mark.statusCode).toBe(403);
    // Cancelled before its code: none of its transfers is sent, the whole amount is back.
    const before = await available(t, second.userId);
    const cancelled = ok(await post(t, second.cookie, `/api/withdrawals/${created.id}/cancel`));
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.parts.map((p: { status: string }) => p.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await available(t, second.userId)).toBe(before + 60_000_00n);
    t.clock.advance(61_000);
  });

  it('refuses more transfers than WITHDRAWAL_MAX_PARTS allows, naming the largest amount, and holds nothing', async () => {
    const before = await available(t, member.userId);
    const res = await requestWithdrawal(t, member.cookie, '500000.01');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.amount).toBe('The most one withdrawal can send is ₱500,000.00.');
    expect(await available(t, member.userId)).toBe(before);
  });

  it('keeps a withdrawal a single transfer can carry exactly as before: no parts', async () => {
    const created = ok(await requestWithdrawal(t, second.cookie, '50000.00'), 201);
    expect(created.parts).toEqual([]);
    expect(created.channel).toBe('INSTAPAY');
    ok(await post(t, second.cookie, `/api/withdrawals/${created.id}/cancel`));
  });
});

describe('a transfer of a split withdrawal fails (manual payouts)', () => {
  let t: TestApp;
  let member: FundedMember;
  let second: FundedMember;
  let officer: TestMember;
  let checker: TestMember;

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
    const approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
    officer = await createStaff(t, 'OFFICER', 'Officer Carla Tan');
    checker = await createStaff(t, 'OFFICER', 'Officer Dan Uy');
    member = await fundedMember(t, approver, disburser);
    second = await fundedMember(t, approver, disburser);
    await toGcash(t, member);
    await toGcash(t, second);
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('3 transfers paid and 1 failed: PARTLY_PAID, exactly that transfer back in the wallet, the history says it returned', async () => {
    const before = await available(t, member.userId);
    const created = ok(await requestWithdrawal(t, member.cookie, '190000.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));

    // The withdrawal as a whole cannot be marked: each transfer is.
    const whole = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BANK-0001' });
    expect(whole.statusCode).toBe(409);
    expect(errorOf(whole).code).toBe('WITHDRAWAL_STATE');
    const missing = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/parts/5/paid`, { bankReference: 'BANK-0005' });
    expect(missing.statusCode).toBe(404);
    const badBody = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/parts/1/paid`, { bankReference: 'x' });
    expect(badBody.statusCode).toBe(400);

    // While its transfers are processing, the posted hold is sent for payout, not paid out.
    const hold = (lines: HistoryLine[]) => lines.find((l) => l.kind === 'WITHDRAWAL' && l.reference === created.reference);
    const sending = hold(ok(await get(t, member.cookie, '/api/wallet/transactions')).transactions);
    expect(sending).toMatchObject({
      entry: 'SENT',
      labelKey: 'loans.wallet.line.sent',
      direction: 'OUT',
      amount: '190000.00',
      withdrawalStatus: 'PROCESSING',
    });
    expect(sending!.description).toBe(`Withdrawal ${created.reference}: sent for payout, its transfers are being processed`);

    for (const index of [1, 2, 3]) {
      const row = ok(await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/parts/${index}/paid`, { bankReference: `BANK-000${index}` }));
      expect(row.status).toBe('PROCESSING');
      expect(row.parts[index - 1]).toMatchObject({ status: 'PAID', providerReference: `BANK-000${index}` });
    }
    const again = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/parts/1/paid`, { bankReference: 'BANK-0001' });
    expect(again.statusCode).toBe(409);
    const final = await failByTwoOfficers(t, officer, checker, created.id, { reasonCode: 'RECEIVING_LIMIT', note: 'GCash wallet limit' }, 4);
    expect(final.status).toBe('PARTLY_PAID');

    const view = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(view.status).toBe('PARTLY_PAID');
    expect(view.funds).toBe('PARTLY_SENT');
    expect(view.amountReceived).toBe('150000.00');
    expect(view.amountReturned).toBe('40000.00');
    expect(view.parts[3]).toMatchObject({ index: 4, amount: '40000.00', status: 'FAILED', failureReasonCode: 'RECEIVING_LIMIT' });
    expect(JSON.stringify(view)).not.toContain('GCash wallet limit');
    // The status poll's one statement (decision 043) answers exactly what the list's reads make of the same withdrawal.
    expect(view).toEqual(ok(await get(t, member.cookie, '/api/withdrawals')).withdrawals.find((w: { id: string }) => w.id === created.id));
    expect(await available(t, member.userId)).toBe(before - 150_000_00n);

    const { transactions } = ok(await get(t, member.cookie, '/api/wallet/transactions'));
    const returned = transactions.find((l: { labelKey: string }) => l.labelKey === 'loans.wallet.line.partReturned');
    expect(returned).toMatchObject({ direction: 'IN', amount: '40000.00', entry: 'RELEASE', reference: created.reference });
    // Settled: the hold now reads paid, the returned transfer being its own + line.
    expect(hold(transactions)).toMatchObject({
      entry: 'DEBIT',
      labelKey: 'loans.wallet.line.paidPartly',
      amount: '190000.00',
      withdrawalStatus: 'PARTLY_PAID',
    });
    const summary = ok(await get(t, member.cookie, '/api/wallet'));
    expect(summary.withdrawnAmount).toBe('150000.00');

    const sms = await t.deps.db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, member.phone));
    expect(sms.some((m) => m.body.includes('₱150,000.00 has been sent') && m.body.includes('₱40,000.00 could not be sent'))).toBe(true);

    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const rec = ok(await get(t, officer.cookie, `/api/admin/withdrawals/reconciliation?date=${day}`));
    expect(rec.differences).toEqual([]);
    t.clock.advance(61_000);
  });

  it('every transfer failed: FAILED, the whole amount back in the wallet', async () => {
    const before = await available(t, second.userId);
    const created = ok(await requestWithdrawal(t, second.cookie, '60000.00', newKey()), 201);
    ok(await confirmWithdrawal(t, second.cookie, created.id, await withdrawalCode(t, second.phone)));
    // The privacy review reads the wallet as the wallet does: the posted hold of the processing
    // transfers is a withdrawal in progress; once every transfer came back, the money is the wallet's.
    ok(await post(t, second.cookie, '/api/privacy/deletion-request', { reason: 'Please delete my data' }), 201);
    const [deletion] = await t.deps.db.select({ id: dataDeletionRequests.id }).from(dataDeletionRequests).where(eq(dataDeletionRequests.userId, second.userId));
    const blockers = async () => ok(await get(t, officer.cookie, `/api/admin/deletion-requests/${deletion!.id}`)).blockers as string[];
    expect(await blockers()).toContain('PENDING_WITHDRAWAL');
    await failByTwoOfficers(t, officer, checker, created.id, { reasonCode: 'ACCOUNT_CLOSED' }, 1);
    const last = await failByTwoOfficers(t, checker, officer, created.id, { reasonCode: 'ACCOUNT_CLOSED' }, 2);
    expect(last.status).toBe('FAILED');
    expect(last.amountReturned).toBe('60000.00');
    expect(await available(t, second.userId)).toBe(before);
    const after = await blockers();
    expect(after).not.toContain('PENDING_WITHDRAWAL');
    expect(after).toContain('WALLET_BALANCE');
    // Nothing was paid: the hold reads sent and returned, never paid out; each transfer is a + line.
    const { transactions } = ok(await get(t, second.cookie, '/api/wallet/transactions'));
    const mine = (transactions as HistoryLine[]).filter((l) => l.reference === created.reference);
    expect(mine.find((l) => l.kind === 'WITHDRAWAL')).toMatchObject({ entry: 'SENT', labelKey: 'loans.wallet.line.sentReturned', withdrawalStatus: 'FAILED' });
    expect(mine.filter((l) => l.kind === 'WITHDRAWAL_RETURN').map((l) => [l.entry, l.direction, l.amount])).toEqual([
      // Newest first: the second transfer (the rest) was returned last.
      ['RELEASE', 'IN', '10000.00'],
      ['RELEASE', 'IN', '50000.00'],
    ]);
  });
});

describe('a withdrawal sent as several transfers through Xendit', () => {
  const TOKEN = 'callback-token-of-the-fake-dashboard-split-0123456789';
  let fake: FakeXendit;
  let t: TestApp;
  let member: FundedMember;

  beforeAll(async () => {
    fake = await startFakeXendit();
    t = await createTestApp(
      {},
      { PAYOUT_PROVIDER: 'xendit', XENDIT_API_URL: fake.url, XENDIT_SECRET_KEY: FAKE_SECRET_KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_TIMEOUT_MS: '4000' },
    );
    const approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
    member = await fundedMember(t, approver, disburser);
    await toGcash(t, member);
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
    await fake.close();
  });

  function callback(body: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/callbacks/xendit/payouts',
      payload: body as Record<string, unknown>,
      headers: { 'x-callback-token': TOKEN },
    });
  }
  async function partsOf(id: string) {
    return t.deps.db.select().from(withdrawalParts).where(eq(withdrawalParts.withdrawalId, id)).orderBy(withdrawalParts.partIndex);
  }

  it('sends each transfer as its own payout (own id, own reference) and each callback brings forward the check of exactly that transfer', async () => {
    const before = await available(t, member.userId);
    const created = ok(await requestWithdrawal(t, member.cookie, '60000.00'), 201);
    const sentBefore = fake.requests.length;
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    const [one, two] = await partsOf(created.id);
    expect([one!.amount, two!.amount]).toEqual([50_000_00n, 10_000_00n]);
    expect([one!.payoutMode, two!.payoutMode]).toEqual(['XENDIT', 'XENDIT']);

    // Two payouts, each keyed and referenced by its transfer's id, for exactly its amount.
    const creates = fake.requests.slice(sentBefore).filter((r) => r.method === 'POST' && r.path === '/v2/payouts');
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual([one!.id, two!.id]);
    expect(creates.map((r) => JSON.parse(r.raw).reference_id)).toEqual([one!.id, two!.id]);
    expect(creates.map((r) => JSON.parse(r.raw).metadata.reference)).toEqual([`${created.reference}-1`, `${created.reference}-2`]);
    expect(creates[0]!.raw).toContain('"amount":50000.00');
    expect(creates[1]!.raw).toContain('"amount":10000.00');
    expect(one!.providerReference).toMatch(/^disb-/);
    expect(two!.providerReference).toMatch(/^disb-/);
    expect(one!.providerReference).not.toBe(two!.providerReference);

    // The withdrawal's own id names no transfer: nothing is brought forward.
    const whole = await callback({ event: 'payout.succeeded', data: { id: 'disb-whole', reference_id: created.id, status: 'SUCCEEDED' } });
    expect(whole.json()).toEqual({ received: true, outcome: 'IGNORED' });

    // Transfer 1 paid at Xendit: its callback settles that transfer alone (through the status endpoint).
    fake.payouts.get(one!.providerReference!)!.status = 'SUCCEEDED';
    const first = { event: 'payout.succeeded', data: { id: one!.providerReference, reference_id: one!.id, status: 'SUCCEEDED' } };
    expect((await callback(first)).json().outcome).toBe('CHECK_DUE');
    await runJobs(t);
    let parts = await partsOf(created.id);
    expect(parts.map((p) => p.status)).toEqual(['PAID', 'PROCESSING']);
    expect(ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`)).status).toBe('PROCESSING');
    // A replay settles nothing more.
    expect((await callback(first)).json().outcome).toBe('IGNORED');
    await runJobs(t);
    expect(await available(t, member.userId)).toBe(before - 60_000_00n);

    // A payout id that is not the one transfer 2 holds is nobody's.
    const forged = await callback({ event: 'payout.failed', data: { id: 'disb-forged', reference_id: two!.id, status: 'FAILED' } });
    expect(forged.json().outcome).toBe('UNKNOWN');

    // Transfer 2 failed at Xendit (callback by its payout id only): exactly its amount returns.
    fake.payouts.get(two!.providerReference!)!.status = 'FAILED';
    fake.payouts.get(two!.providerReference!)!.failure_code = 'DESTINATION_MAXIMUM_LIMIT';
    expect((await callback({ event: 'payout.failed', data: { id: two!.providerReference, status: 'FAILED' } })).json().outcome).toBe('CHECK_DUE');
    await runJobs(t);
    parts = await partsOf(created.id);
    expect(parts.map((p) => [p.status, p.failureReasonCode])).toEqual([
      ['PAID', null],
      ['FAILED', 'RECEIVING_LIMIT'],
    ]);
    const view = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(view).toMatchObject({ status: 'PARTLY_PAID', funds: 'PARTLY_SENT', amountReceived: '50000.00', amountReturned: '10000.00' });
    expect(await available(t, member.userId)).toBe(before - 50_000_00n);
    expect((await callback({ event: 'payout.failed', data: { id: two!.providerReference, reference_id: two!.id, status: 'FAILED' } })).json().outcome).toBe(
      'IGNORED',
    );
    const recorded = await t.deps.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.provider, 'XENDIT'));
    expect(recorded.map((r) => r.outcome)).toEqual(['IGNORED', 'CHECK_DUE', 'IGNORED', 'UNKNOWN', 'CHECK_DUE', 'IGNORED']);
  });
});
