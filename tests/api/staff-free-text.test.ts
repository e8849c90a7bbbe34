import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans, outboxMessages, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  APPLICATION,
  apply,
  approvedLoan,
  createActivatedMember,
  createStaff,
  disburse,
  expectLedgerSound,
  get,
  newKey,
  ok,
  post,
  signedLoan,
  signingCode,
} from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode } from '../fixtures/withdrawals';

/**
 * Staff free text never speaks in the lender's voice. What a borrower reads about a decision
 * is chosen from the fixed reason catalogue (src/shared/reasons); an officer's note stays internal.
 * A counter-offer needs a reason and the borrower's acceptance before signing. Staff accounts cannot
 * borrow or move money as members, and no staff member acts on their own loan or withdrawal, nor on
 * one of a member sharing their phone or e-mail.
 */

const SCAM = 'Your loan is FROZEN. Pay PHP 5,000 unfreeze fee to GCash 09171234567';

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** Every member-facing answer and every message sent to the member, as one text. */
async function whatTheMemberSees(member: TestMember, withdrawalIds: readonly string[] = []): Promise<string> {
  const urls = [
    '/api/loans/current',
    '/api/wallet',
    '/api/wallet/transactions',
    '/api/withdrawals',
    '/api/member/credit-score',
    ...withdrawalIds.map((id) => `/api/withdrawals/${id}`),
  ];
  const answers: string[] = [];
  for (const url of urls) {
    const res = await get(t, member.cookie, url);
    expect(res.statusCode, url).toBe(200);
    answers.push(res.body);
  }
  const contract = await get(t, member.cookie, '/api/loans/current/contract');
  if (contract.statusCode === 200) answers.push(contract.body);
  const messages = await t.deps.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, [member.phone, member.email]));
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) answers.push(`${m.subject ?? ''}\n${m.body}`);
  return answers.join('\n');
}

describe("an officer's free text never reaches the borrower", () => {
  it('review, approval and disbursement notes stay in the back office; the payout failure reads the catalogue text', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, { note: SCAM }));
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { ...{ amount: APPLICATION.amount, term: APPLICATION.term }, note: SCAM }));
    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) }));
    t.clock.advance(61_000);
    ok(await post(t, checker.cookie, `/api/admin/loans/${loanId}/disburse`, { note: SCAM }, { 'idempotency-key': newKey() }));

    const created = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id as string, await withdrawalCode(t, member.phone)));
    // Free text where the member reads the reason: refused.
    const freeText = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reason: SCAM });
    expect(freeText.statusCode).toBe(400);
    const unknown = await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reasonCode: 'ACCOUNT_FROZEN' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
    // Asked by one officer, confirmed by another (decision 049).
    ok(await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/failed`, { reasonCode: 'ACCOUNT_NAME_MISMATCH', note: SCAM }), 202);
    const row = ok(await post(t, checker.cookie, `/api/admin/withdrawals/${created.id}/failed/confirm`));
    expect(row).toMatchObject({ status: 'FAILED', failureReasonCode: 'ACCOUNT_NAME_MISMATCH' });
    // The back office keeps the note.
    expect(row.events.at(-1)).toMatchObject({ reasonCode: 'ACCOUNT_NAME_MISMATCH', note: SCAM });
    const staffLoan = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`)).loan;
    expect(staffLoan.timeline.filter((e: { note: string | null }) => e.note === SCAM)).toHaveLength(3);

    const seen = await whatTheMemberSees(member, [created.id as string]);
    expect(seen).not.toContain('FROZEN');
    expect(seen).not.toContain('GCash');
    expect(seen).not.toContain('unfreeze');
    const withdrawal = ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`));
    expect(withdrawal).toMatchObject({
      failureReasonCode: 'ACCOUNT_NAME_MISMATCH',
      failureReason: 'The account name does not match the name on the receiving account.',
    });
    expect(withdrawal.events.at(-1)).toEqual({
      status: 'FAILED',
      at: expect.any(String),
      actor: 'STAFF',
      reasonCode: 'ACCOUNT_NAME_MISMATCH',
      reason: withdrawal.failureReason,
    });
    expect(seen).toContain('The account name does not match the name on the receiving account.');
  });

  it('a rejection is a reason code; its note stays internal; free text and unknown codes are refused', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    for (const body of [{ reason: SCAM }, { reasonCode: 'FROZEN' }, { reasonCode: 'CREDIT_POLICY', reason: SCAM }, { reasonCode: 'REPAYMENT_CAPACITY' }]) {
      const res = await post(t, officer.cookie, `/api/admin/loans/${loanId}/reject`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status).toBe('PENDING');
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/reject`, { reasonCode: 'INCOME_NOT_VERIFIED', note: SCAM }));
    const view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(view).toMatchObject({
      status: 'REJECTED',
      rejectionReasonCode: 'INCOME_NOT_VERIFIED',
      rejectionReason: 'We could not verify the income you declared.',
    });
    expect(view.timeline.at(-1)).toMatchObject({ action: 'REJECT', reasonCode: 'INCOME_NOT_VERIFIED', reason: 'We could not verify the income you declared.' });
    expect(view.timeline.at(-1)).not.toHaveProperty('note');
    const seen = await whatTheMemberSees(member);
    expect(seen).not.toContain('FROZEN');
    expect(seen).not.toContain('GCash');
  });

  it('unknown codes and overlong notes are refused on approval too', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '250000.00' }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    expect((await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '200000.00', term: 6, reasonCode: 'UNFREEZE_FEE' })).statusCode).toBe(
      400,
    );
    expect(
      (await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '200000.00', term: 6, reasonCode: 'CREDIT_POLICY' })).statusCode,
    ).toBe(400);
    expect((await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '250000.00', term: 6, note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, { note: 'x'.repeat(501) })).statusCode).toBe(400);
  });
});

describe('a counter-offer', () => {
  it('needs a reason from the catalogue, and the borrower accepts it before signing', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '250000.00' }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    const noReason = await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '200000.00', term: 6 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reasonCode).toBe('A lower amount or a shorter term than applied for needs a reason from the catalogue.');
    // The same amount over a shorter term is a counter-offer too.
    expect((await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '250000.00', term: 3 })).statusCode).toBe(400);
    // A reason is for counter-offers only.
    const reasonForNothing = await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, {
      amount: '250000.00',
      term: 6,
      reasonCode: 'FIRST_LOAN_LIMIT',
    });
    expect(reasonForNothing.statusCode).toBe(400);
    expect((await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status).toBe('UNDER_REVIEW');

    ok(
      await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: '200000.00', term: 6, reasonCode: 'FIRST_LOAN_LIMIT', note: 'policy 4.2' }),
    );
    const reasonText = 'We offer a lower amount on a first loan with us.';
    let view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(view).toMatchObject({
      status: 'APPROVED',
      amount: '200000.00',
      canAcceptOffer: true,
      canSign: false,
      offer: {
        counterOffer: true,
        reasonCode: 'FIRST_LOAN_LIMIT',
        reason: reasonText,
        requestedAmount: '250000.00',
        requestedTerm: 6,
        amount: '200000.00',
        term: 6,
        acceptedAt: null,
      },
    });
    expect(view.disclosure.amountFinanced).toBe('200000.00');
    expect(view.timeline.at(-1)).toMatchObject({ action: 'APPROVE', reasonCode: 'FIRST_LOAN_LIMIT', reason: reasonText });
    expect(JSON.stringify(view)).not.toContain('policy 4.2');
    const sms = (await t.deps.db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, member.phone))).map(
      (m) => m.body,
    );
    expect(sms.some((b) => b.includes('new offer: PHP 200,000.00 over 6 months') && b.includes(reasonText) && b.includes('accept the new offer'))).toBe(true);

    // Signing is refused until the counter-offer is accepted.
    const code = await post(t, member.cookie, '/api/loans/current/contract/code');
    expect(code.statusCode).toBe(409);
    expect(code.json().error.code).toBe('OFFER_NOT_ACCEPTED');
    const sign = await post(t, member.cookie, '/api/loans/current/contract/sign', { code: '123456' });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().error.code).toBe('OFFER_NOT_ACCEPTED');

    // Accepting another amount than the one offered is refused; staff cannot accept for the member.
    const stale = await post(t, member.cookie, '/api/loans/current/accept-offer', { amount: '250000.00', term: 6 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('OFFER_CHANGED');
    expect((await post(t, member.cookie, '/api/loans/current/accept-offer', { amount: '200000.00', term: 6, loanId })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, '/api/loans/current/accept-offer', { amount: '200000.00', term: 6 })).statusCode).toBe(403);

    t.clock.advance(60_000);
    view = ok(await post(t, member.cookie, '/api/loans/current/accept-offer', { amount: '200000.00', term: 6 })).loan;
    expect(view).toMatchObject({ canAcceptOffer: false, canSign: true, offer: { acceptedAt: t.clock.now().toISOString() } });
    expect(view.timeline.at(-1)).toMatchObject({ from: 'APPROVED', to: 'APPROVED', action: 'ACCEPT_OFFER', actor: 'YOU', actorName: null });
    const twice = await post(t, member.cookie, '/api/loans/current/accept-offer', { amount: '200000.00', term: 6 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('LOAN_STATE');

    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const signed = ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) }));
    expect(signed.loan).toMatchObject({ status: 'CONTRACT_SIGNED', amount: '200000.00' });
    t.clock.advance(61_000);
  });

  it('is not needed for an offer as applied for', async () => {
    const { member } = await approvedLoan(t, officer);
    const view = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(view).toMatchObject({ canAcceptOffer: false, canSign: true, offer: { counterOffer: false, reasonCode: null, reason: null } });
    expect((await post(t, member.cookie, '/api/loans/current/accept-offer', { amount: APPLICATION.amount, term: APPLICATION.term })).statusCode).toBe(409);
  });
});

describe('staff accounts', () => {
  it('cannot apply for a loan or use the member money routes (403 STAFF_ACCOUNT)', async () => {
    for (const staff of [officer, await createStaff(t, 'ADMIN', 'Admin Carla Tan')]) {
      const applied = await apply(t, staff.cookie);
      expect(applied.statusCode).toBe(403);
      expect(applied.json().error).toMatchObject({ code: 'STAFF_ACCOUNT' });
      const calls: [string, Record<string, unknown> | undefined, Record<string, string>][] = [
        ['/api/loans/current/cancel', {}, {}],
        ['/api/loans/current/accept-offer', { amount: '200000.00', term: 6 }, {}],
        ['/api/loans/current/contract/code', undefined, {}],
        ['/api/loans/current/contract/sign', { code: '123456' }, {}],
        ['/api/withdrawals', { amount: '1000.00' }, { 'idempotency-key': newKey() }],
        ['/api/withdrawals/00000000-0000-4000-8000-000000000000/confirm', { code: '123456' }, { 'idempotency-key': newKey() }],
        ['/api/withdrawals/00000000-0000-4000-8000-000000000000/cancel', undefined, {}],
        ['/api/withdrawals/00000000-0000-4000-8000-000000000000/code', undefined, {}],
      ];
      for (const [url, body, headers] of calls) {
        const res = await post(t, staff.cookie, url, body, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code, url).toBe('STAFF_ACCOUNT');
      }
    }
    expect(await t.deps.db.select().from(loans).where(eq(loans.memberId, officer.userId))).toHaveLength(0);
  });

  it('no staff member acts on their own loan (an account promoted to staff after applying)', async () => {
    const member = await createActivatedMember(t, { fullName: 'Member Turned Officer' });
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    await t.deps.db.update(users).set({ role: 'OFFICER' }).where(eq(users.id, member.userId));
    const own = await post(t, member.cookie, `/api/admin/loans/${loanId}/review`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('CONFLICT_OF_INTEREST');
    const detail = ok(await get(t, member.cookie, `/api/admin/loans/${loanId}`));
    expect(detail.permissions).toMatchObject({ canStartReview: false, canApprove: false, canReject: false, canDisburse: false });
    expect(detail.permissions.conflictOfInterest).toMatch(/cannot act on your own loan/);
    expect((await post(t, member.cookie, `/api/admin/loans/${loanId}/reject`, { reasonCode: 'CREDIT_POLICY' })).statusCode).toBe(403);
    // Another officer may.
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    expect((await post(t, member.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term })).statusCode).toBe(403);
  });

  it('no staff member acts on the loan of a member sharing their e-mail (any letter case): review, approve, reject, disburse', async () => {
    const member = await createActivatedMember(t);
    const sharer = await createStaff(t, 'OFFICER', 'Officer Same Mail');
    await t.deps.db.update(users).set({ email: member.email.toUpperCase() }).where(eq(users.id, sharer.userId));
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    for (const [action, body] of [
      ['review', {}],
      ['reject', { reasonCode: 'CREDIT_POLICY' }],
    ] as const) {
      const res = await post(t, sharer.cookie, `/api/admin/loans/${loanId}/${action}`, body);
      expect(res.statusCode, action).toBe(403);
      expect(res.json().error.code).toBe('CONFLICT_OF_INTEREST');
    }
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    expect((await post(t, sharer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term })).json().error.code).toBe(
      'CONFLICT_OF_INTEREST',
    );
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term }));
    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) }));
    t.clock.advance(61_000);
    const res = await disburse(t, sharer.cookie, loanId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CONFLICT_OF_INTEREST');
    expect(ok(await get(t, sharer.cookie, `/api/admin/loans/${loanId}`)).permissions).toMatchObject({
      canDisburse: false,
      conflictOfInterest: expect.any(String),
    });
    ok(await disburse(t, checker.cookie, loanId));
  });

  it('no staff member marks the payout of a member sharing their phone (in any format) paid or failed', async () => {
    const member = await fundedMember(t, officer, checker);
    const sharer = await createStaff(t, 'OFFICER', 'Officer Same Phone');
    await t.deps.db
      .update(users)
      .set({ phone: `0${member.phone.slice(3)}` })
      .where(eq(users.id, sharer.userId));
    const created = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id as string, await withdrawalCode(t, member.phone)));
    for (const [as, body] of [
      ['paid', { bankReference: 'BDO-778812' }],
      ['failed', { reasonCode: 'BANK_DECLINED' }],
    ] as const) {
      const res = await post(t, sharer.cookie, `/api/admin/withdrawals/${created.id}/${as}`, body);
      expect(res.statusCode, as).toBe(403);
      expect(res.json().error.code).toBe('CONFLICT_OF_INTEREST');
    }
    expect(ok(await get(t, member.cookie, `/api/withdrawals/${created.id}`)).status).toBe('PROCESSING');
    expect(ok(await post(t, officer.cookie, `/api/admin/withdrawals/${created.id}/paid`, { bankReference: 'BDO-778812' })).status).toBe('PAID');
  });

  it('a signed loan still needs another officer than its approver to disburse (maker-checker is unchanged)', async () => {
    const { loanId } = await signedLoan(t, officer);
    expect((await disburse(t, officer.cookie, loanId)).json().error.code).toBe('MAKER_CHECKER');
    ok(await disburse(t, checker.cookie, loanId));
  });
});
