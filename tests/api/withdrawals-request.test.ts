import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, expectLedgerSound, get, newKey, ok, post, type ActivatedMember } from '../fixtures/loans';
import { createMember, type TestMember } from '../fixtures/members';
import {
  available,
  confirmWithdrawal,
  fundedMember,
  requestWithdrawal,
  runJobs,
  withdrawalCode,
  withdrawalRow,
  type FundedMember,
} from '../fixtures/withdrawals';
import { otpChallenges, outboxMessages, payoutAccounts } from '../../src/server/db/schema';
import { findTransfer } from '../../src/server/ledger';
import { toDecimalString } from '../../src/shared/money/money';
import { CODE_RESEND_AFTER_MINUTES, CODE_TTL_MINUTES, codeTextValues } from '../../src/shared/codes/rules';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
let approver: TestMember;
let disburser: TestMember;
let member: FundedMember;

beforeAll(async () => {
  t = await createTestApp();
  approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
  disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
  member = await fundedMember(t, approver, disburser);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

function errorOf(res: { body: string }) {
  return (JSON.parse(res.body) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

describe('GET /api/withdrawals/options', () => {
  it("shows the member's balance, fee 0.00, the channels and the payout account masked but 3 characters", async () => {
    const body = ok(await get(t, member.cookie, '/api/withdrawals/options'));
    expect(body).toEqual({
      available: toDecimalString(member.balance),
      currency: 'PHP',
      fee: '0.00',
      channels: [
        { channel: 'INSTAPAY', min: '100.00', max: '50000.00' },
        { channel: 'PESONET', min: '50000.01', max: '5000000.00' },
      ],
      destination: { institutionName: 'BDO Unibank', kind: 'BANK', accountMasked: '001*********', accountName: 'Maria Santos Dela Cruz' },
      blockedUntil: null,
      maxParts: 10,
    });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await get(t, undefined, '/api/withdrawals/options')).statusCode).toBe(401);
  });
});

describe('POST /api/withdrawals: bad input is refused by the server', () => {
  const cases: [string, unknown, RegExp][] = [
    ['zero', '0.00', /greater than 0/],
    ['zero without decimals', '0', /greater than 0/],
    ['negative', '-100.00', /at most 2 decimals/],
    ['non-numeric', 'abc', /at most 2 decimals/],
    ['a number instead of a string', 100, /at most 2 decimals/],
    ['grouped digits', '1,000.00', /at most 2 decimals/],
    ['more than 2 decimals', '100.001', /at most 2 decimals/],
    ['below the minimum', '99.99', /minimum withdrawal is ₱100\.00/],
    // Above one transfer's maximum the amount is split (docs/decisions/033), up to WITHDRAWAL_MAX_PARTS transfers.
    ['above the most one withdrawal can send', '50000000.01', /most one withdrawal can send is ₱50,000,000\.00/],
  ];
  for (const [name, amount, message] of cases) {
    it(`refuses ${name}`, async () => {
      const res = await requestWithdrawal(t, member.cookie, amount);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).fields?.amount).toMatch(message);
      expect(await available(t, member.userId)).toBe(member.balance);
    });
  }

  it('refuses an amount above the available balance', async () => {
    const res = await requestWithdrawal(t, member.cookie, toDecimalString(member.balance + 1n));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.amount).toBe(
      `The amount is more than your available balance of ₱${Number(member.balance / 100n).toLocaleString('en-US')}.${String(member.balance % 100n).padStart(2, '0')}.`,
    );
  });

  it('sends an e-wallet withdrawal above 50,000.00 as two InstaPay transfers and 50,000.00 as one', async () => {
    const m = await fundedMember(t, approver, disburser);
    await t.deps.db
      .update(payoutAccounts)
      .set({ kind: 'EWALLET', institutionCode: 'GCASH', institutionName: 'GCash', accountNumber: '+639181234567' })
      .where(eq(payoutAccounts.userId, m.userId));
    const above = ok(await requestWithdrawal(t, m.cookie, '50000.01'), 201);
    expect(above.parts.map((p: { amount: string; channel: string }) => [p.amount, p.channel])).toEqual([
      ['49900.01', 'INSTAPAY'],
      ['100.00', 'INSTAPAY'],
    ]);
    ok(await post(t, m.cookie, `/api/withdrawals/${above.id}/cancel`));
    t.clock.advance(61_000); // the next code for this phone may be sent after a minute
    const opts = ok(await get(t, m.cookie, '/api/withdrawals/options'));
    expect(opts.channels).toEqual([{ channel: 'INSTAPAY', min: '100.00', max: '50000.00' }]);
    // The same mask as Settings shows for the same e-wallet (decision 060): its national form, first 3 kept.
    expect(opts.destination.accountMasked).toBe('091********');
    const settings = ok(await get(t, m.cookie, '/api/member/payout-account'));
    expect(settings.account).toMatchObject({ accountNumberMasked: '091********', accountNumber: '09181234567' });
    const created = ok(await requestWithdrawal(t, m.cookie, '50000.00'), 201);
    expect(created.channel).toBe('INSTAPAY');
    ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`));
  });

  it('refuses extra fields and a missing Idempotency-Key', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: { amount: '100.00', memberId: approver.userId },
      headers: { cookie: member.cookie, 'idempotency-key': newKey() },
    });
    expect(extra.statusCode).toBe(400);
    const noKey = await requestWithdrawal(t, member.cookie, '100.00', null);
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses a member without a payout account', async () => {
    const m = await createMember(t, { accountState: 'PERSONAL_INFO' });
    const res = await requestWithdrawal(t, m.cookie, '100.00');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('NO_PAYOUT_ACCOUNT');
  });
});

describe('POST /api/withdrawals: the request', () => {
  let fresh: FundedMember;
  beforeAll(async () => {
    fresh = await fundedMember(t, approver, disburser);
  });

  it('holds the amount with a pending ledger transfer and sends a code bound to this withdrawal', async () => {
    const res = await requestWithdrawal(t, fresh.cookie, '1500.50');
    expect(res.statusCode, res.body).toBe(201);
    const view = JSON.parse(res.body);
    expect(view).toMatchObject({
      reference: expect.stringMatching(/^TAPAT-\d{6}$/),
      status: 'AWAITING_CODE',
      statusColor: 'info',
      statusIcon: 'lock-reset',
      amount: '1500.50',
      fee: '0.00',
      amountToReceive: '1500.50',
      currency: 'PHP',
      channel: 'INSTAPAY',
      destination: { institutionName: 'BDO Unibank', kind: 'BANK', accountMasked: '001*********', accountName: 'Maria Santos Dela Cruz' },
      confirmedAt: null,
      settledAt: null,
      failureReasonCode: null,
      failureReason: null,
      events: [{ status: 'AWAITING_CODE', actor: 'MEMBER', reasonCode: null, reason: null }],
    });
    // The code's times come from the server: the page counts down to resendAvailableAt.
    const sentAt = t.clock.now().getTime();
    expect(view.code).toEqual({
      expiresAt: new Date(sentAt + CODE_TTL_MINUTES * 60_000).toISOString(),
      resendAvailableAt: new Date(sentAt + CODE_RESEND_AFTER_MINUTES * 60_000).toISOString(),
    });
    expect(new Date(view.expiresAt).getTime() - new Date(view.createdAt).getTime()).toBe(15 * 60_000);
    expect(await available(t, fresh.userId)).toBe(fresh.balance - 150_050n);
    const row = await withdrawalRow(t, view.id);
    const hold = await findTransfer(t.deps.db, row.pendingTransferId);
    expect(hold).toMatchObject({ type: 'PENDING', code: 'WITHDRAWAL', reference: view.id });
    const code = await withdrawalCode(t, fresh.phone);
    expect(code).toMatch(/^\d{6}$/);
    const [challenge] = await t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.purpose, 'WITHDRAWAL'));
    expect(challenge).toBeDefined();
    const mine = await t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.phone, fresh.phone));
    expect(mine.find((c) => c.purpose === 'WITHDRAWAL')?.subject).toBe(`${view.id}:150050:BDO:001234567890`);
    const emails = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, fresh.email));
    expect(emails.some((e) => e.subject === 'Your withdrawal code' && !e.body.includes(code))).toBe(true);
  });

  it('refuses a second request while one waits for its code (WITHDRAWAL_OPEN)', async () => {
    const res = await requestWithdrawal(t, fresh.cookie, '100.00');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('WITHDRAWAL_OPEN');
  });

  it('replays the same Idempotency-Key and refuses it with another body', async () => {
    const m = await fundedMember(t, approver, disburser);
    const key = newKey();
    const first = await requestWithdrawal(t, m.cookie, '200.00', key);
    expect(first.statusCode).toBe(201);
    const again = await requestWithdrawal(t, m.cookie, '200.00', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(again.body).id).toBe(JSON.parse(first.body).id);
    const other = await requestWithdrawal(t, m.cookie, '300.00', key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await available(t, m.userId)).toBe(m.balance - 20_000n);
    ok(await post(t, m.cookie, `/api/withdrawals/${JSON.parse(first.body).id}/cancel`));
    expect(await available(t, m.userId)).toBe(m.balance);
  });

  it('resends the code at most once a minute, and the old code stops working', async () => {
    const list = ok(await get(t, fresh.cookie, '/api/withdrawals'));
    const id = list.withdrawals[0].id as string;
    const old = await withdrawalCode(t, fresh.phone);
    t.clock.advance(61_000);
    const again = await post(t, fresh.cookie, `/api/withdrawals/${id}/code`);
    expect(again.statusCode, again.body).toBe(200);
    // The server says when the new code expires and when the next may be sent (the page counts down to it).
    const now = t.clock.now().getTime();
    expect(JSON.parse(again.body)).toEqual({
      expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(),
      resendAvailableAt: new Date(now + CODE_RESEND_AFTER_MINUTES * 60_000).toISOString(),
    });
    const tooSoon = await post(t, fresh.cookie, `/api/withdrawals/${id}/code`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe(String(CODE_RESEND_AFTER_MINUTES * 60));
    expect(errorOf(tooSoon).message).toBe(translateEn('errors.CODE_RESEND_WAIT', codeTextValues()));
    const code = await withdrawalCode(t, fresh.phone);
    if (code !== old) {
      const stale = await post(t, fresh.cookie, `/api/withdrawals/${id}/confirm`, { code: old }, { 'idempotency-key': newKey() });
      expect(stale.statusCode).toBe(400);
      expect(errorOf(stale).fields?.code).toBe('Invalid OTP');
    }
  });

  it('keeps the funds held until the request expires after 15 minutes, then returns them', async () => {
    const list = ok(await get(t, fresh.cookie, '/api/withdrawals'));
    const id = list.withdrawals[0].id as string;
    const expiresAt = new Date(list.withdrawals[0].expiresAt as string).getTime();
    t.clock.advance(expiresAt - t.clock.now().getTime() - 1000); // a second before the expiry
    expect(await runJobs(t)).toEqual({ expired: 0, settled: 0 });
    expect(await available(t, fresh.userId)).toBe(fresh.balance - 150_050n);
    t.clock.advance(1000);
    expect((await runJobs(t)).expired).toBeGreaterThanOrEqual(1);
    const view = ok(await get(t, fresh.cookie, `/api/withdrawals/${id}`));
    expect(view).toMatchObject({ status: 'EXPIRED', statusColor: 'warning', statusIcon: 'query-builder' });
    expect(view.events.map((e: { status: string; actor: string }) => [e.status, e.actor])).toEqual([
      ['AWAITING_CODE', 'MEMBER'],
      ['EXPIRED', 'SYSTEM'],
    ]);
    expect(await available(t, fresh.userId)).toBe(fresh.balance);
    const row = await withdrawalRow(t, id);
    expect((await findTransfer(t.deps.db, row.resolutionTransferId!))?.type).toBe('VOID_PENDING');
    const late = await post(t, fresh.cookie, `/api/withdrawals/${id}/confirm`, { code: await withdrawalCode(t, fresh.phone) }, { 'idempotency-key': newKey() });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('WITHDRAWAL_STATE');
  });
});

describe("reading a withdrawal awaiting its code: the code's times", () => {
  const MINUTE = 60_000;
  const times = (sentAt: number) => ({
    expiresAt: new Date(sentAt + CODE_TTL_MINUTES * MINUTE).toISOString(),
    resendAvailableAt: new Date(sentAt + CODE_RESEND_AFTER_MINUTES * MINUTE).toISOString(),
  });
  const read = async (cookie: string, id: string) => ok(await get(t, cookie, `/api/withdrawals/${id}`));
  const listed = async (cookie: string, id: string) =>
    (ok(await get(t, cookie, '/api/withdrawals')).withdrawals as { id: string; code: unknown }[]).find((w) => w.id === id);

  it("GET /:id and the list carry the times the request answered, by the server's clock, until a resend changes them", async () => {
    const m = await fundedMember(t, approver, disburser);
    const created = ok(await requestWithdrawal(t, m.cookie, '250.00'), 201);
    const sentAt = t.clock.now().getTime();
    expect(created.code).toEqual(times(sentAt));
    // A reload 20 seconds later: the same times, not a fresh minute counted from the read.
    t.clock.advance(20_000);
    expect((await read(m.cookie, created.id)).code).toEqual(times(sentAt));
    expect((await listed(m.cookie, created.id))?.code).toEqual(times(sentAt));
    // A resend: the read answers the new code's times.
    t.clock.advance(41_000);
    const resent = ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/code`));
    const resentAt = t.clock.now().getTime();
    expect(resent).toEqual(times(resentAt));
    expect((await read(m.cookie, created.id)).code).toEqual(times(resentAt));
    // The code expired: its expiry is still said (the page shows it expired), and a resend is open now.
    t.clock.advance(CODE_TTL_MINUTES * MINUTE + 1_000);
    expect((await read(m.cookie, created.id)).code).toEqual({
      expiresAt: times(resentAt).expiresAt,
      resendAvailableAt: t.clock.now().toISOString(),
    });
    ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`));
    // Not awaiting a code any more: no times.
    expect((await read(m.cookie, created.id)).code).toBeNull();
    expect((await listed(m.cookie, created.id))?.code).toBeNull();
  });

  it('says the hourly limit: after the fifth code of the hour the next is due an hour after the first', async () => {
    const m = await fundedMember(t, approver, disburser);
    // The phone's codes of other purposes (registration, contract signing) are not counted.
    const created = ok(await requestWithdrawal(t, m.cookie, '300.00'), 201);
    const firstAt = t.clock.now().getTime();
    for (let sent = 1; sent < 5; sent++) {
      t.clock.advance(61_000);
      ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/code`));
    }
    const lastAt = t.clock.now().getTime();
    t.clock.advance(61_000);
    const refused = await post(t, m.cookie, `/api/withdrawals/${created.id}/code`);
    expect(refused.statusCode).toBe(429);
    expect((await read(m.cookie, created.id)).code).toEqual({
      expiresAt: times(lastAt).expiresAt,
      resendAvailableAt: new Date(firstAt + 60 * MINUTE).toISOString(),
    });
    ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`));
  });

  it('a confirmed withdrawal has no code times; only the owner reads them (404 and an empty list for another member, none in the back office)', async () => {
    const m = await fundedMember(t, approver, disburser);
    const other = await createActivatedMember(t);
    t.clock.advance(61_000);
    const created = ok(await requestWithdrawal(t, m.cookie, '200.00'), 201);
    const other404 = await get(t, other.cookie, `/api/withdrawals/${created.id}`);
    expect(other404.statusCode).toBe(404);
    expect(other404.body).not.toContain('resendAvailableAt');
    expect(ok(await get(t, other.cookie, '/api/withdrawals')).withdrawals).toEqual([]);
    const queue = ok(await get(t, approver.cookie, '/api/admin/withdrawals?status=AWAITING_CODE&limit=500'));
    const row = (queue.withdrawals as Record<string, unknown>[]).find((w) => w.id === created.id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('code');
    expect((await read(m.cookie, created.id)).code).toEqual(created.code);
    ok(await confirmWithdrawal(t, m.cookie, created.id, await withdrawalCode(t, m.phone)));
    expect((await read(m.cookie, created.id)).code).toBeNull();
  });
});

describe('cancel', () => {
  it('releases the hold through the ledger at once; a second cancel answers the same and moves nothing', async () => {
    const m = await fundedMember(t, approver, disburser);
    const created = ok(await requestWithdrawal(t, m.cookie, '100.00'), 201);
    expect(await available(t, m.userId)).toBe(m.balance - 10_000n);
    const view = ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`));
    expect(view).toMatchObject({ status: 'CANCELLED', statusIcon: 'highlight-off', statusColor: 'warning', funds: 'RETURNED', amountReturned: '100.00' });
    expect(view.events.map((e: { status: string; actor: string }) => [e.status, e.actor])).toEqual([
      ['AWAITING_CODE', 'MEMBER'],
      ['CANCELLED', 'MEMBER'],
    ]);
    expect(await available(t, m.userId)).toBe(m.balance);
    const row = await withdrawalRow(t, created.id);
    const release = await findTransfer(t.deps.db, row.resolutionTransferId!);
    expect(release).toMatchObject({ type: 'VOID_PENDING', pendingId: row.pendingTransferId });

    const again = await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`);
    expect(again.statusCode, again.body).toBe(200);
    expect(JSON.parse(again.body)).toEqual(view);
    expect(await available(t, m.userId)).toBe(m.balance);
    expect((await withdrawalRow(t, created.id)).resolutionTransferId).toBe(row.resolutionTransferId);
  });

  it('is refused once the code was confirmed, and after the withdrawal expired', async () => {
    const m = await fundedMember(t, approver, disburser);
    const confirmed = ok(await requestWithdrawal(t, m.cookie, '100.00'), 201);
    ok(await confirmWithdrawal(t, m.cookie, confirmed.id, await withdrawalCode(t, m.phone)));
    const late = await post(t, m.cookie, `/api/withdrawals/${confirmed.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('WITHDRAWAL_STATE');
    expect((await withdrawalRow(t, confirmed.id)).status).toBe('PROCESSING');

    t.clock.advance(61_000);
    const expiring = ok(await requestWithdrawal(t, m.cookie, '100.00'), 201);
    t.clock.advance(15 * 60_000);
    await runJobs(t);
    const expired = await post(t, m.cookie, `/api/withdrawals/${expiring.id}/cancel`);
    expect(expired.statusCode).toBe(409);
    expect((await withdrawalRow(t, expiring.id)).status).toBe('EXPIRED');
  });
});

describe('the 24-hour hold after a change of payout account', () => {
  it('refuses a request with WITHDRAWAL_BLOCKED until the hold ends', async () => {
    const m = await fundedMember(t, approver, disburser);
    const changedAt = t.clock.now();
    const setChangedAt = (at: Date) => t.deps.db.update(payoutAccounts).set({ changedAt: at }).where(eq(payoutAccounts.userId, m.userId));
    await setChangedAt(changedAt);
    const opts = ok(await get(t, m.cookie, '/api/withdrawals/options'));
    expect(opts.blockedUntil).toBe(new Date(changedAt.getTime() + 24 * 3_600_000).toISOString());
    const res = await requestWithdrawal(t, m.cookie, '100.00');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('WITHDRAWAL_BLOCKED');
    // The end of the hold as a Philippine date and time in the requester's language, never an ISO string.
    const until = new Date(changedAt.getTime() + 24 * 3_600_000);
    const manila = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' }).format(until);
    expect(errorOf(res).message).toBe(`Withdrawals are paused for 24 hours after a change of payout account, until ${manila('en-PH')} (Philippine time).`);
    const filipino = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: { amount: '100.00' },
      headers: { cookie: m.cookie, 'idempotency-key': newKey(), 'accept-language': 'fil' },
    });
    expect(filipino.statusCode).toBe(409);
    expect(errorOf(filipino)).toEqual({
      code: 'WITHDRAWAL_BLOCKED',
      message: `Naka-pause ang mga withdrawal nang 24 oras pagkatapos palitan ang payout account, hanggang ${manila('fil-PH')} (oras sa Pilipinas).`,
    });
    expect(errorOf(filipino).message).not.toContain(until.toISOString());
    await setChangedAt(new Date(changedAt.getTime() - 24 * 3_600_000 + 1000)); // a second of the hold left
    expect((await requestWithdrawal(t, m.cookie, '100.00')).statusCode).toBe(409);
    await setChangedAt(new Date(changedAt.getTime() - 24 * 3_600_000)); // the hold just ended
    expect(ok(await get(t, m.cookie, '/api/withdrawals/options')).blockedUntil).toBeNull();
    const created = ok(await requestWithdrawal(t, m.cookie, '100.00'), 201);
    ok(await post(t, m.cookie, `/api/withdrawals/${created.id}/cancel`));
  });
});

describe('authorisation', () => {
  let owner: FundedMember;
  let other: ActivatedMember;
  let id: string;
  beforeAll(async () => {
    owner = await fundedMember(t, approver, disburser);
    other = await createActivatedMember(t);
    id = ok(await requestWithdrawal(t, owner.cookie, '100.00'), 201).id;
  });

  it("answers 404 to another member for every action on someone else's withdrawal", async () => {
    expect((await get(t, other.cookie, `/api/withdrawals/${id}`)).statusCode).toBe(404);
    expect((await post(t, other.cookie, `/api/withdrawals/${id}/cancel`)).statusCode).toBe(404);
    expect((await post(t, other.cookie, `/api/withdrawals/${id}/code`)).statusCode).toBe(404);
    const confirm = await post(
      t,
      other.cookie,
      `/api/withdrawals/${id}/confirm`,
      { code: await withdrawalCode(t, owner.phone) },
      { 'idempotency-key': newKey() },
    );
    expect(confirm.statusCode).toBe(404);
    expect(ok(await get(t, other.cookie, '/api/withdrawals')).withdrawals).toEqual([]);
    expect((await get(t, owner.cookie, `/api/withdrawals/${id}`)).statusCode).toBe(200);
    expect((await get(t, owner.cookie, '/api/withdrawals/not-a-uuid')).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await get(t, undefined, '/api/withdrawals')).statusCode).toBe(401);
    expect((await get(t, undefined, `/api/withdrawals/${id}`)).statusCode).toBe(401);
    expect((await requestWithdrawal(t, undefined, '100.00')).statusCode).toBe(401);
    expect((await post(t, undefined, `/api/withdrawals/${id}/cancel`)).statusCode).toBe(401);
    expect((await get(t, undefined, '/api/admin/withdrawals')).statusCode).toBe(401);
  });

  it('answers 403 to a member on the back-office routes', async () => {
    expect((await get(t, owner.cookie, '/api/admin/withdrawals')).statusCode).toBe(403);
    expect((await get(t, owner.cookie, '/api/admin/withdrawals/reconciliation?date=2026-11-22')).statusCode).toBe(403);
    expect((await post(t, owner.cookie, `/api/admin/withdrawals/${id}/paid`, { bankReference: 'BDO-123' })).statusCode).toBe(403);
    expect((await post(t, owner.cookie, `/api/admin/withdrawals/${id}/failed`, { reasonCode: 'BANK_DECLINED' })).statusCode).toBe(403);
    expect((await post(t, owner.cookie, `/api/admin/withdrawals/${id}/failed/confirm`)).statusCode).toBe(403);
    ok(await post(t, owner.cookie, `/api/withdrawals/${id}/cancel`));
  });
});

describe('the answers of the request and its confirmation (decision 041: built from the rows the statements return)', () => {
  it('are the views a read of the withdrawal gives, and a replay answers the same', async () => {
    const fresh = await fundedMember(t, approver, disburser);
    const key = newKey();
    const requested = ok(await requestWithdrawal(t, fresh.cookie, '1500.00', key), 201);
    expect(ok(await get(t, fresh.cookie, `/api/withdrawals/${requested.id}`))).toEqual(requested);
    expect(ok(await requestWithdrawal(t, fresh.cookie, '1500.00', key), 201)).toEqual(requested);
    const confirmKey = newKey();
    const code = await withdrawalCode(t, fresh.phone);
    const confirmed = ok(await confirmWithdrawal(t, fresh.cookie, requested.id, code, confirmKey));
    expect(confirmed.status).toBe('PROCESSING');
    expect(confirmed.events.map((e: { status: string }) => e.status)).toEqual(['AWAITING_CODE', 'PROCESSING']);
    expect(ok(await get(t, fresh.cookie, `/api/withdrawals/${requested.id}`))).toEqual({ ...confirmed, code: null });
    expect(ok(await confirmWithdrawal(t, fresh.cookie, requested.id, code, confirmKey))).toEqual(confirmed);
  });
});
