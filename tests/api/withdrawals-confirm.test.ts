import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import {
  advanceKeepingSessions,
  available,
  confirmWithdrawal,
  failByTwoOfficers,
  fundedMember,
  requestWithdrawal,
  runJobs,
  withdrawalCode,
  withdrawalRow,
  type FundedMember,
} from '../fixtures/withdrawals';
import { ledgerEntries, ledgerTransfers, outboxMessages } from '../../src/server/db/schema';
import { findTransfer, systemAccountBalance } from '../../src/server/ledger';
import { philippineDate } from '../../src/shared/activation/age';

function errorOf(res: { body: string }) {
  return (JSON.parse(res.body) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

/** A code that is not `code`. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function messagesTo(t: TestApp, recipient: string) {
  return t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
}

describe('confirming with the code (simulated provider)', () => {
  let t: TestApp;
  let approver: TestMember;
  let disburser: TestMember;
  let member: FundedMember;

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_SETTLE_SECONDS: '20', PAYOUT_FAILURE_RATE: '0' });
    approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
    member = await fundedMember(t, approver, disburser);
  });
  // At most 5 codes an hour per phone.
  afterEach(() => advanceKeepingSessions(t, 3_600_000, [member.cookie, approver.cookie, disburser.cookie]));
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('refuses a wrong code with Invalid OTP and the tries left, then locks at the sixth try; the funds stay held until expiry', async () => {
    const created = ok(await requestWithdrawal(t, member.cookie, '500.00'), 201);
    const code = await withdrawalCode(t, member.phone);
    for (let left = 4; left >= 1; left -= 1) {
      const res = await confirmWithdrawal(t, member.cookie, created.id, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'CODE_INVALID', fields: { code: 'Invalid OTP' } });
      expect(errorOf(res).message).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await confirmWithdrawal(t, member.cookie, created.id, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth)).toMatchObject({ code: 'CODE_LOCKED', fields: { code: 'Invalid OTP' } });
    const sixth = await confirmWithdrawal(t, member.cookie, created.id, code);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe('CODE_LOCKED');
    expect((await withdrawalRow(t, created.id)).status).toBe('AWAITING_CODE');
    expect(await available(t, member.userId)).toBe(member.balance - 50_000n);
    t.clock.advance(15 * 60_000);
    await runJobs(t);
    expect((await withdrawalRow(t, created.id)).status).toBe('EXPIRED');
    expect(await available(t, member.userId)).toBe(member.balance);
  });

  it('refuses an expired code', async () => {
    const created = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    const code = await withdrawalCode(t, member.phone);
    t.clock.advance(5 * 60_000);
    const res = await confirmWithdrawal(t, member.cookie, created.id, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CODE_EXPIRED', fields: { code: 'Invalid OTP' } });
    expect((await withdrawalRow(t, created.id)).status).toBe('AWAITING_CODE');
    ok(await post(t, member.cookie, `/api/withdrawals/${created.id}/cancel`));
    t.clock.advance(61_000);
  });

  it("refuses the code of another withdrawal (another member's, and this member's earlier one)", async () => {
    const other = await fundedMember(t, approver, disburser);
    const theirs = ok(await requestWithdrawal(t, other.cookie, '100.00'), 201);
    const theirCode = await withdrawalCode(t, other.phone);
    const mine = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    const myCode = await withdrawalCode(t, member.phone);
    if (theirCode !== myCode) {
      const res = await confirmWithdrawal(t, member.cookie, mine.id, theirCode);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'CODE_INVALID', fields: { code: 'Invalid OTP' } });
    }
    // This member's earlier code, for a cancelled withdrawal, does not confirm the next one.
    ok(await post(t, member.cookie, `/api/withdrawals/${mine.id}/cancel`));
    t.clock.advance(61_000);
    const next = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    const nextCode = await withdrawalCode(t, member.phone);
    if (nextCode !== myCode) {
      const res = await confirmWithdrawal(t, member.cookie, next.id, myCode);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('CODE_INVALID');
    }
    ok(await post(t, member.cookie, `/api/withdrawals/${next.id}/cancel`));
    ok(await post(t, other.cookie, `/api/withdrawals/${theirs.id}/cancel`));
    t.clock.advance(61_000);
  });

  it('submits the payout only after the code, settles after the delay, posts the hold and tells the member', async () => {
    const before = await available(t, member.userId);
    const created = ok(await requestWithdrawal(t, member.cookie, '1234.56'), 201);
    const key = newKey();
    const res = await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone), key);
    expect(res.statusCode, res.body).toBe(200);
    const view = JSON.parse(res.body);
    expect(view).toMatchObject({ status: 'PROCESSING', statusIcon: 'currency-exchange', statusColor: 'info', settledAt: null });
    expect(view.confirmedAt).toBe(t.clock.now().toISOString());
    expect(await available(t, member.userId)).toBe(before - 123_456n);

    // The same key replays the answer; the code is not checked again.
    const replay = await confirmWithdrawal(t, member.cookie, created.id, '999999', key);
    expect(replay.statusCode).toBe(422);
    const sameReplay = await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone), key);
    expect(sameReplay.statusCode).toBe(200);
    expect(sameReplay.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(sameReplay.body)).toEqual(view);
    // A reused code with a new key is refused.
    const reused = await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone));
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).code).toBe('WITHDRAWAL_STATE');
    expect((await post(t, member.cookie, `/api/withdrawals/${created.id}/cancel`)).statusCode).toBe(409);

    t.clock.advance(19_000);
    expect((await runJobs(t)).settled).toBe(0);
    t.clock.advance(1_000);
    expect((await runJobs(t)).settled).toBe(1);
    const paid = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(paid).toMatchObject({ status: 'PAID', statusIcon: 'check-circle', statusColor: 'success', failureReason: null });
    expect(paid.settledAt).toBe(t.clock.now().toISOString());
    expect(paid.events.map((e: { status: string; actor: string }) => `${e.status}:${e.actor}`)).toEqual([
      'AWAITING_CODE:MEMBER',
      'PROCESSING:MEMBER',
      'PAID:SYSTEM',
    ]);
    const row = await withdrawalRow(t, created.id);
    expect((await findTransfer(t.deps.db, row.resolutionTransferId!))?.type).toBe('POST_PENDING');
    const posted = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, row.resolutionTransferId!));
    expect(posted.map((e) => [e.direction, e.amount]).sort()).toEqual([
      ['CREDIT', 123_456n],
      ['DEBIT', 123_456n],
    ]);
    const settlement = await t.deps.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.reference, created.id), eq(ledgerTransfers.code, 'WITHDRAWAL_SETTLEMENT')));
    expect(settlement).toHaveLength(1);
    expect(await available(t, member.userId)).toBe(before - 123_456n);
    const sms = (await messagesTo(t, member.phone)).map((m) => m.body);
    expect(sms.some((b) => b.includes(`withdrawal ${created.reference} of ₱1,234.56 has been sent`))).toBe(true);
    expect(sms.some((b) => b.includes(`withdrawal ${created.reference} is being sent`))).toBe(true);
    const emails = await messagesTo(t, member.email);
    expect(emails.map((e) => e.subject)).toEqual(
      expect.arrayContaining(['Your withdrawal code', 'Your withdrawal is on its way', 'Your withdrawal has been sent']),
    );
    t.clock.advance(61_000);
  });

  it('holds a settlement message for the quiet hours, but not what the member just did', async () => {
    // Move to 21:59 Philippine time (13:59 UTC) of a later day.
    const now = t.clock.now();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 13, 59, 0);
    await advanceKeepingSessions(t, target - now.getTime(), [member.cookie, approver.cookie, disburser.cookie]);
    const created = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    t.clock.advance(30_000);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    t.clock.advance(60_000); // 22:00:30 Manila: settles now, told at 06:00
    expect((await runJobs(t)).settled).toBe(1);
    const rows = await messagesTo(t, member.phone);
    const confirmed = rows.find((m) => m.body.includes(`${created.reference} is being sent`));
    const paid = rows.find((m) => m.body.includes(`${created.reference} of ₱100.00 has been sent`));
    expect(confirmed?.sendAfter).toBeNull();
    expect(paid?.sendAfter?.toISOString()).toBe(new Date(target + 8 * 3_600_000 + 60_000).toISOString().slice(0, 11) + '22:00:00.000Z');
    const outbox = ok(await get(t, undefined, '/api/dev/outbox'));
    expect(outbox.messages.find((m: { id: string }) => m.id === paid!.id).sendAfter).toBe(paid!.sendAfter!.toISOString());
    t.clock.advance(61_000);
  });

  it('shows the back-office queue and a reconciliation that matches the ledger', async () => {
    const officer = approver;
    const queue = ok(await get(t, officer.cookie, '/api/admin/withdrawals?status=PAID,EXPIRED,CANCELLED'));
    expect(queue.withdrawals.length).toBeGreaterThanOrEqual(4);
    const first = queue.withdrawals[0];
    expect(first).toMatchObject({ memberName: expect.any(String), payoutMode: expect.stringMatching(/SIMULATED|MANUAL/) });
    expect(first.ageMinutes).toBeGreaterThanOrEqual(0);
    const times = queue.withdrawals.map((w: { createdAt: string }) => w.createdAt);
    expect([...times].sort()).toEqual(times);
    expect((await get(t, officer.cookie, '/api/admin/withdrawals?status=BOGUS')).statusCode).toBe(400);

    const date = philippineDate(new Date('2026-11-22T04:00:00Z'));
    const recon = ok(await get(t, officer.cookie, `/api/admin/withdrawals/reconciliation?date=${date}`));
    expect(recon.date).toBe(date);
    expect(recon.matches).toBe(true);
    expect(recon.differences).toEqual([]);
    const total = (status: string) => recon.rows.find((r: { status: string }) => r.status === status)?.total ?? '0.00';
    expect(recon.ledger.posted).toBe(total('PAID'));
    expect(recon.rows.find((r: { status: string }) => r.status === 'PAID').count).toBeGreaterThanOrEqual(1);
    expect((await get(t, officer.cookie, '/api/admin/withdrawals/reconciliation?date=22-11-2026')).statusCode).toBe(400);
    const clearing = await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING'); // all its shards
    expect(clearing?.posted).toBe(0n); // every paid withdrawal left through settlement funds
  });

  it('refuses manual paid/failed in simulated mode', async () => {
    const created = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    const res = await post(t, approver.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-REF-1' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('WITHDRAWAL_STATE');
    t.clock.advance(20_000);
    await runJobs(t);
    t.clock.advance(61_000);
  });
});

describe('a payout the provider fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_FAILURE_RATE: '1', PAYOUT_SETTLE_SECONDS: '5' });
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('ends FAILED with the reason, the funds back in the wallet and the member told', async () => {
    const member = await fundedMember(t, await createStaff(t, 'OFFICER', 'Officer Ana Cruz'), await createStaff(t, 'OFFICER', 'Officer Ben Lim'));
    const created = ok(await requestWithdrawal(t, member.cookie, '2500.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    expect(await available(t, member.userId)).toBe(member.balance - 250_000n);
    t.clock.advance(5_000);
    expect((await runJobs(t)).settled).toBe(1);
    const view = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(view).toMatchObject({
      status: 'FAILED',
      statusIcon: 'error',
      statusColor: 'danger',
      failureReasonCode: 'BANK_DECLINED',
      failureReason: 'The receiving bank or e-wallet declined the transfer.',
    });
    expect(view.events.at(-1)).toMatchObject({ status: 'FAILED', actor: 'SYSTEM', reasonCode: 'BANK_DECLINED', reason: view.failureReason });
    expect(await available(t, member.userId)).toBe(member.balance);
    const row = await withdrawalRow(t, created.id);
    expect((await findTransfer(t.deps.db, row.resolutionTransferId!))?.type).toBe('VOID_PENDING');
    expect(
      (await messagesTo(t, member.phone)).some((m) => m.body.includes(`${created.reference} could not be completed. The amount is back in your wallet.`)),
    ).toBe(true);
  });
});

describe('manual payout mode', () => {
  let t: TestApp;
  let officer: TestMember;
  let checker: TestMember;
  let member: FundedMember;
  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
    officer = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    checker = await createStaff(t, 'OFFICER', 'Officer Carla Reyes');
    member = await fundedMember(t, officer, await createStaff(t, 'ADMIN', 'Admin Ben Lim'));
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('waits for an officer, who marks it paid with the bank reference', async () => {
    const created = ok(await requestWithdrawal(t, member.cookie, '60000.00'), 201);
    expect(created.channel).toBe('PESONET');
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    t.clock.advance(3_600_000);
    expect(await runJobs(t)).toEqual({ expired: 0, settled: 0 });
    const queue = ok(await get(t, officer.cookie, '/api/admin/withdrawals?status=PROCESSING'));
    expect(queue.withdrawals.map((w: { id: string }) => w.id)).toEqual([created.id]);
    expect(queue.withdrawals[0]).toMatchObject({ payoutMode: 'MANUAL', memberId: member.userId, memberName: member.fullName, ageMinutes: 60 });
    expect((await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'x' })).statusCode).toBe(400);
    const row = ok(await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-PESONET-778812' }));
    expect(row).toMatchObject({ status: 'PAID', providerReference: 'BDO-PESONET-778812' });
    expect(row.events.at(-1)).toMatchObject({ status: 'PAID', actor: 'STAFF' });
    expect(await available(t, member.userId)).toBe(member.balance - 6_000_000n);
    const again = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reasonCode: 'ACCOUNT_CLOSED' });
    expect(again.statusCode).toBe(409);
    const audit = ok(await get(t, officer.cookie, `/api/admin/audit?subjectType=WITHDRAWAL&subjectId=${created.id}`));
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'WITHDRAWAL_MARK_PAID',
      actor: { id: officer.userId, role: 'OFFICER' },
      details: { bankReference: 'BDO-PESONET-778812', from: 'PROCESSING', to: 'PAID' },
    });
    t.clock.advance(61_000);
  });

  it('or marks it failed with a reason code of the catalogue (confirmed by a second officer), and the money comes back', async () => {
    const created = ok(await requestWithdrawal(t, member.cookie, '700.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    const before = await available(t, member.userId);
    const row = await failByTwoOfficers(t, officer, checker, created.id, { reasonCode: 'ACCOUNT_CLOSED', note: 'BDO says closed in 2024' });
    expect(row).toMatchObject({
      status: 'FAILED',
      failureReasonCode: 'ACCOUNT_CLOSED',
      failureReason: 'The receiving account is closed or cannot receive transfers.',
    });
    expect(row.events.at(-1)).toMatchObject({ status: 'FAILED', actor: 'STAFF', reasonCode: 'ACCOUNT_CLOSED', note: 'BDO says closed in 2024' });
    expect(await available(t, member.userId)).toBe(before + 70_000n);
    const audit = ok(await get(t, officer.cookie, `/api/admin/audit?action=WITHDRAWAL_MARK_FAILED&subjectId=${created.id}`));
    expect(audit.entries.map((e: { action: string; details: Record<string, unknown> }) => [e.action, e.details.reasonCode, e.details.note])).toEqual([
      ['WITHDRAWAL_MARK_FAILED', 'ACCOUNT_CLOSED', 'BDO says closed in 2024'],
    ]);
    expect((await get(t, officer.cookie, `/api/admin/withdrawals/${created.id}`)).statusCode).toBe(404);
  });
});
