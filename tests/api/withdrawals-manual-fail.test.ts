import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { available, confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode, withdrawalRow, type FundedMember } from '../fixtures/withdrawals';
import { auditLog, ledgerTransfers, payoutAccounts, users, withdrawalEvents } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';

/**
 * A manual payout marked failed needs a second officer (docs/decisions/049): the first officer's
 * mark is a request (202, nothing moves, the member sees nothing); another officer, not the one who
 * asked and without a conflict of interest, confirms it (FAILED, the amount back in the wallet);
 * a mark paid while a request waits clears it. The same for each transfer of a split withdrawal.
 */

function errorOf(res: { body: string }) {
  return (JSON.parse(res.body) as { error: { code: string; message: string } }).error;
}

async function ledgerCount(t: TestApp): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(ledgerTransfers);
  return row!.n;
}

async function auditOf(t: TestApp, withdrawalId: string) {
  return t.deps.db
    .select({ action: auditLog.action, actorUserId: auditLog.actorUserId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'WITHDRAWAL'), eq(auditLog.subjectId, withdrawalId)))
    .orderBy(asc(auditLog.seq));
}

async function eventCount(t: TestApp, withdrawalId: string): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(withdrawalEvents).where(eq(withdrawalEvents.withdrawalId, withdrawalId));
  return row!.n;
}

/** A test app whose payouts officers mark by hand, two officers (maker and checker) and a funded member. */
async function manualSetting(): Promise<{ t: TestApp; maker: TestMember; checker: TestMember; member: FundedMember }> {
  const t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
  const maker = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
  const checker = await createStaff(t, 'OFFICER', 'Officer Carla Reyes');
  const member = await fundedMember(t, maker, await createStaff(t, 'ADMIN', 'Admin Ben Lim'));
  return { t, maker, checker, member };
}

/** A withdrawal of `amount` confirmed with its code and sent for payout (PROCESSING): what an officer marks. */
async function processing(t: TestApp, member: FundedMember, amount: string): Promise<{ id: string; reference: string }> {
  const created = ok(await requestWithdrawal(t, member.cookie, amount), 201);
  ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
  t.clock.advance(61_000);
  return { id: created.id as string, reference: created.reference as string };
}

describe('a manual payout marked failed (maker-checker)', () => {
  let t: TestApp;
  let maker: TestMember;
  let checker: TestMember;
  let member: FundedMember;

  beforeAll(async () => {
    ({ t, maker, checker, member } = await manualSetting());
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('the first mark is a request: 202, still PROCESSING, nothing moved, the member sees nothing new; audited', async () => {
    const created = await processing(t, member, '700.00');
    const url = `/api/admin/withdrawals/${created.id}/failed`;
    const before = {
      available: await available(t, member.userId),
      wallet: await memberWalletBalance(t.deps.db, member.userId),
      transfers: await ledgerCount(t),
    };
    const memberBefore = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    const events = await eventCount(t, created.id);

    const res = await post(t, maker.cookie, url, { reasonCode: 'ACCOUNT_CLOSED', note: 'BDO says closed in 2024' });
    expect(res.statusCode).toBe(202);
    const row = res.json();
    expect(row).toMatchObject({
      status: 'PROCESSING',
      failureReasonCode: null,
      failRequest: {
        requestedBy: maker.userId,
        requestedByName: 'Officer Ana Cruz',
        reasonCode: 'ACCOUNT_CLOSED',
        reason: 'The receiving account is closed or cannot receive transfers.',
        note: 'BDO says closed in 2024',
      },
    });
    expect(row.failRequest.requestedAt).toBe(t.clock.now().toISOString());
    expect(await available(t, member.userId)).toBe(before.available);
    expect(await memberWalletBalance(t.deps.db, member.userId)).toEqual(before.wallet);
    expect(await ledgerCount(t)).toBe(before.transfers);
    expect(await eventCount(t, created.id)).toBe(events);
    const stored = await withdrawalRow(t, created.id);
    expect(stored).toMatchObject({ status: 'PROCESSING', resolutionTransferId: null, failRequestedBy: maker.userId, failRequestReasonCode: 'ACCOUNT_CLOSED' });
    // The member's view is what it was: no request, no note.
    const memberAfter = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(memberAfter).toEqual(memberBefore);
    expect(JSON.stringify(memberAfter)).not.toContain('BDO says');
    // The queue shows the request.
    const queue = ok(await get(t, checker.cookie, '/api/admin/withdrawals?status=PROCESSING'));
    expect(queue.withdrawals.find((w: { id: string }) => w.id === created.id).failRequest).toMatchObject({ requestedByName: 'Officer Ana Cruz' });

    // The same officer again: 202, the request as first stored (its reason is not changed), no second audit row.
    const again = await post(t, maker.cookie, url, { reasonCode: 'BANK_DECLINED' });
    expect(again.statusCode).toBe(202);
    expect(again.json().failRequest).toMatchObject({ reasonCode: 'ACCOUNT_CLOSED', note: 'BDO says closed in 2024' });
    expect((await auditOf(t, created.id)).map((a) => [a.action, a.actorUserId])).toEqual([['WITHDRAWAL_FAIL_REQUESTED', maker.userId]]);
    expect((await auditOf(t, created.id))[0]!.details).toMatchObject({
      reference: created.reference,
      amount: '700.00',
      status: 'PROCESSING',
      reasonCode: 'ACCOUNT_CLOSED',
    });

    // Another officer cannot ask over it: they confirm it (or mark it paid).
    const other = await post(t, checker.cookie, url, { reasonCode: 'BANK_DECLINED' });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toMatchObject({ code: 'WITHDRAWAL_FAIL_PENDING', message: expect.stringContaining('confirm their request') });

    // The officer who asked cannot confirm.
    const own = await post(t, maker.cookie, `${url}/confirm`);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toEqual({ code: 'MAKER_CHECKER', message: 'Another officer must confirm a failure you asked for.' });
    expect(await available(t, member.userId)).toBe(before.available);
    expect((await withdrawalRow(t, created.id)).status).toBe('PROCESSING');

    // A second officer confirms: FAILED with the requested reason, the amount back in the wallet, both officers in the audit.
    const confirmed = ok(await post(t, checker.cookie, `${url}/confirm`));
    expect(confirmed).toMatchObject({ status: 'FAILED', failureReasonCode: 'ACCOUNT_CLOSED', failRequest: null });
    expect(confirmed.events.at(-1)).toMatchObject({ status: 'FAILED', actor: 'STAFF', reasonCode: 'ACCOUNT_CLOSED', note: 'BDO says closed in 2024' });
    expect(await available(t, member.userId)).toBe(before.available + 70_000n);
    expect(await withdrawalRow(t, created.id)).toMatchObject({
      failRequestedBy: null,
      failRequestedAt: null,
      failRequestReasonCode: null,
      failRequestNote: null,
    });
    const audit = await auditOf(t, created.id);
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['WITHDRAWAL_FAIL_REQUESTED', maker.userId],
      ['WITHDRAWAL_MARK_FAILED', checker.userId],
    ]);
    expect(audit[1]!.details).toMatchObject({
      from: 'PROCESSING',
      to: 'FAILED',
      reasonCode: 'ACCOUNT_CLOSED',
      requestedBy: maker.userId,
      confirmedBy: checker.userId,
    });
    const memberView = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(memberView).toMatchObject({ status: 'FAILED', failureReasonCode: 'ACCOUNT_CLOSED', funds: 'RETURNED' });

    // Once failed, neither a confirmation nor a mark paid.
    expect(errorOf(await post(t, maker.cookie, `${url}/confirm`)).code).toBe('WITHDRAWAL_STATE');
    expect(errorOf(await post(t, maker.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-1' })).code).toBe('WITHDRAWAL_STATE');
  });

  it('nothing to confirm without a request (409 WITHDRAWAL_FAIL_NOT_PENDING)', async () => {
    const created = await processing(t, member, '300.00');
    const res = await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/failed/confirm`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('WITHDRAWAL_FAIL_NOT_PENDING');
    ok(await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-300' }));
  });

  it('a mark paid while a request waits: PAID, the request cleared (the money did go out), nothing returned', async () => {
    const created = await processing(t, member, '500.00');
    const before = await available(t, member.userId);
    ok(await post(t, maker.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reasonCode: 'BANK_UNAVAILABLE' }), 202);
    // Even by the officer who asked: their request was a mistake, the money went out.
    const paid = ok(await post(t, maker.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-PESONET-5000' }));
    expect(paid).toMatchObject({ status: 'PAID', providerReference: 'BDO-PESONET-5000', failRequest: null, failureReasonCode: null });
    expect(await available(t, member.userId)).toBe(before);
    expect((await withdrawalRow(t, created.id)).failRequestedAt).toBeNull();
    const audit = await auditOf(t, created.id);
    expect(audit.map((a) => a.action)).toEqual(['WITHDRAWAL_FAIL_REQUESTED', 'WITHDRAWAL_MARK_PAID']);
    expect(audit[1]!.details).toMatchObject({ to: 'PAID', clearedFailRequest: { requestedBy: maker.userId, reasonCode: 'BANK_UNAVAILABLE' } });
    // The cleared request cannot be confirmed afterwards.
    expect(errorOf(await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/failed/confirm`)).code).toBe('WITHDRAWAL_STATE');
    expect(await available(t, member.userId)).toBe(before);
  });

  it('a MEMBER, and an officer with a conflict of interest, can neither ask nor confirm', async () => {
    const created = await processing(t, member, '400.00');
    const url = `/api/admin/withdrawals/${created.id}/failed`;
    const asMember = await post(t, member.cookie, url, { reasonCode: 'ACCOUNT_CLOSED' });
    expect(asMember.statusCode).toBe(403);
    ok(await post(t, maker.cookie, url, { reasonCode: 'ACCOUNT_CLOSED' }), 202);
    expect((await post(t, member.cookie, `${url}/confirm`)).statusCode).toBe(403);

    const related = await createStaff(t, 'OFFICER', 'Officer Same Mail');
    const [m] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    await t.deps.db.update(users).set({ email: m!.email.toUpperCase() }).where(eq(users.id, related.userId));
    const conflicted = [await post(t, related.cookie, `${url}/confirm`), await post(t, related.cookie, url, { reasonCode: 'BANK_DECLINED' })];
    expect(conflicted.map((r) => [r.statusCode, errorOf(r).code])).toEqual([
      [403, 'CONFLICT_OF_INTEREST'],
      [403, 'CONFLICT_OF_INTEREST'],
    ]);
    expect((await withdrawalRow(t, created.id)).status).toBe('PROCESSING');
    // An ADMIN is staff too: a second officer for the request.
    const admin = await createStaff(t, 'ADMIN', 'Admin Dina Uy');
    expect(ok(await post(t, admin.cookie, `${url}/confirm`)).status).toBe('FAILED');
  });

  it('the officer who asked withdraws the request with a reason: still PROCESSING, nothing moved, audited; it can be asked again', async () => {
    const created = await processing(t, member, '650.00');
    const url = `/api/admin/withdrawals/${created.id}/failed`;
    ok(await post(t, maker.cookie, url, { reasonCode: 'ACCOUNT_CLOSED', note: 'wrong row' }), 202);
    const before = { available: await available(t, member.userId), transfers: await ledgerCount(t), events: await eventCount(t, created.id) };

    // Refusals first: a body without a reason, another officer (not ADMIN), a member.
    const noReason = await post(t, maker.cookie, `${url}/withdraw`, { reason: ' ' });
    expect([noReason.statusCode, errorOf(noReason).code]).toEqual([400, 'VALIDATION_FAILED']);
    const other = await post(t, checker.cookie, `${url}/withdraw`, { reason: 'I think it went out' });
    expect([other.statusCode, errorOf(other).code]).toEqual([403, 'WITHDRAWAL_FAIL_NOT_YOURS']);
    expect(errorOf(other).message).toBe('Only the officer who asked, or an administrator, can withdraw this request.');
    const asMember = await post(t, member.cookie, `${url}/withdraw`, { reason: 'please' });
    expect(asMember.statusCode).toBe(403);
    expect((await withdrawalRow(t, created.id)).failRequestedBy).toBe(maker.userId);

    const withdrawn = ok(await post(t, maker.cookie, `${url}/withdraw`, { reason: 'Marked the wrong payout' }));
    expect(withdrawn).toMatchObject({ status: 'PROCESSING', failRequest: null, failureReasonCode: null });
    expect(await available(t, member.userId)).toBe(before.available);
    expect(await ledgerCount(t)).toBe(before.transfers);
    expect(await eventCount(t, created.id)).toBe(before.events);
    const audit = await auditOf(t, created.id);
    expect(audit.map((a) => a.action)).toEqual(['WITHDRAWAL_FAIL_REQUESTED', 'WITHDRAWAL_FAIL_REQUEST_WITHDRAWN']);
    expect(audit[1]).toMatchObject({
      actorUserId: maker.userId,
      details: {
        reason: 'Marked the wrong payout',
        status: 'PROCESSING',
        withdrawnRequest: { requestedBy: maker.userId, reasonCode: 'ACCOUNT_CLOSED', note: 'wrong row' },
      },
    });

    // No open request any more: withdrawing or confirming it is refused.
    const again = await post(t, maker.cookie, `${url}/withdraw`, { reason: 'twice' });
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'WITHDRAWAL_FAIL_NOT_PENDING']);
    expect(errorOf(await post(t, checker.cookie, `${url}/confirm`)).code).toBe('WITHDRAWAL_FAIL_NOT_PENDING');
    // Another officer may now ask (a fresh request), and a third confirm it.
    ok(await post(t, checker.cookie, url, { reasonCode: 'BANK_DECLINED' }), 202);
    expect(ok(await post(t, maker.cookie, `${url}/confirm`)).status).toBe('FAILED');
    // Already confirmed: the payout is no longer processing.
    const late = await post(t, checker.cookie, `${url}/withdraw`, { reason: 'too late' });
    expect([late.statusCode, errorOf(late).code]).toEqual([409, 'WITHDRAWAL_STATE']);
  });
});

describe('an ADMIN withdrawing a request; a bank reference used twice (decision 052)', () => {
  let t: TestApp;
  let maker: TestMember;
  let checker: TestMember;
  let member: FundedMember;

  beforeAll(async () => {
    ({ t, maker, checker, member } = await manualSetting());
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it("an ADMIN withdraws another officer's request", async () => {
    const created = await processing(t, member, '250.00');
    const url = `/api/admin/withdrawals/${created.id}/failed`;
    ok(await post(t, maker.cookie, url, { reasonCode: 'BANK_UNAVAILABLE' }), 202);
    const admin = await createStaff(t, 'ADMIN', 'Admin Fe Santos');
    expect(ok(await post(t, admin.cookie, `${url}/withdraw`, { reason: 'Treasury confirms it went out' })).failRequest).toBeNull();
    expect((await auditOf(t, created.id)).at(-1)).toMatchObject({ action: 'WITHDRAWAL_FAIL_REQUEST_WITHDRAWN', actorUserId: admin.userId });
    ok(await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-ADMIN-250' }));
  });

  it('a bank reference already recorded on another payout is refused, whatever its case and spaces (409 BANK_REFERENCE_USED)', async () => {
    const first = await processing(t, member, '210.00');
    const second = await processing(t, member, '220.00');
    ok(await post(t, maker.cookie, `/api/admin/withdrawals/${first.id}/paid`, { bankReference: 'UB-PESONET 0099-a1' }));
    const before = await available(t, member.userId);
    // Spelled with hyphens, spaces, dots, slashes or nothing between: one bank transfer (the
    // database's index expression and the JavaScript key must agree, or the search finds nothing).
    for (const reused of [
      'UB-PESONET 0099-a1',
      'ub-pesonet0099-A1',
      '  UB - PESONET 0099 - A1 ',
      'Ub-PesoNet\t0099-a1',
      'UB PESONET 0099 A1',
      'ub.pesonet.0099.a1',
      'UB/PESONET/0099/A1',
      'UBPESONET0099A1',
    ]) {
      const res = await post(t, checker.cookie, `/api/admin/withdrawals/${second.id}/paid`, { bankReference: reused });
      expect([res.statusCode, errorOf(res).code], reused).toEqual([409, 'BANK_REFERENCE_USED']);
      expect(errorOf(res).message).toContain(first.reference);
    }
    expect((await withdrawalRow(t, second.id)).status).toBe('PROCESSING');
    expect(await available(t, member.userId)).toBe(before);
    // Filipino too.
    const fil = await post(t, checker.cookie, `/api/admin/withdrawals/${second.id}/paid`, { bankReference: 'ub-pesonet0099-a1' }, { 'accept-language': 'fil' });
    expect(fil.statusCode).toBe(409);
    expect(errorOf(fil).message).toContain('isang bank transfer ay para sa isang payout lamang');
    // A reference that differs in a character is another transfer.
    expect(ok(await post(t, checker.cookie, `/api/admin/withdrawals/${second.id}/paid`, { bankReference: 'UB-PESONET 0099-a2' })).status).toBe('PAID');
  });

  it('a reference with an invisible or look-alike character is refused, so a reused one cannot hide (review11)', async () => {
    // NBSP between the parts: JavaScript's key dropped it, PostgreSQL's [[:space:]] kept it, so the
    // very same reference typed twice was never found; a zero-width space or a Cyrillic letter made
    // a reference that reads the same in the back office but compared as another.
    const first = await processing(t, member, '225.00');
    const second = await processing(t, member, '226.00');
    for (const sneaky of ['NBSP\u00a0REF-1', 'ZW\u200bREF-1', 'ZWREF-\u0410', 'CTL\u0007REF']) {
      const res = await post(t, maker.cookie, `/api/admin/withdrawals/${first.id}/paid`, { bankReference: sneaky });
      expect([res.statusCode, errorOf(res).code], JSON.stringify(sneaky)).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(JSON.parse(res.body).error.fields), JSON.stringify(sneaky)).toContain('bankReference');
    }
    expect((await withdrawalRow(t, first.id)).status).toBe('PROCESSING');
    // Ordinary references (letters, digits, spaces, punctuation) still go; and reused, refused.
    ok(await post(t, maker.cookie, `/api/admin/withdrawals/${first.id}/paid`, { bankReference: 'BPI #0042/2026 (ref_A.1)' }));
    const reused = await post(t, checker.cookie, `/api/admin/withdrawals/${second.id}/paid`, { bankReference: 'bpi #0042/2026 (REF_a.1)' });
    expect([reused.statusCode, errorOf(reused).code]).toEqual([409, 'BANK_REFERENCE_USED']);
    expect((await withdrawalRow(t, second.id)).status).toBe('PROCESSING');
    t.clock.advance(61 * 60_000); // the member's withdrawal codes: five an hour
  });

  it('two officers marking two payouts paid with one reference at once: one is paid, the other refused', async () => {
    const first = await processing(t, member, '230.00');
    const second = await processing(t, member, '240.00');
    const answers = await Promise.all([
      post(t, maker.cookie, `/api/admin/withdrawals/${first.id}/paid`, { bankReference: 'RACE-REF-1' }),
      post(t, checker.cookie, `/api/admin/withdrawals/${second.id}/paid`, { bankReference: 'race-ref-1' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((a) => a.statusCode === 409)!).code).toBe('BANK_REFERENCE_USED');
    const statuses = [(await withdrawalRow(t, first.id)).status, (await withdrawalRow(t, second.id)).status].sort();
    expect(statuses).toEqual(['PAID', 'PROCESSING']);
  });
});

describe('a transfer of a split withdrawal marked failed (maker-checker)', () => {
  let t: TestApp;
  let maker: TestMember;
  let checker: TestMember;
  let member: FundedMember;

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
    maker = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    checker = await createStaff(t, 'OFFICER', 'Officer Carla Reyes');
    member = await fundedMember(t, await createStaff(t, 'OFFICER', 'Officer Ben Lim'), await createStaff(t, 'ADMIN', 'Admin Eli Go'));
    // An e-wallet receives at most 50,000.00 a transfer: 60,000.00 goes as two.
    await t.deps.db
      .update(payoutAccounts)
      .set({ kind: 'EWALLET', institutionCode: 'GCASH', institutionName: 'GCash', accountNumber: '+639181234567' })
      .where(eq(payoutAccounts.userId, member.userId));
  }, 120_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('each transfer: request (nothing moves), own confirmation refused, another officer confirms; paid clears a request', async () => {
    const before = await available(t, member.userId);
    const created = ok(await requestWithdrawal(t, member.cookie, '60000.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    const held = await available(t, member.userId);
    expect(held).toBe(before - 6_000_000n);
    const part = (i: number) => `/api/admin/withdrawals/${created.id}/parts/${i}/failed`;

    // The whole withdrawal is not marked: each transfer is.
    expect(errorOf(await post(t, maker.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reasonCode: 'ACCOUNT_CLOSED' })).code).toBe('WITHDRAWAL_STATE');
    expect(errorOf(await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/failed/confirm`)).code).toBe('WITHDRAWAL_STATE');

    const transfers = await ledgerCount(t);
    const asked = await post(t, maker.cookie, part(1), { reasonCode: 'RECEIVING_LIMIT', note: 'GCash wallet limit' });
    expect(asked.statusCode).toBe(202);
    const askedRow = asked.json();
    expect(askedRow.status).toBe('PROCESSING');
    expect(askedRow.failRequest).toBeNull();
    expect(askedRow.parts[0]).toMatchObject({
      status: 'PROCESSING',
      failRequest: { requestedBy: maker.userId, reasonCode: 'RECEIVING_LIMIT', note: 'GCash wallet limit' },
    });
    expect(askedRow.parts[1].failRequest).toBeNull();
    expect(await ledgerCount(t)).toBe(transfers);
    expect(await available(t, member.userId)).toBe(held);
    expect(JSON.stringify(ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`)))).not.toContain('GCash wallet limit');

    expect(ok(await post(t, maker.cookie, part(1), { reasonCode: 'ACCOUNT_CLOSED' }), 202).parts[0].failRequest.reasonCode).toBe('RECEIVING_LIMIT');
    expect(errorOf(await post(t, checker.cookie, part(1), { reasonCode: 'ACCOUNT_CLOSED' })).code).toBe('WITHDRAWAL_FAIL_PENDING');
    const own = await post(t, maker.cookie, `${part(1)}/confirm`);
    expect([own.statusCode, errorOf(own).code]).toEqual([403, 'MAKER_CHECKER']);
    expect(errorOf(await post(t, checker.cookie, `${part(2)}/confirm`)).code).toBe('WITHDRAWAL_FAIL_NOT_PENDING');

    const first = ok(await post(t, checker.cookie, `${part(1)}/confirm`));
    expect(first.status).toBe('PROCESSING');
    expect(first.parts[0]).toMatchObject({ status: 'FAILED', failureReasonCode: 'RECEIVING_LIMIT', failRequest: null });
    const returned = BigInt(Math.round(Number(first.parts[0].amount) * 100));
    expect(await available(t, member.userId)).toBe(held + returned);

    // The second transfer: asked failed, then marked paid (the money went out) by the other officer.
    ok(await post(t, checker.cookie, part(2), { reasonCode: 'BANK_UNAVAILABLE' }), 202);
    const last = ok(await post(t, maker.cookie, `/api/admin/withdrawals/${created.id}/parts/2/paid`, { bankReference: 'GCASH-0002' }));
    expect(last.status).toBe('PARTLY_PAID');
    expect(last.parts[1]).toMatchObject({ status: 'PAID', failRequest: null });
    expect(await available(t, member.userId)).toBe(held + returned);

    const audit = await auditOf(t, created.id);
    expect(audit.map((a) => [a.action, a.actorUserId, (a.details as { part?: number }).part])).toEqual([
      ['WITHDRAWAL_FAIL_REQUESTED', maker.userId, 1],
      ['WITHDRAWAL_MARK_FAILED', checker.userId, 1],
      ['WITHDRAWAL_FAIL_REQUESTED', checker.userId, 2],
      ['WITHDRAWAL_MARK_PAID', maker.userId, 2],
    ]);
    expect(audit[1]!.details).toMatchObject({ requestedBy: maker.userId, confirmedBy: checker.userId, reasonCode: 'RECEIVING_LIMIT' });
    expect(audit[3]!.details).toMatchObject({ clearedFailRequest: { requestedBy: checker.userId, reasonCode: 'BANK_UNAVAILABLE' } });
  });

  it('a transfer: the officer who asked withdraws its request (another officer may not); its bank reference must be new too (decision 052)', async () => {
    t.clock.advance(61_000);
    const created = ok(await requestWithdrawal(t, member.cookie, '60000.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    const held = await available(t, member.userId);
    const part = (i: number) => `/api/admin/withdrawals/${created.id}/parts/${i}`;
    ok(await post(t, maker.cookie, `${part(1)}/failed`, { reasonCode: 'RECEIVING_LIMIT' }), 202);
    const other = await post(t, checker.cookie, `${part(1)}/failed/withdraw`, { reason: 'It went out' });
    expect([other.statusCode, errorOf(other).code]).toEqual([403, 'WITHDRAWAL_FAIL_NOT_YOURS']);
    const none = await post(t, maker.cookie, `${part(2)}/failed/withdraw`, { reason: 'nothing asked' });
    expect([none.statusCode, errorOf(none).code]).toEqual([409, 'WITHDRAWAL_FAIL_NOT_PENDING']);
    const withdrawn = ok(await post(t, maker.cookie, `${part(1)}/failed/withdraw`, { reason: 'Wrong transfer' }));
    expect(withdrawn.parts[0]).toMatchObject({ status: 'PROCESSING', failRequest: null });
    expect(await available(t, member.userId)).toBe(held);
    expect((await auditOf(t, created.id)).at(-1)).toMatchObject({
      action: 'WITHDRAWAL_FAIL_REQUEST_WITHDRAWN',
      details: { part: 1, reason: 'Wrong transfer' },
    });

    // GCASH-0002 paid the earlier withdrawal's second transfer.
    const reused = await post(t, checker.cookie, `${part(1)}/paid`, { bankReference: ' gcash-0002' });
    expect([reused.statusCode, errorOf(reused).code]).toEqual([409, 'BANK_REFERENCE_USED']);
    expect(errorOf(reused).message).toMatch(/-2: one bank transfer pays one payout/);
    expect(ok(await post(t, checker.cookie, `${part(1)}/paid`, { bankReference: 'GCASH-0003' })).parts[0].status).toBe('PAID');
    const sameAsSibling = await post(t, checker.cookie, `${part(2)}/paid`, { bankReference: 'gcash- 0003' });
    expect(errorOf(sameAsSibling).code).toBe('BANK_REFERENCE_USED');
    ok(await post(t, checker.cookie, `${part(2)}/paid`, { bankReference: 'GCASH-0004' }));
  });
});
