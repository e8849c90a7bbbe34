import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInstalments, outboxMessages } from '../../src/server/db/schema';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import type { MessageAdapter, OutgoingMessage } from '../../src/server/providers/messages';
import { formatAmount, parseAmount } from '../../src/shared/money/money';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, lastSms, ok, post, signingCode } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * An extension request that reaches an officer (docs/decisions/062): asked after a prepayment
 * (accepted: what was paid stays paid on its line), acknowledged to the borrower by SMS, counted
 * for the back office's menu and listed by loan, approved at 00:11 Manila (the SMS leaves at 06:00,
 * through the delivery path), signed, and the loan's view (/dash) showing the schedule in force.
 * The clock starts on 2026-11-22 at noon in Manila; PHP 200,000 over 6 months, due on the 22nd.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
}, 180_000);
afterAll(async () => {
  await t.close();
});

const EXT = '/api/loans/current/extension';
const cents = (amount: string) => parseAmount(amount)!;

function recorder(): MessageAdapter & { calls: OutgoingMessage[] } {
  const calls: OutgoingMessage[] = [];
  return {
    name: 'recorder',
    calls,
    async deliver(message) {
      calls.push(message);
      return { providerMessageId: `p-${calls.length}` };
    },
  };
}

describe('an extension request after a prepayment, approved at night', () => {
  it('reaches the officer, is told to the borrower, and the loan view reads the schedule in force', { timeout: 300_000 }, async () => {
    let a = (await disbursedLoan(t, officer, checker)).member;
    let b = (await disbursedLoan(t, officer, checker)).member;
    await topUp(t, a.userId, 5_000_000n);

    travelTo(t, '2026-11-25');
    a = await relogin(t, a);
    b = await relogin(t, b);
    officer = await relogin(t, officer);
    // Nothing waits yet.
    expect(ok(await get(t, officer.cookie, '/api/admin/extensions/count'))).toEqual({ requested: 0, oldestRequestedAt: null });
    expect((await get(t, a.cookie, '/api/admin/extensions/count')).statusCode).toBe(403);

    // The first instalment and PHP 1,000.00 more, a month early: part of a later instalment is paid.
    const due = ok(await servicing(t, a.cookie)).nextDue;
    const paid = cents(due.amount) + 100_000n;
    ok(await pay(t, a.cookie, formatAmount(paid).replace(/,/g, '')), 201);
    const before = await t.deps.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, ok(await servicing(t, a.cookie)).loan.id));
    const partly = before.filter((l) => l.paidOn === null && l.principalPaid + l.interestPaid + l.feesPaid > 0n);
    expect(partly.length).toBeGreaterThan(0);

    // Asked after that prepayment: accepted (it used to be refused, EXTENSION_PARTLY_PAID).
    const asked = await post(t, a.cookie, EXT, { term: 24 });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = asked.json().extension;
    expect(requested).toMatchObject({ status: 'REQUESTED', fromLine: 2, newTerm: 24 });
    // What is re-scheduled is the principal still owed: the loan's principal less every centavo of principal paid.
    const principalPaid = before.reduce((s, l) => s + l.principalPaid, 0n);
    expect(cents(requested.remainingPrincipal)).toBe(20_000_000n - principalPaid);
    // The borrower is told at once that it was received (in their language).
    expect(await lastSms(t, a.phone)).toContain(`we received your request to extend loan ${requested.loanNumber} to 24 months`);

    // The back office's count and its list, by loan.
    const count = ok(await get(t, officer.cookie, '/api/admin/extensions/count'));
    expect(count).toEqual({ requested: 1, oldestRequestedAt: requested.requestedAt });
    const mine = ok(await get(t, officer.cookie, `/api/admin/extensions?status=REQUESTED&loanId=${requested.loanId}`));
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual([requested.id]);
    const bLoan = ok(await servicing(t, b.cookie)).loan.id;
    expect(ok(await get(t, officer.cookie, `/api/admin/extensions?loanId=${bLoan}`)).items).toEqual([]);
    expect((await get(t, officer.cookie, '/api/admin/extensions?loanId=not-a-uuid')).statusCode).toBe(400);

    // By day everything queued so far leaves (the acknowledgement among it).
    const sms = recorder();
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 500);
    expect(sms.calls.map((c) => c.body)).toContain(await lastSms(t, a.phone));
    const night = () => sms.calls.slice(dayCalls).filter((c) => c.recipient === a.phone);
    const dayCalls = sms.calls.length;

    // 00:11 Manila on 2026-11-26 (16:11 UTC the day before): the officer approves.
    t.clock.advance(Date.parse('2026-11-25T16:11:00Z') - t.clock.now().getTime());
    officer = await relogin(t, officer);
    ok(await post(t, officer.cookie, `/api/admin/extensions/${requested.id}/approve`, {}));
    expect(ok(await get(t, officer.cookie, '/api/admin/extensions/count')).requested).toBe(0);
    const approvalText = await lastSms(t, a.phone);
    expect(approvalText).toContain('is approved');
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 500);
    expect(night()).toEqual([]);
    const [held] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, a.phone), eq(outboxMessages.body, approvalText)));
    expect(held).toMatchObject({ status: 'QUEUED', sendAfter: new Date('2026-11-25T22:00:00Z') });

    // The code she asks for at 00:20 leaves at once; the approval still waits.
    t.clock.advance(9 * 60_000);
    a = await relogin(t, a);
    ok(await post(t, a.cookie, `${EXT}/code`));
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 500);
    expect(night().map((c) => c.body)).toEqual([expect.stringContaining('is your code to sign the extension')]);
    const signed = ok(await post(t, a.cookie, `${EXT}/sign`, { code: await signingCode(t, a.phone) })).extension;
    expect(signed.status).toBe('EFFECTIVE');

    // 05:59:59: nothing else; 06:00: the approval and the notice that the new schedule is in force.
    t.clock.advance(Date.parse('2026-11-25T21:59:59Z') - t.clock.now().getTime());
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 500);
    expect(night()).toHaveLength(1);
    t.clock.advance(1_000);
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 500);
    const morning = night().slice(1);
    expect(morning.map((c) => c.body)).toEqual(expect.arrayContaining([approvalText, expect.stringContaining('the extension of loan')]));

    // The loan view (/dash) reads the schedule in force: 1 month kept + 24 new, the new instalment.
    a = await relogin(t, a);
    const view = ok(await get(t, a.cookie, '/api/loans/current'));
    const loan = view.loan ?? view;
    expect(loan.term).toBe(6);
    expect(loan.inForce).toEqual({
      term: 25,
      instalment: signed.disclosure.regularInstalment,
      fromLine: 2,
      endDate: '2028-12-22', // 25 months after 2026-11-22
    });
    expect(cents(signed.disclosure.regularInstalment)).toBeLessThan(cents(due.amount));

    // What was paid stays paid: the stored lines carry it, and the principal still owed is the ledger's.
    const after = await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, requested.loanId)).orderBy(asc(loanInstalments.number));
    expect(after).toHaveLength(25);
    expect(after.reduce((s, l) => s + l.principalPaid, 0n)).toBe(principalPaid);
    expect(after.reduce((s, l) => s + l.principal, 0n)).toBe(20_000_000n);
    await expectLedgerSound(t);
  });
});
