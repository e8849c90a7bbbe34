import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanExtensionEvents, loans, users } from '../../src/server/db/schema';
import { loadState, loadStates } from '../../src/server/modules/repayments/core';
import { isServiced } from '../../src/server/modules/repayments/extension-plan';
import { createTestApp, type TestApp } from '../fixtures/app';
import { approvedLoan, createStaff, expectLedgerSound, get, lastSms, ok, post, signingCode } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * Extension requests (docs/decisions/016-extensions.md) over the API, on one
 * timeline (the test clock starts on 2026-11-22 at noon in Manila; PHP 200,000 over 6 months, due
 * on the 22nd): the happy path with the ledger checked, decline, withdraw, a statement changed by a
 * payment after the code was sent, and every refusal (term, open request, past due, too late,
 * roles, conflict of interest).
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
  await t.close();
});

const EXT = '/api/loans/current/extension';
const ask = (cookie: string, term: unknown, headers: Record<string, string> = {}) => post(t, cookie, EXT, { term }, headers);

describe('extension requests', () => {
  it('runs the whole journey on one timeline', { timeout: 300_000 }, async () => {
    // A member whose loan is approved but not disbursed has nothing to extend.
    const pending = await approvedLoan(t, officer);
    expect((await get(t, pending.member.cookie, EXT)).statusCode).toBe(404);
    expect((await ask(pending.member.cookie, 12)).statusCode).toBe(404);

    let a = (await disbursedLoan(t, officer, checker)).member;
    let b = (await disbursedLoan(t, officer, checker)).member;
    let c = (await disbursedLoan(t, officer, checker)).member;
    let d = (await disbursedLoan(t, officer, checker)).member;
    for (const m of [a, b, c, d]) await topUp(t, m.userId, 3_000_000n);

    // --- 2026-11-25: eligibility, term refusals, decline, withdraw, a statement changed after the code.
    travelTo(t, '2026-11-25');
    a = await relogin(t, a);
    b = await relogin(t, b);
    c = await relogin(t, c);
    d = await relogin(t, d);
    officer = await relogin(t, officer);
    checker = await relogin(t, checker);
    const view = ok(await get(t, b.cookie, EXT));
    expect(view).toEqual({
      eligibility: { terms: [6, 12, 24, 36, 48], currentEndDate: '2027-05-22', requestDeadline: '2027-05-17', noticeDays: 5 },
      extension: null,
    });
    const seven = await ask(b.cookie, 7);
    expect(seven.json().error.code, seven.body).toBe('EXTENSION_TERM');
    const notLonger = await ask(b.cookie, 6);
    expect(notLonger.statusCode).toBe(400);
    expect(notLonger.json().error).toMatchObject({ code: 'EXTENSION_TERM', message: 'The new term must end after your current last due date.' });
    expect((await ask(officer.cookie, 12)).json().error.code).toBe('STAFF_ACCOUNT');

    const first = ok(await ask(b.cookie, 24), 201).extension;
    expect(first).toMatchObject({ status: 'REQUESTED', newTerm: 24, fromLine: 1, remainingPrincipal: '200000.00', newEndDate: '2028-11-22', disclosure: null });
    expect((await ask(b.cookie, 12)).json().error.code).toBe('EXTENSION_OPEN');
    // Nothing to sign before an officer approves.
    expect((await post(t, b.cookie, `${EXT}/code`)).json().error.code).toBe('EXTENSION_STATE');

    // The member cannot decide; a staff member sharing the borrower's e-mail may not either.
    expect((await post(t, b.cookie, `/api/admin/extensions/${first.id}/approve`, {})).statusCode).toBe(403);
    const sharer = await createStaff(t, 'OFFICER', 'Officer Same Mail');
    const [bRow] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, b.userId));
    await t.deps.db.update(users).set({ email: bRow!.email.toUpperCase() }).where(eq(users.id, sharer.userId));
    expect((await post(t, sharer.cookie, `/api/admin/extensions/${first.id}/approve`, {})).json().error.code).toBe('CONFLICT_OF_INTEREST');
    expect((await post(t, officer.cookie, `/api/admin/extensions/${first.id}/decline`, { reasonCode: 'NOT_A_REASON' })).statusCode).toBe(400);

    const declined = ok(
      await post(t, officer.cookie, `/api/admin/extensions/${first.id}/decline`, { reasonCode: 'TERM_TOO_LONG', note: 'internal: asked for too much' }),
    ).extension;
    expect(declined).toMatchObject({ status: 'DECLINED', declineReason: { code: 'TERM_TOO_LONG', key: 'reasons.extensionDecline.TERM_TOO_LONG' } });
    expect(await lastSms(t, b.phone)).toContain('The term you asked for is longer than we can offer');
    const seen = await get(t, b.cookie, EXT);
    expect(seen.body).not.toContain('internal: asked for too much');
    expect((await post(t, officer.cookie, `/api/admin/extensions/${first.id}/approve`, {})).json().error.code).toBe('EXTENSION_STATE');
    const list = ok(await get(t, officer.cookie, '/api/admin/extensions?status=DECLINED'));
    expect(list.items.find((i: { id: string }) => i.id === first.id)).toMatchObject({ staffNote: 'internal: asked for too much', memberId: b.userId });

    const second = ok(await ask(b.cookie, 12), 201).extension;
    expect(ok(await post(t, b.cookie, `${EXT}/withdraw`)).extension.status).toBe('WITHDRAWN');
    expect((await post(t, b.cookie, `${EXT}/withdraw`)).json().error.code).toBe('EXTENSION_NOT_FOUND');
    expect(second.id).toBeTruthy();

    const third = ok(await ask(b.cookie, 12), 201).extension;
    const approved = ok(await post(t, officer.cookie, `/api/admin/extensions/${third.id}/approve`, { note: 'ok by policy' })).extension;
    expect(approved.status).toBe('APPROVED');
    expect(approved.disclosure.schedule).toHaveLength(12);
    expect(await lastSms(t, b.phone)).toContain('is approved');
    ok(await post(t, b.cookie, `${EXT}/code`));
    const staleCode = await signingCode(t, b.phone);
    // A payment of instalment 1 in full changes the statement (the extension now starts at line 2).
    const due = ok(await servicing(t, b.cookie)).nextDue;
    ok(await pay(t, b.cookie, due.amount), 201);
    const changed = await post(t, b.cookie, `${EXT}/sign`, { code: staleCode });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('EXTENSION_CHANGED');
    t.clock.advance(61_000);
    ok(await post(t, b.cookie, `${EXT}/code`));
    const signedB = ok(await post(t, b.cookie, `${EXT}/sign`, { code: await signingCode(t, b.phone) })).extension;
    expect(signedB).toMatchObject({ status: 'EFFECTIVE', fromLine: 2, newEndDate: '2027-12-22' });
    await expectLedgerSound(t);

    // --- 2026-12-22: A and D pay instalment 1, C does not.
    travelTo(t, '2026-12-22');
    a = await relogin(t, a);
    b = await relogin(t, b);
    c = await relogin(t, c);
    d = await relogin(t, d);
    for (const m of [a, d, b]) ok(await pay(t, m.cookie, ok(await servicing(t, m.cookie)).nextDue.amount), 201);

    // --- 2026-12-27: C's instalment 1 is past due: no extension.
    travelTo(t, '2026-12-27');
    c = await relogin(t, c);
    const pastDue = await ask(c.cookie, 12);
    expect(pastDue.statusCode).toBe(409);
    expect(pastDue.json().error.code).toBe('EXTENSION_PAST_DUE');

    // --- 2027-01-05: A's happy path.
    travelTo(t, '2027-01-05');
    a = await relogin(t, a);
    d = await relogin(t, d);
    officer = await relogin(t, officer);
    const before = ok(await servicing(t, a.cookie));
    const remaining = before.lines
      .slice(1)
      .reduce((s: bigint, l: { scheduled: { principal: string } }) => s + BigInt(l.scheduled.principal.replace('.', '')), 0n);
    const requested = ok(await ask(a.cookie, 12), 201).extension;
    expect(requested).toMatchObject({ fromLine: 2, newEndDate: '2027-12-22' });
    expect(BigInt(requested.remainingPrincipal.replace('.', ''))).toBe(remaining);
    const queue = ok(await get(t, officer.cookie, '/api/admin/extensions?status=REQUESTED'));
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(requested.id);
    ok(await post(t, officer.cookie, `/api/admin/extensions/${requested.id}/approve`, {}));
    const offer = ok(await get(t, a.cookie, EXT)).extension;
    expect(offer.status).toBe('APPROVED');
    expect(offer.disclosure).toMatchObject({ amountFinanced: requested.remainingPrincipal, termMonths: 12, scheduleStartDate: '2026-12-22' });
    expect(offer.disclosure.schedule[0]).toMatchObject({ number: 2, dueDate: '2027-01-22' });
    expect(offer.disclosure.schedule.at(-1)).toMatchObject({ number: 13, dueDate: '2027-12-22', balanceAfter: '0.00' });
    expect(BigInt(offer.totalCost.replace('.', ''))).toBeLessThanOrEqual(BigInt(offer.costCap.replace('.', '')));
    // The officer's page computes the same offer from states read for the whole page (loadStates).
    const approvedPage = ok(await get(t, officer.cookie, '/api/admin/extensions?status=APPROVED'));
    const listed = approvedPage.items.find((i: { id: string }) => i.id === requested.id);
    expect(listed).toMatchObject({ disclosure: offer.disclosure, totalCost: offer.totalCost, costCap: offer.costCap, documentsSha256: offer.documentsSha256 });
    ok(await post(t, a.cookie, `${EXT}/code`));
    const wrong = await post(t, a.cookie, `${EXT}/sign`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const signed = ok(await post(t, a.cookie, `${EXT}/sign`, { code: await signingCode(t, a.phone) })).extension;
    expect(signed).toMatchObject({ status: 'EFFECTIVE', documentsSha256: offer.documentsSha256 });
    expect(signed.disclosure).toEqual(offer.disclosure);
    expect(await lastSms(t, a.phone)).toContain('your next due date is 2027-01-22');

    const after = ok(await servicing(t, a.cookie));
    expect(after.lines).toHaveLength(13);
    expect(after.lines[0]).toEqual(before.lines[0]);
    expect(after.lines.slice(1).map((l: { scheduled: { total: string } }) => l.scheduled.total)).toEqual(
      offer.disclosure.schedule.map((l: { total: string }) => l.total),
    );
    expect(after.loan.status).toBe(before.loan.status);
    expect(after.history.map((h: { action: string }) => h.action)).toContain('EXTEND');
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOAN_EXTENSION_APPROVE'), eq(auditLog.actorUserId, officer.userId)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const events = await t.deps.db.select().from(loanExtensionEvents).where(eq(loanExtensionEvents.extensionId, requested.id));
    expect(events.map((e) => e.action)).toEqual(['REQUEST', 'APPROVE', 'SIGN']);
    await expectLedgerSound(t);

    // --- 2027-01-22: the first new instalment is paid like any other; D keeps paying.
    travelTo(t, '2027-01-22');
    a = await relogin(t, a);
    const next = ok(await servicing(t, a.cookie)).nextDue;
    expect(next).toMatchObject({ lineNumber: 2, dueDate: '2027-01-22', amount: offer.disclosure.schedule[0].total });
    ok(await pay(t, a.cookie, next.amount), 201);
    await expectLedgerSound(t);
    for (const day of ['2027-01-22', '2027-02-22', '2027-03-22', '2027-04-22']) {
      if (day !== '2027-01-22') travelTo(t, day);
      d = await relogin(t, d);
      ok(await pay(t, d.cookie, ok(await servicing(t, d.cookie)).nextDue.amount), 201);
    }

    // --- 2027-05-17 is D's last day to ask; on 2027-05-18 it is too late (in English and Filipino).
    travelTo(t, '2027-05-18');
    d = await relogin(t, d);
    const late = await ask(d.cookie, 12);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: 'EXTENSION_TOO_LATE',
      message: 'An extension must be requested at least 5 days before your last due date. The last day to ask was 2027-05-17.',
    });
    const lateFil = await ask(d.cookie, 12, { 'accept-language': 'fil' });
    expect(lateFil.json().error.message).toBe(
      'Dapat hilingin ang extension hindi bababa sa 5 araw bago ang iyong huling due date. Ang huling araw para humingi ay 2027-05-17.',
    );

    // Every serviced loan of the timeline (one extended, some paid, one late): the page's batched
    // read gives the same servicing state as the one-loan read.
    const serviced = (await t.deps.db.select().from(loans)).filter(isServiced);
    expect(serviced.length).toBeGreaterThan(1);
    const batch = await loadStates(t.deps.db, t.deps, serviced);
    for (const loan of serviced) expect(batch.get(loan.id)).toEqual(await loadState(t.deps.db, t.deps, loan));
  });
});
