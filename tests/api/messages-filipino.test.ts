import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../src/server/db/schema';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, disburse, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { pay, relogin, servicing, travelTo } from '../fixtures/repayments';

/**
 * A Filipino-speaking borrower meets no English between sign-up and repayment. The loan
 * lifecycle SMS and e-mail, the payment receipt and the reminders follow users.language.
 */
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

async function messagesTo(recipient: string) {
  return t.deps.db
    .select({ channel: outboxMessages.channel, subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(asc(outboxMessages.createdAt));
}

async function lastTo(recipient: string, channel: 'SMS' | 'EMAIL') {
  const [row] = await t.deps.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row!;
}

describe('servicing messages in Filipino', () => {
  it('approval, signing, disbursement, receipt and reminder reach a fil member in Filipino; an en member still gets English', async () => {
    const member = await createActivatedMember(t);
    await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, member.userId));
    [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];

    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term }));
    const approvedSms = await lastTo(member.phone, 'SMS');
    expect(approvedSms.body).toContain('aprubado ang iyong loan application');
    expect(approvedSms.body).toContain('PHP 200,000.00 sa loob ng 6 buwan');
    const approvedEmail = await lastTo(member.email, 'EMAIL');
    expect(approvedEmail.subject).toMatch(/^Aprubado ang iyong loan /);
    expect(approvedEmail.body).toContain('Mahal na Maria Santos Dela Cruz');
    expect(approvedEmail.body).toContain('Kabuuang babayaran: PHP');

    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const code = /(\d{6}) ang code mo/.exec((await lastTo(member.phone, 'SMS')).body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code }));
    expect((await lastTo(member.phone, 'SMS')).body).toContain('pinirmahan mo ang loan contract');

    ok(await disburse(t, checker.cookie, loanId));
    expect((await lastTo(member.phone, 'SMS')).body).toMatch(/naipadala na ang iyong loan .*: nasa wallet mo na ang PHP/);

    const due = ok(await servicing(t, member.cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, -3));
    await runServicing(t.deps);
    const reminder = await lastTo(member.phone, 'SMS');
    expect(reminder.body).toContain(`paalala: ang iyong hulog 1 na PHP`);
    expect(reminder.body).toContain(`ay dapat bayaran sa ${due}`);

    const m = await relogin(t, member);
    const { receipt } = ok(await pay(t, m.cookie, '34334'), 201);
    expect((await lastTo(member.phone, 'SMS')).body).toContain(`natanggap ang bayad ${receipt.reference} na PHP 34,334.00`);
    const receiptEmail = await lastTo(member.email, 'EMAIL');
    expect(receiptEmail.subject).toContain(`resibo ${receipt.reference}`);
    const all = await messagesTo(member.phone);
    // Every SMS to this member is the Filipino catalogue's: none of the English templates' openings.
    for (const sms of all) expect(sms.body).not.toMatch(/your loan|is approved|you signed|Your .* verification/);

    // The system's own steps in the loan's history are codes rendered through i18n, never stored English text.
    officer = await relogin(t, officer);
    const timeline = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`)).loan.timeline as {
      action: string;
      note: string | null;
      systemReason: unknown;
    }[];
    const started = timeline.find((e) => e.action === 'ACTIVATE');
    expect(started).toMatchObject({ note: null, systemReason: { code: 'REPAYMENT_STARTED', values: {} } });

    // The English member's approval is unchanged.
    const english = await createActivatedMember(t);
    const englishLoan = ok(await apply(t, english.cookie, { ...APPLICATION }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${englishLoan}/review`, {}));
    ok(await post(t, officer.cookie, `/api/admin/loans/${englishLoan}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term }));
    expect((await lastTo(english.phone, 'SMS')).body).toContain('is approved for PHP 200,000.00 over 6 months');
  });
});
