import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  loanCharges,
  loanPaymentAllocations,
  loanPayments,
  loanReminders,
  memberReferences,
  outboxMessages,
  users,
} from '../../src/server/db/schema';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { percentOf } from '../../src/shared/loan/collections';
import { parseAmount, toDecimalString } from '../../src/shared/money/money';
import { phoneDigits } from '../../src/shared/phone/phone';
import { createTestApp, type TestApp } from '../fixtures/app';
import { ledgerProblemsAfter } from '../fixtures/ledger-problems';
import type { Tx } from '../../src/server/db/client';
import { createStaff, expectLedgerSound, get, newKey, ok, post, type ActivatedMember } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * The back office's collections on a hand-built portfolio of four PHP 200,000
 * loans over 6 months disbursed on 2026-11-22 (due the 22nd of each month), looked at on 2027-02-25:
 * - A pays instalments 1 and 2 on their due dates, not 3: 3 days past due (bucket 1-30);
 * - B never pays: 65 days past due (61-90);
 * - C pays instalment 1 only: 34 days past due (31-60);
 * - D pays 1 and 2 on time, 3 early at 23:30 on 2027-01-31 in Manila, and prepays at 00:30 on
 *   2027-02-01 in Manila (15:30 and 16:30 UTC on 01-31): only the second is collected in February.
 * Every expected figure is computed here from the receipts (what each payment allocated), never
 * from the ledger the portfolio reads.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;
const loans: Record<'A' | 'B' | 'C' | 'D', { member: ActivatedMember; loanId: string }> = {} as never;
const principalPaid: Record<string, bigint> = { A: 0n, B: 0n, C: 0n, D: 0n };
let februaryPayment: { amount: bigint; principal: bigint; interest: bigint };

const cents = (v: string) => parseAmount(v)!;

async function payNext(name: 'A' | 'C' | 'D', amount?: string) {
  const m = await relogin(t, loans[name].member);
  const view = ok(await servicing(t, m.cookie));
  const receipt = ok(await pay(t, m.cookie, amount ?? view.nextDue.amount), 201).receipt;
  principalPaid[name] = principalPaid[name]! + cents(receipt.allocation.principal);
  return receipt;
}

function atManila(isoLocal: string) {
  const target = Date.parse(`${isoLocal}+08:00`);
  t.clock.advance(target - t.clock.now().getTime());
}

beforeAll(async () => {
  t = await createTestApp({}, { WAIVER_APPROVAL_THRESHOLD: '1000' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  for (const name of ['A', 'B', 'C', 'D'] as const) {
    loans[name] = await disbursedLoan(t, officer, checker);
    await topUp(t, loans[name].member.userId, 3_000_000n);
  }
  travelTo(t, '2026-12-19');
  await runServicing(t.deps);
  travelTo(t, '2026-12-22');
  await runServicing(t.deps);
  for (const name of ['A', 'C', 'D'] as const) await payNext(name);
  travelTo(t, '2027-01-22');
  for (const name of ['A', 'D'] as const) await payNext(name);
  atManila('2027-01-31T23:30:00');
  await payNext('D');
  atManila('2027-02-01T00:30:00');
  const d = await relogin(t, loans.D.member);
  const minimum = ok(await servicing(t, d.cookie)).totals.minimumPayment as string;
  const receipt = await payNext('D', minimum);
  februaryPayment = { amount: cents(receipt.amount), principal: cents(receipt.allocation.principal), interest: cents(receipt.allocation.interest) };
  travelTo(t, '2027-02-23');
  await runServicing(t.deps);
  travelTo(t, '2027-02-25');
  await runServicing(t.deps);
  officer = await relogin(t, officer);
  checker = await relogin(t, checker);
}, 600_000);
afterAll(async () => t.close());

describe('the collections queue', () => {
  it('lists the loans past due, most days first, with their bucket, amounts and last contact', async () => {
    ok(await post(t, officer.cookie, `/api/admin/loans/${loans.C.loanId}/notes`, { body: 'Called the borrower: promised to pay on Friday.' }), 201);
    const queue = ok(await get(t, officer.cookie, '/api/admin/collections'));
    expect(queue.asOf).toBe('2027-02-25');
    expect(queue.counts).toEqual({ D1_30: 1, D31_60: 1, D61_90: 1, OVER_90: 0 });
    expect(queue.items.map((r: { loanId: string }) => r.loanId)).toEqual([loans.B.loanId, loans.C.loanId, loans.A.loanId]);
    expect(queue.items.map((r: { daysPastDue: number; bucket: string; oldestDueDate: string }) => [r.oldestDueDate, r.daysPastDue, r.bucket])).toEqual([
      ['2026-12-22', 65, 'D61_90'],
      ['2027-01-22', 34, 'D31_60'],
      ['2027-02-22', 3, 'D1_30'],
    ]);
    expect(queue.nextCursor).toBeNull();
    // The amounts agree with each loan's servicing view.
    for (const row of queue.items) {
      const view = ok(await get(t, officer.cookie, `/api/admin/loans/${row.loanId}/servicing`));
      expect(row.outstanding).toBe(view.totals.outstanding);
      expect(row.pastDue).toBe(view.totals.overdue);
      expect(row.status).toBe('OVERDUE');
    }
    const [b, c, a] = queue.items;
    expect(cents(b.pastDue)).toBeGreaterThan(cents(c.pastDue));
    expect(c.lastContact).toMatchObject({ kind: 'NOTE', template: null });
    expect(a.lastContact).toMatchObject({ kind: 'REMINDER', template: 'OVERDUE_1_DAY' });
  });

  it('pages by keyset cursor and filters by bucket', async () => {
    const first = ok(await get(t, officer.cookie, '/api/admin/collections?limit=2'));
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toMatch(/^2027-01-22\.\d+$/);
    const second = ok(await get(t, officer.cookie, `/api/admin/collections?limit=2&cursor=${first.nextCursor}`));
    expect(second.items.map((r: { loanId: string }) => r.loanId)).toEqual([loans.A.loanId]);
    expect(second.nextCursor).toBeNull();
    const bucket = ok(await get(t, officer.cookie, '/api/admin/collections?bucket=D31_60'));
    expect(bucket.items.map((r: { loanId: string }) => r.loanId)).toEqual([loans.C.loanId]);
    expect(ok(await get(t, officer.cookie, '/api/admin/collections?bucket=OVER_90')).items).toEqual([]);
  });

  it('refuses a bucket or cursor it does not know, and members', async () => {
    expect((await get(t, officer.cookie, '/api/admin/collections?bucket=D0')).statusCode).toBe(400);
    expect((await get(t, officer.cookie, '/api/admin/collections?cursor=1%20or%201=1')).statusCode).toBe(400);
    expect((await get(t, officer.cookie, '/api/admin/collections?limit=0')).statusCode).toBe(400);
    const m = await relogin(t, loans.B.member);
    expect((await get(t, m.cookie, '/api/admin/collections')).statusCode).toBe(403);
    expect((await get(t, undefined, '/api/admin/collections')).statusCode).toBe(401);
  });

  it('is served by the unpaid-lines index', async () => {
    const result = (await t.deps.db.execute("select indexdef from pg_indexes where indexname = 'loan_instalments_unpaid_due_idx'" as never)) as unknown as {
      rows: { indexdef: string }[];
    };
    expect(result.rows[0]?.indexdef).toMatch(/\(due_date, loan_id\) WHERE \(paid_on IS NULL\)/);
  });
});

describe('the portfolio, from the ledger', () => {
  it('matches the figures computed from the receipts', async () => {
    const p = ok(await get(t, officer.cookie, '/api/admin/portfolio'));
    const outstanding = 4n * 20_000_000n - principalPaid.A! - principalPaid.C! - principalPaid.D!;
    expect(p.asOf).toBe('2027-02-25');
    expect(p.outstandingPrincipal).toBe(toDecimalString(outstanding));
    // B and C are more than 30 days past due.
    const par = 20_000_000n + (20_000_000n - principalPaid.C!);
    expect(p.par30).toEqual({ principal: toDecimalString(par), percent: percentOf(par, outstanding), loans: 2 });
    expect(Number(p.par30.percent)).toBeCloseTo(Number((par * 10_000n) / outstanding) / 100, 1);
    // Only D's payment at 00:30 on 1 February in Manila is February's (the one at 23:30 on 31 January is not).
    expect(p.collectedThisMonth).toEqual({
      month: '2027-02',
      total: toDecimalString(februaryPayment.amount),
      principal: toDecimalString(februaryPayment.principal),
      interest: toDecimalString(februaryPayment.interest),
      fees: '0.00',
      charges: '0.00',
      payments: 1,
    });
    const charges = await t.deps.db.select().from(loanCharges);
    expect(p.lateChargesReceivable).toBe(toDecimalString(charges.reduce((s, c) => s + c.amount - c.paid, 0n)));
    const byState = Object.fromEntries(p.loansByState.map((s: { status: string; count: number }) => [s.status, s.count]));
    expect(byState).toMatchObject({ OVERDUE: 3, ACTIVE: 1, REPAID: 0 });
  });
});

describe('waivers above WAIVER_APPROVAL_THRESHOLD (PHP 1,000 here) and below', () => {
  it('waits for a second officer above it, waives at once below it; audited', async () => {
    const view = ok(await get(t, officer.cookie, `/api/admin/loans/${loans.B.loanId}/servicing`));
    const collection = view.charges.find((c: { kind: string }) => c.kind === 'COLLECTION');
    const penalty = view.charges.find((c: { kind: string }) => c.kind === 'PENALTY_INTEREST');
    expect(cents(collection.outstanding)).toBeGreaterThan(100_000n);
    expect(cents(penalty.outstanding)).toBeLessThanOrEqual(100_000n);
    const url = `/api/admin/loans/${loans.B.loanId}/charges/${collection.id}`;
    const asked = await post(t, officer.cookie, `${url}/waive`, { reasonCode: 'HARDSHIP', note: 'Lost her job in January' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().charge).toMatchObject({ waived: false, waivePending: true, outstanding: collection.outstanding });
    expect((await post(t, checker.cookie, `${url}/waive`, { reasonCode: 'GOODWILL' })).json().error.code).toBe('WAIVER_PENDING');
    const own = await post(t, officer.cookie, `${url}/waive/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('MAKER_CHECKER');
    const approved = ok(await post(t, checker.cookie, `${url}/waive/approve`));
    expect(approved.charge).toMatchObject({ waived: true, waivePending: false, waiveReasonCode: 'HARDSHIP', outstanding: '0.00' });
    expect((await post(t, checker.cookie, `${url}/waive/approve`)).json().error.code).toBe('WAIVER_NOT_PENDING');

    const direct = ok(await post(t, officer.cookie, `/api/admin/loans/${loans.B.loanId}/charges/${penalty.id}/waive`, { reasonCode: 'GOODWILL' }));
    expect(direct.charge).toMatchObject({ waived: true, waivePending: false });

    const staff = ok(await get(t, officer.cookie, `/api/admin/loans/${loans.B.loanId}/servicing/staff`)).staff;
    expect(staff.waiverApprovalThreshold).toBe('1000.00');
    const row = staff.charges.find((c: { chargeId: string }) => c.chargeId === collection.id);
    expect(row.waivedBy.name).toBe('Officer Ben Cruz');
    expect(row.waiveRequest).toMatchObject({ reasonCode: 'HARDSHIP', note: 'Lost her job in January', by: { name: 'Officer Ana Reyes' } });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loans.B.loanId), inArray(auditLog.action, ['LOAN_CHARGE_WAIVE_REQUEST', 'LOAN_CHARGE_WAIVE'])));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['LOAN_CHARGE_WAIVE_REQUEST', officer.userId],
      ['LOAN_CHARGE_WAIVE', checker.userId],
      ['LOAN_CHARGE_WAIVE', officer.userId],
    ]);
    await expectLedgerSound(t);
  });
});

describe('officers never act on their own or a related member’s loan', () => {
  it('refuses payments, approvals, waivers and notes with CONFLICT_OF_INTEREST', async () => {
    const related = await createStaff(t, 'OFFICER', 'Officer Dan Lim');
    const [member] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, loans.C.member.userId));
    await t.deps.db.update(users).set({ email: member!.email.toUpperCase() }).where(eq(users.id, related.userId));
    const base = `/api/admin/loans/${loans.C.loanId}`;
    const view = ok(await get(t, related.cookie, `${base}/servicing`));
    const charge = view.charges.find((c: { outstanding: string }) => c.outstanding !== '0.00');
    const refusals = [
      await post(t, related.cookie, `${base}/payments`, { amount: '100.00', channel: 'CASH', receivedOn: '2027-02-25' }, { 'idempotency-key': newKey() }),
      await post(t, related.cookie, `${base}/charges/${charge.id}/waive`, { reasonCode: 'GOODWILL' }),
      await post(t, related.cookie, `${base}/charges/${charge.id}/waive/approve`),
      await post(t, related.cookie, `${base}/notes`, { body: 'My cousin will pay.' }),
      await post(t, related.cookie, `${base}/payments/00000000-0000-4000-8000-000000000001/approve`),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().error.code])).toEqual(Array(5).fill([403, 'CONFLICT_OF_INTEREST']));
    await expectLedgerSound(t);
  });
});

describe('an officer records a payment; notes and reminders are paged', () => {
  it('records a cash payment, shows who recorded it, and pages notes and reminders by cursor', async () => {
    const base = `/api/admin/loans/${loans.C.loanId}`;
    const view = ok(await get(t, officer.cookie, `${base}/servicing`));
    const receipt = ok(
      await post(
        t,
        officer.cookie,
        `${base}/payments`,
        { amount: view.totals.minimumPayment, channel: 'CASH', bankReference: 'OR-000123', receivedOn: '2027-02-24' },
        { 'idempotency-key': newKey() },
      ),
      201,
    ).receipt;
    const staff = ok(await get(t, officer.cookie, `${base}/servicing/staff`)).staff;
    expect(staff.payments).toEqual([
      { paymentId: receipt.paymentId, recordedBy: { id: officer.userId, name: 'Officer Ana Reyes', role: 'OFFICER' }, approvedBy: null, approvedAt: null },
    ]);
    expect(staff.member.id).toBe(loans.C.member.userId);

    ok(await post(t, officer.cookie, `${base}/notes`, { body: 'Paid at the branch.' }), 201);
    expect((await post(t, officer.cookie, `${base}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, `${base}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, `/api/admin/loans/00000000-0000-4000-8000-000000000009/notes`, { body: 'Hello' })).statusCode).toBe(404);
    const n1 = ok(await get(t, officer.cookie, `${base}/notes?limit=1`));
    expect(n1.items.map((n: { body: string }) => n.body)).toEqual(['Paid at the branch.']);
    const n2 = ok(await get(t, officer.cookie, `${base}/notes?limit=1&cursor=${n1.nextCursor}`));
    expect(n2.items.map((n: { body: string }) => n.body)).toEqual(['Called the borrower: promised to pay on Friday.']);
    expect(n2.nextCursor).toBeNull();

    const all = await t.deps.db.select().from(loanReminders).where(eq(loanReminders.loanId, loans.B.loanId));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { items: { id: string }[]; nextCursor: string | null } = ok(
        await get(t, officer.cookie, `/api/admin/loans/${loans.B.loanId}/reminders?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      ) as never;
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
    await expectLedgerSound(t);
  });
});

describe('collection conduct (DECISIONS.md invariant 10, SEC MC 18 s.2019)', () => {
  it('no message ever went to a character reference’s phone, and every reminder to the borrower’s own', async () => {
    const refs = await t.deps.db.select({ phone: memberReferences.phone }).from(memberReferences);
    expect(refs.length).toBeGreaterThanOrEqual(8);
    const key = (p: string) => phoneDigits(p).slice(-10);
    const referencePhones = new Set(refs.map((r) => key(r.phone)));
    const messages = await t.deps.db.select({ recipient: outboxMessages.recipient, channel: outboxMessages.channel }).from(outboxMessages);
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.filter((m) => m.channel === 'SMS' && referencePhones.has(key(m.recipient)))).toEqual([]);
    const borrowers = await t.deps.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          Object.values(loans).map((l) => l.member.userId),
        ),
      );
    const reminders = await t.deps.db.select().from(loanReminders);
    expect(reminders.length).toBeGreaterThan(0);
    for (const r of reminders) {
      const loan = Object.values(loans).find((l) => l.loanId === r.loanId)!;
      expect(r.recipient).toBe(borrowers.find((b) => b.id === loan.member.userId)!.phone);
    }
  });
});

describe('ledger:check covers servicing (docs/decisions/012-servicing.md)', () => {
  const problemsAfter = (tamper: (tx: Tx) => Promise<void>) => ledgerProblemsAfter(t, tamper);

  it('finds a payment whose transfer does not match its allocation, a pending payment that moved money, a charge booked for another amount', async () => {
    const [payment] = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.status, 'POSTED')).limit(1);
    expect(
      await problemsAfter(async (tx) => void (await tx.update(loanPayments).set({ status: 'PENDING_APPROVAL' }).where(eq(loanPayments.id, payment!.id)))),
    ).toContain(`payment ${payment!.id} waits for approval but has moved money or been allocated`);
    const [interest] = await t.deps.db.select().from(loanPaymentAllocations).where(eq(loanPaymentAllocations.component, 'INTEREST')).limit(1);
    const moved = await problemsAfter(
      async (tx) => void (await tx.update(loanPaymentAllocations).set({ component: 'FEES' }).where(eq(loanPaymentAllocations.id, interest!.id))),
    );
    expect(moved.some((p) => p.startsWith(`payment ${interest!.paymentId}: its transfer credits INTEREST_INCOME`))).toBe(true);
    const [charge] = await t.deps.db.select().from(loanCharges).limit(1);
    const bigger = await problemsAfter(
      async (tx) =>
        void (await tx
          .update(loanCharges)
          .set({ amount: charge!.amount + 1n })
          .where(eq(loanCharges.id, charge!.id))),
    );
    // Booked alone: the charge's own message; booked with others by the set-based pass's one transfer (decision 077): the group's, naming it.
    expect(
      bigger.some(
        (p) =>
          p === `late charge ${charge!.id}: amount ${charge!.amount + 1n} but its transfer books ${charge!.amount}` ||
          (p.startsWith('late charges ') && p.includes(charge!.id) && p.includes(' together but their transfer ')),
      ),
    ).toBe(true);
    await expectLedgerSound(t);
  });
});

describe('POST /api/dev/servicing/run (development only, this machine only)', () => {
  it('runs one pass of the daily job, once per loan and day, and answers 404 to another machine', async () => {
    travelTo(t, '2027-02-26');
    const first = ok(await t.app.inject({ method: 'POST', url: '/api/dev/servicing/run' }));
    expect(first.days).toBe(4);
    expect(ok(await t.app.inject({ method: 'POST', url: '/api/dev/servicing/run' })).days).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/servicing/run', remoteAddress: '10.0.0.7' })).statusCode).toBe(404);
    await expectLedgerSound(t);
  });
});
