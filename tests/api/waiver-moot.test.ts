import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loanCharges } from '../../src/server/db/schema';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * Decision 053 (on 017): a waiver asked above WAIVER_APPROVAL_THRESHOLD whose charge is then paid in
 * full has nothing left to waive. The payment closes the request as moot in its own transaction
 * (audited LOAN_CHARGE_WAIVE_REQUEST_MOOT by SYSTEM); the charge's view and the officer's servicing
 * page no longer show it as waiting, and an approval is refused with WAIVER_MOOT. A request on a
 * charge only partly paid still waits.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { WAIVER_APPROVAL_THRESHOLD: '1000' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Charge = { id: string; kind: string; outstanding: string; waivePending: boolean; waiveRequestClosed: unknown };

/** A loan whose first instalment is 5 days late (2 days past the grace): a collection charge above PHP 1,000 and penalty interest. */
async function overdueLoan() {
  const { member, loanId } = await disbursedLoan(t, officer, checker);
  await topUp(t, member.userId, 5_000_000n);
  const due = ok(await servicing(t, member.cookie)).lines[0].dueDate as string;
  travelTo(t, addDays(due, 5));
  await runServicing(t.deps);
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
  const m = await relogin(t, member);
  const collection = (ok(await servicing(t, m.cookie)).charges as Charge[]).find((c) => c.kind === 'COLLECTION')!;
  return { member: m, loanId, collection, url: `/api/admin/loans/${loanId}/charges/${collection.id}` };
}

async function staffCharge(loanId: string, chargeId: string) {
  const view = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}/servicing`));
  const staff = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}/servicing/staff`)).staff;
  return {
    charge: (view.charges as Charge[]).find((c) => c.id === chargeId)!,
    row: staff.charges.find((c: { chargeId: string }) => c.chargeId === chargeId),
  };
}

describe('a waiver request on a charge paid in full before approval', () => {
  it('is closed as moot by the payment, audited, no longer waiting, and its approval is refused with a clear message', async () => {
    const { member, loanId, collection, url } = await overdueLoan();
    expect(Number(collection.outstanding)).toBeGreaterThan(1000);
    const asked = await post(t, officer.cookie, `${url}/waive`, { reasonCode: 'HARDSHIP', note: 'Lost her job' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().charge).toMatchObject({ waivePending: true, waiveRequestClosed: null });

    // The borrower pays what is due: charges first, so the collection charge is paid in full.
    const receipt = ok(await pay(t, member.cookie, ok(await servicing(t, member.cookie)).nextDue.amount), 201).receipt;
    expect(receipt.allocations.some((a: { chargeId: string | null }) => a.chargeId === collection.id)).toBe(true);

    const { charge, row } = await staffCharge(loanId, collection.id);
    expect(charge).toMatchObject({ outstanding: '0.00', waived: false, waivePending: false, waiveRequestClosed: { reason: 'PAID_IN_FULL' } });
    expect(row.waiveRequest).toMatchObject({ reasonCode: 'HARDSHIP', by: { name: 'Officer Ana Reyes' } });
    expect(row.waiveRequest.closedAt).toBe((charge.waiveRequestClosed as { at: string }).at);
    // The borrower's view agrees.
    const mine = (ok(await servicing(t, member.cookie)).charges as Charge[]).find((c) => c.id === collection.id)!;
    expect(mine).toMatchObject({ waivePending: false, waiveRequestClosed: { reason: 'PAID_IN_FULL' } });

    const approve = await post(t, checker.cookie, `${url}/waive/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toMatchObject({
      code: 'WAIVER_MOOT',
      message: 'The charge was paid in full before the waiver was approved: nothing is left to waive, and the request is closed.',
    });
    const fil = await t.app.inject({ method: 'POST', url: `${url}/waive/approve`, headers: { cookie: checker.cookie, 'accept-language': 'fil' } });
    expect(fil.json().error.message).toBe('Buong nabayaran ang singil bago naaprubahan ang pagpapatawad: wala nang mapapatawad, at sarado na ang hiling.');
    // Asking again is refused too: nothing is owed, and no new request is stored.
    const again = await post(t, officer.cookie, `${url}/waive`, { reasonCode: 'GOODWILL' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CHARGE_NOT_WAIVABLE');
    const [stored] = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.id, collection.id));
    expect(stored).toMatchObject({ waiveRequestReasonCode: 'HARDSHIP', waiveRequestCloseReason: 'PAID_IN_FULL', waivedAt: null, waiveTransferId: null });

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_CHARGE_WAIVE_REQUEST_MOOT')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, actorRole: 'SYSTEM' });
    expect(audit[0]!.details).toMatchObject({
      chargeId: collection.id,
      closeReason: 'PAID_IN_FULL',
      reasonCode: 'HARDSHIP',
      paymentReference: receipt.reference,
    });
    await expectLedgerSound(t);
  });

  it('a request left waiting on a paid charge before this change is not shown as waiting and cannot be approved', async () => {
    const { member, loanId, collection, url } = await overdueLoan();
    ok(await post(t, officer.cookie, `${url}/waive`, { reasonCode: 'HARDSHIP' }), 202);
    ok(await pay(t, member.cookie, ok(await servicing(t, member.cookie)).nextDue.amount), 201);
    // As the code before decision 053 left it (migration 0026 closes such rows; a row it missed must still read right).
    await t.deps.db.update(loanCharges).set({ waiveRequestClosedAt: null, waiveRequestCloseReason: null }).where(eq(loanCharges.id, collection.id));
    const { charge } = await staffCharge(loanId, collection.id);
    expect(charge).toMatchObject({ outstanding: '0.00', waivePending: false });
    const approve = await post(t, checker.cookie, `${url}/waive/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('WAIVER_MOOT');
    await expectLedgerSound(t);
  });

  it('a charge still owed keeps its request waiting (another day of charges booked), and the approval waives it', async () => {
    const { member, loanId, collection, url } = await overdueLoan();
    ok(await post(t, officer.cookie, `${url}/waive`, { reasonCode: 'HARDSHIP' }), 202);
    // (A wallet payment is at least a line's remainder, which pays the line's charges in full.) A day later, nothing paid:
    travelTo(t, addDays(ok(await servicing(t, member.cookie)).lines[0].dueDate as string, 6));
    await runServicing(t.deps);
    [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
    const { charge } = await staffCharge(loanId, collection.id);
    expect(charge).toMatchObject({ waivePending: true, waiveRequestClosed: null });
    const approved = ok(await post(t, checker.cookie, `${url}/waive/approve`));
    expect(approved.charge).toMatchObject({ waived: true, waivePending: false, outstanding: '0.00', waiveRequestClosed: null });
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_CHARGE_WAIVE_REQUEST_MOOT'))),
    ).toHaveLength(0);
    await expectLedgerSound(t);
  });
});
