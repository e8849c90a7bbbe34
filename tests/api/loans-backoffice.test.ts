import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, loanEvents, loanInstalments, loans, outboxMessages } from '../../src/server/db/schema';
import { memberWalletBalance, systemAccountBalance } from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  APPLICATION,
  PHP,
  apply,
  approvedLoan,
  createActivatedMember,
  createStaff,
  disburse,
  expectLedgerSound,
  get,
  lastSms,
  newKey,
  ok,
  post,
  signedLoan,
} from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

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

async function loanRow(id: string) {
  const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, id));
  return row!;
}

describe('roles', () => {
  it('a member gets 403 and an anonymous visitor 401 on every /api/admin/loans route', async () => {
    const member = await createActivatedMember(t);
    const created = ok(await apply(t, member.cookie), 201);
    const id = created.loan.id as string;
    const routes: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', '/api/admin/loans', undefined],
      ['GET', `/api/admin/loans/${id}`, undefined],
      ['POST', `/api/admin/loans/${id}/review`, {}],
      ['POST', `/api/admin/loans/${id}/approve`, { amount: '200000.00', term: 6 }],
      ['POST', `/api/admin/loans/${id}/reject`, { reasonCode: 'CREDIT_POLICY' }],
      ['POST', `/api/admin/loans/${id}/disburse`, {}],
    ];
    for (const [method, url, payload] of routes) {
      const asMember = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie: member.cookie, 'idempotency-key': newKey() },
      });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      expect(asMember.json().error.code).toBe('FORBIDDEN');
      const anonymous = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: { 'idempotency-key': newKey() },
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await loanRow(id)).status).toBe('PENDING');
  });

  it('an ADMIN may act like an officer', async () => {
    const member = await createActivatedMember(t);
    const id = ok(await apply(t, member.cookie), 201).loan.id as string;
    expect(ok(await post(t, admin.cookie, `/api/admin/loans/${id}/review`, {})).loan.status).toBe('UNDER_REVIEW');
  });
});

describe('the queue and the application page', () => {
  it('lists applications by status, oldest first, with their age', async () => {
    const a = await createActivatedMember(t, { fullName: 'Queue First' });
    const first = ok(await apply(t, a.cookie), 201).loan.id as string;
    t.clock.advance(30 * 60_000);
    const b = await createActivatedMember(t, { fullName: 'Queue Second' });
    const second = ok(await apply(t, b.cookie), 201).loan.id as string;
    const body = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=200'));
    const ids = body.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const item = body.items.find((i: { id: string }) => i.id === first);
    expect(item).toMatchObject({
      status: 'PENDING',
      statusColor: 'info',
      memberName: 'Queue First',
      amount: '200000.00',
      term: 6,
      eligible: true,
      ageMinutes: 30,
      inStatusMinutes: 30,
    });
    expect(body.counts.PENDING).toBeGreaterThanOrEqual(2);
    const bad = await get(t, officer.cookie, '/api/admin/loans?status=FROZEN');
    expect(bad.statusCode).toBe(400);
  });

  it('shows the member profile, references, ID image URLs, pre-assessment, disclosure and permissions', async () => {
    const member = await createActivatedMember(t);
    const id = ok(await apply(t, member.cookie), 201).loan.id as string;
    const body = ok(await get(t, officer.cookie, `/api/admin/loans/${id}`));
    expect(body.member).toMatchObject({
      id: member.userId,
      phone: member.phone,
      employment: { jobTitle: 'Accountant', monthlyNetIncome: '150000.00' },
      personal: { firstName: 'Maria', birthDate: '1990-05-17' },
      address: { province: 'Metro Manila (NCR)', town: 'Quezon City' },
      identity: { identityType: 'National ID (PhilSys)', identityNumber: member.identityNumber },
      documents: {
        ID_FRONT: `/api/admin/members/${member.userId}/documents/ID_FRONT`,
        ID_BACK: `/api/admin/members/${member.userId}/documents/ID_BACK`,
        SELFIE: `/api/admin/members/${member.userId}/documents/SELFIE`,
      },
      payoutAccount: { institutionName: 'BDO Unibank', accountNumberMasked: '001*********' },
    });
    expect(body.member.references).toHaveLength(2);
    expect(body.loan.preAssessment.eligible).toBe(true);
    expect(body.currentAssessment.eligible).toBe(true);
    expect(body.loan.disclosure.totalPayable).toBe('206000.00');
    expect(body.permissions).toEqual({
      canStartReview: true,
      canApprove: false,
      canReject: true,
      canDisburse: false,
      disburseBlockedReason: 'A loan is disbursed only after the borrower signs the contract.',
      conflictOfInterest: null,
    });
    expect((await get(t, officer.cookie, '/api/admin/loans/not-a-uuid')).statusCode).toBe(404);
    expect((await get(t, officer.cookie, '/api/admin/loans/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('review, approval and rejection', () => {
  it('approval comes after review; the borrower is told by SMS and e-mail; the timeline names the officer', async () => {
    const member = await createActivatedMember(t);
    const id = ok(await apply(t, member.cookie), 201).loan.id as string;
    const early = await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '200000.00', term: 6 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'LOAN_STATE', message: 'Start the review before approving.' });
    ok(await post(t, officer.cookie, `/api/admin/loans/${id}/review`, { note: 'Checking the ID' }));
    const again = await post(t, officer.cookie, `/api/admin/loans/${id}/review`, {});
    expect(again.statusCode).toBe(409);
    const body = ok(await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '200000.00', term: 6, note: 'All documents in order' }));
    expect(body.loan).toMatchObject({
      status: 'APPROVED',
      statusColor: 'success',
      statusIcon: 'check-circle',
      approvedBy: { id: officer.userId, name: 'Officer Ana Reyes' },
      canSign: true,
    });
    const sms = await lastSms(t, member.phone);
    expect(sms).toContain('is approved for PHP 200,000.00 over 6 months (PHP 34,334.00 a month)');
    expect(sms).toContain('You never pay anything to receive your loan.');
    const emails = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, member.email), eq(outboxMessages.channel, 'EMAIL')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/is approved$/);
    const view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(
      view.timeline.map((e: { to: string; actor: string; actorName: string | null; reason: string | null }) => [e.to, e.actor, e.actorName, e.reason]),
    ).toEqual([
      ['PENDING', 'YOU', null, null],
      ['UNDER_REVIEW', 'PERSON', 'Officer Ana Reyes', null],
      ['APPROVED', 'PERSON', 'Officer Ana Reyes', null],
    ]);
    // The officers' notes are internal: in the back office, never in the borrower's view.
    expect(JSON.stringify(view)).not.toContain('Checking the ID');
    const staffView = ok(await get(t, officer.cookie, `/api/admin/loans/${id}`)).loan;
    expect(staffView.timeline.map((e: { note: string | null }) => e.note)).toEqual([null, 'Checking the ID', 'All documents in order']);
    const events = await t.deps.db.select().from(loanEvents).where(eq(loanEvents.loanId, id));
    expect(events.map((e) => [e.action, e.actorRole, e.actorUserId])).toEqual([
      ['APPLY', 'MEMBER', member.userId],
      ['START_REVIEW', 'OFFICER', officer.userId],
      ['APPROVE', 'OFFICER', officer.userId],
    ]);
  });

  it('the offer may lower the amount and the term, never raise them, and must pass the eligibility rules', async () => {
    const member = await createActivatedMember(t);
    const id = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '400000.00', term: 24 }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${id}/review`, {}));
    const higher = await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '400000.01', term: 24 });
    expect(higher.statusCode).toBe(409);
    expect(higher.json().error).toMatchObject({ code: 'OFFER_REFUSED', message: 'The offer may not exceed the 400,000.00 PHP applied for.' });
    const longer = await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '300000.00', term: 36 });
    expect(longer.json().error.code).toBe('OFFER_REFUSED');
    const outside = await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '150000.00', term: 24 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields.amount).toBe('The loan amount must be between 200,000.00 and 5,000,000.00 PHP.');
    // 400,000 over 6 months is 67,667 a month: affordable on 150,000 (50 % is 75,000). 12 months would be fine too.
    // Lowering the term to 6 with the full amount: 400,000 / 6 + 2,000 = 68,667 <= 75,000: eligible.
    const body = ok(await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '300000.00', term: 12, reasonCode: 'REPAYMENT_CAPACITY' }));
    expect(body.loan).toMatchObject({ amount: '300000.00', term: 12, requestedAmount: '400000.00', requestedTerm: 24 });
    expect(body.loan.disclosure).toMatchObject({ amountFinanced: '300000.00', numberOfInstalments: 12, regularInstalment: '26500.00' });
    expect(await lastSms(t, member.phone)).toContain('approved with a new offer: PHP 300,000.00 over 12 months (PHP 26,500.00 a month)');
  });

  it('an offer the income does not carry is refused with the reason and the maximum', async () => {
    const member = await createActivatedMember(t, { income: PHP(35_000) });
    const id = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '400000.00', term: 48 }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${id}/review`, {}));
    const res = await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '400000.00', term: 24 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "This offer fails the eligibility rules: The monthly instalment of PHP 18,667.00 would be more than PHP 17,500.00, the most an instalment may be (50 % of the borrower's monthly net income). The most this borrower is eligible for over 24 months is 375,000.00 PHP.",
    );
    expect((await loanRow(id)).status).toBe('UNDER_REVIEW');
    ok(await post(t, officer.cookie, `/api/admin/loans/${id}/approve`, { amount: '375000.00', term: 24, reasonCode: 'REPAYMENT_CAPACITY' }));
  });

  it('rejection needs a reason code of the catalogue, whose text the borrower sees; a rejected loan is closed', async () => {
    const member = await createActivatedMember(t);
    const id = ok(await apply(t, member.cookie), 201).loan.id as string;
    const noReason = await post(t, officer.cookie, `/api/admin/loans/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reasonCode).toBe('Choose one of the reasons of the catalogue.');
    const freeText = await post(t, officer.cookie, `/api/admin/loans/${id}/reject`, { reason: 'The ID photo does not match the selfie.' });
    expect(freeText.statusCode).toBe(400);
    const body = ok(await post(t, officer.cookie, `/api/admin/loans/${id}/reject`, { reasonCode: 'IDENTITY_NOT_VERIFIED' }));
    const text = 'We could not verify your identity from the ID and the selfie you gave.';
    expect(body.loan).toMatchObject({
      status: 'REJECTED',
      statusColor: 'danger',
      statusIcon: 'highlight-off',
      rejectionReasonCode: 'IDENTITY_NOT_VERIFIED',
      rejectionReason: text,
      open: false,
    });
    const view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(view).toMatchObject({ status: 'REJECTED', rejectionReasonCode: 'IDENTITY_NOT_VERIFIED', rejectionReason: text });
    expect(view.timeline.at(-1)).toMatchObject({
      from: 'PENDING',
      to: 'REJECTED',
      actorName: 'Officer Ana Reyes',
      reasonCode: 'IDENTITY_NOT_VERIFIED',
      reason: text,
    });
    expect(await lastSms(t, member.phone)).toContain('we could not approve your loan application');
    for (const action of ['review', 'approve', 'reject']) {
      const res = await post(
        t,
        officer.cookie,
        `/api/admin/loans/${id}/${action}`,
        action === 'approve' ? { amount: '200000.00', term: 6 } : action === 'reject' ? { reasonCode: 'CREDIT_POLICY' } : {},
      );
      expect(res.statusCode, action).toBe(409);
    }
    // The member may apply again.
    ok(await apply(t, member.cookie), 201);
  });

  it('an approved loan may be cancelled by the borrower but not rejected by an officer', async () => {
    const { member, loanId } = await approvedLoan(t, officer);
    expect((await post(t, officer.cookie, `/api/admin/loans/${loanId}/reject`, { reasonCode: 'CREDIT_POLICY' })).statusCode).toBe(409);
    expect(ok(await post(t, member.cookie, '/api/loans/current/cancel', {})).loan.status).toBe('CANCELLED');
  });
});

describe('disbursement', () => {
  it('is refused before the contract is signed', async () => {
    const { loanId } = await approvedLoan(t, officer);
    const res = await disburse(t, checker.cookie, loanId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'LOAN_STATE', message: 'A loan is disbursed only after the borrower signs the contract.' });
    expect(await t.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, loanId))).toHaveLength(0);
  });

  it('requires an Idempotency-Key', async () => {
    const { loanId } = await signedLoan(t, officer);
    const res = await disburse(t, checker.cookie, loanId, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('maker-checker: the approving officer cannot disburse; another officer can', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const detail = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`));
    expect(detail.permissions).toMatchObject({
      canDisburse: false,
      disburseBlockedReason: 'The officer who approved this loan cannot disburse it: another officer must.',
    });
    const own = await disburse(t, officer.cookie, loanId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({ code: 'MAKER_CHECKER', message: 'The officer who approved this loan cannot disburse it: another officer must.' });
    expect(await memberWalletBalance(t.deps.db, member.userId)).toBeNull();
    expect(ok(await get(t, checker.cookie, `/api/admin/loans/${loanId}`)).permissions.canDisburse).toBe(true);

    const body = ok(await disburse(t, checker.cookie, loanId));
    expect(body.loan).toMatchObject({
      status: 'DISBURSED',
      statusIcon: 'currency-exchange',
      disbursedBy: { id: checker.userId, name: 'Officer Ben Cruz' },
      approvedBy: { id: officer.userId },
    });
    expect(body.transfer).toMatchObject({ walletCredited: '200000.00', receivable: '200000.00', feesDeducted: '0.00' });
    expect(await memberWalletBalance(t.deps.db, member.userId)).toMatchObject({ posted: PHP(200_000), available: PHP(200_000) });
    const instalments = await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId));
    expect(instalments).toHaveLength(6);
    expect(instalments.reduce((s, i) => s + i.total, 0n)).toBe(PHP(206_000));
    const row = await loanRow(loanId);
    expect(row).toMatchObject({ status: 'DISBURSED', disbursedBy: checker.userId, disbursementTransferId: body.transfer.id, scheduleStartDate: '2026-11-22' });
    expect(await lastSms(t, member.phone)).toContain('is disbursed: PHP 200,000.00 is in your wallet');
    const view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(view).toMatchObject({ status: 'DISBURSED', canCancel: false, disbursedAt: expect.any(String) });
    expect(view.timeline.map((e: { action: string }) => e.action)).toEqual(['APPLY', 'START_REVIEW', 'APPROVE', 'SIGN', 'DISBURSE']);
    const cancel = await post(t, member.cookie, '/api/loans/current/cancel', {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toEqual({
      code: 'LOAN_STATE',
      message: 'The contract is signed: this loan can no longer be cancelled. You may repay it early at any time.',
    });
  });

  it('disbursing twice with the same key answers the first answer; with another key it is refused; the wallet is credited once', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const key = newKey();
    const first = ok(await disburse(t, checker.cookie, loanId, key));
    const same = await disburse(t, checker.cookie, loanId, key);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(first);
    expect(same.headers['idempotent-replayed']).toBe('true');
    const other = await disburse(t, checker.cookie, loanId, newKey());
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({ code: 'ALREADY_DISBURSED', message: 'This loan has already been disbursed.' });
    const byAdmin = await disburse(t, admin.cookie, loanId, key);
    expect(byAdmin.statusCode).toBe(409); // keys are per staff member: for the admin this is a new request
    expect(await memberWalletBalance(t.deps.db, member.userId)).toMatchObject({ posted: PHP(200_000) });
    expect(await t.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, loanId))).toHaveLength(1);
  });

  it('10 simultaneous disbursements (different keys, two officers) credit once', async () => {
    const { member, loanId } = await signedLoan(t, officer, { body: { ...APPLICATION, amount: '250000.00' } });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => disburse(t, i % 2 === 0 ? checker.cookie : admin.cookie, loanId)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await memberWalletBalance(t.deps.db, member.userId)).toMatchObject({ posted: PHP(250_000), available: PHP(250_000) });
    expect(await t.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, loanId))).toHaveLength(1);
    expect(await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId))).toHaveLength(6);
  });

  it('10 simultaneous disbursements with one key credit once and all answer the same', async () => {
    const { member, loanId } = await signedLoan(t, officer, { body: { ...APPLICATION, amount: '260000.00' } });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => disburse(t, checker.cookie, loanId, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().transfer.id)).size).toBe(1);
    expect(await memberWalletBalance(t.deps.db, member.userId)).toMatchObject({ posted: PHP(260_000) });
  });

  it('records the receivable: loans receivable grows by every principal disbursed', async () => {
    const before = (await systemAccountBalance(t.deps.db, 'LOANS_RECEIVABLE'))?.posted ?? 0n;
    const { loanId } = await signedLoan(t, officer, { body: { ...APPLICATION, amount: '321000.50' } });
    ok(await disburse(t, checker.cookie, loanId));
    expect((await systemAccountBalance(t.deps.db, 'LOANS_RECEIVABLE'))!.posted - before).toBe(32_100_050n);
  });
});

describe('maker-checker switched off (LOAN_MAKER_CHECKER=false)', () => {
  it('lets the approving officer disburse', async () => {
    const other = await createTestApp({ loanMakerChecker: false });
    try {
      const solo = await createStaff(other, 'OFFICER', 'Solo Officer');
      const { member, loanId } = await signedLoan(other, solo);
      const body = ok(await disburse(other, solo.cookie, loanId));
      expect(body.loan).toMatchObject({ status: 'DISBURSED', approvedBy: { id: solo.userId }, disbursedBy: { id: solo.userId } });
      expect(await memberWalletBalance(other.deps.db, member.userId)).toMatchObject({ posted: PHP(200_000) });
      await expectLedgerSound(other);
    } finally {
      await other.close();
    }
  });
});
