import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanEvents, loans } from '../../src/server/db/schema';
import { AppError } from '../../src/server/http/errors';
import { currentLoanOf, loanById, scheduleOf } from '../../src/server/domain/loans/repository';
import { SYSTEM_ACTOR, transition } from '../../src/server/domain/loans/transition';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, get, ok, post, approvedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * The domain layer beneath the modules (decision 067): one loan repository, one checked transition.
 * A transition is refused to an actor the state machine does not name (the system cannot approve, a
 * member cannot disburse, staff cannot sign), and nothing is written when it is.
 */
let t: TestApp;
let officer: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
});
afterAll(async () => {
  await t.close();
});

async function refused(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('one checked loan transition', () => {
  it('refuses an action to an actor the state machine does not name, and writes nothing', async () => {
    const member = await createActivatedMember(t);
    const created = ok(await apply(t, member.cookie, { ...APPLICATION }), 201);
    const loanId = created.loan.id as string;
    const memberActor = { userId: member.userId, role: 'MEMBER' as const };
    const staffActor = { userId: officer.userId, role: 'OFFICER' as const };

    const cases = [
      { action: 'START_REVIEW' as const, actor: memberActor },
      { action: 'START_REVIEW' as const, actor: SYSTEM_ACTOR },
      { action: 'CANCEL' as const, actor: staffActor },
      { action: 'CANCEL' as const, actor: SYSTEM_ACTOR },
    ];
    for (const c of cases) {
      const error = await refused(
        t.deps.db.transaction(async (tx) => transition(tx, await loanById(tx, loanId, true), c.action, { actor: c.actor, at: t.clock.now() })),
      );
      expect([error.status, error.code], `${c.action} by ${c.actor.role}`).toEqual([409, 'LOAN_STATE']);
    }
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row!.status).toBe('PENDING');
    expect((await t.deps.db.select().from(loanEvents).where(eq(loanEvents.loanId, loanId))).map((e) => e.action)).toEqual(['APPLY']);

    // The actor it names may take it: staff start the review, recorded with who did it.
    const moved = await t.deps.db.transaction(async (tx) =>
      transition(tx, await loanById(tx, loanId, true), 'START_REVIEW', { actor: staffActor, at: t.clock.now(), note: 'checked' }),
    );
    expect(moved.status).toBe('UNDER_REVIEW');
    const events = await t.deps.db.select().from(loanEvents).where(eq(loanEvents.loanId, loanId)).orderBy(asc(loanEvents.seq));
    expect(events.map((e) => [e.action, e.actorRole, e.actorUserId, e.note])).toEqual([
      ['APPLY', 'MEMBER', member.userId, null],
      ['START_REVIEW', 'OFFICER', officer.userId, 'checked'],
    ]);
  });

  it('refuses a rejection without a catalogue reason (400) and leaves the loan as it was', async () => {
    const { loanId } = await approvedLoan(t, officer);
    const member = await createActivatedMember(t);
    const created = ok(await apply(t, member.cookie, { ...APPLICATION }), 201);
    const pending = created.loan.id as string;
    const error = await refused(
      t.deps.db.transaction(async (tx) =>
        transition(tx, await loanById(tx, pending, true), 'REJECT', { actor: { userId: officer.userId, role: 'OFFICER' }, at: t.clock.now() }),
      ),
    );
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, pending));
    expect(row!.status).toBe('PENDING');
    // An approved loan is not the system's to disburse.
    const disburse = await refused(
      t.deps.db.transaction(async (tx) => transition(tx, await loanById(tx, loanId, true), 'DISBURSE', { actor: SYSTEM_ACTOR, at: t.clock.now() })),
    );
    expect(disburse.code).toBe('LOAN_STATE');
  });
});

describe('one loan repository', () => {
  it('answers 404 NOT_FOUND for an unknown or malformed loan id, in the service and through the routes', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const error = await refused(loanById(t.deps.db, id));
      expect([error.status, error.code]).toEqual([404, 'NOT_FOUND']);
    }
    // The loan-note and servicing routes say the same (the route table documents NOT_FOUND).
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/api/admin/loans/${unknown}/notes`,
      `/api/admin/loans/${unknown}/reminders`,
      `/api/admin/loans/${unknown}`,
      `/api/admin/loans/${unknown}/servicing`,
    ]) {
      const res = await get(t, officer.cookie, url);
      expect([res.statusCode, res.json().error.code], url).toEqual([404, 'NOT_FOUND']);
    }
    const note = await post(t, officer.cookie, `/api/admin/loans/${unknown}/notes`, { body: 'Called the borrower.' });
    expect([note.statusCode, note.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it("chooses the member's open loan as current, and refuses a schedule without a start date", async () => {
    const member = await createActivatedMember(t);
    expect(await currentLoanOf(t.deps.db, member.userId)).toBeNull();
    const created = ok(await apply(t, member.cookie, { ...APPLICATION }), 201);
    const current = await currentLoanOf(t.deps.db, member.userId);
    expect(current?.id).toBe(created.loan.id);
    const locked = await t.deps.db.transaction((tx) => currentLoanOf(tx, member.userId, true));
    expect(locked?.id).toBe(created.loan.id);
    const error = await refused(Promise.resolve().then(() => scheduleOf(t.deps, current!)));
    expect([error.status, error.code]).toEqual([409, 'LOAN_NOT_DISBURSED']);
    expect(scheduleOf(t.deps, current!, '2026-12-01').lines).toHaveLength(APPLICATION.term);
  });
});
