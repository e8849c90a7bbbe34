import { strFromU8, unzipSync } from 'fflate';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerTransfers,
  loanEvents,
  loanInstalments,
  loanPayments,
  loans,
  memberDocuments,
  otpChallenges,
  sessions,
  trustedDevices,
  users,
  withdrawals,
} from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/sessions/passwords';
import { CSV_PARTS, EXPORT_PARTS } from '../../src/server/modules/privacy/export-coverage';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, ok, post, type ActivatedMember } from '../fixtures/loans';
import { disbursedLoan, pay, relogin, travelTo } from '../fixtures/repayments';
import { runJobs, withdrawAndConfirm } from '../fixtures/withdrawals';
import type { TestMember } from '../fixtures/members';

/**
 * The data export holds everything about a member with a full life (applied, approved, signed,
 * disbursed, paid, withdrew, asked for an extension), part by part, and nothing of another member,
 * no secret and no staff member's id or words (docs/decisions/075-export-holds-everything.md).
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let member: ActivatedMember;
let other: ActivatedMember;
let loanId: string;
let otherLoanId: string;
let files: Record<string, Uint8Array>;
const PASSWORD = 'Sampaguita-Ube-2026';
const NOTE = 'Called the borrower: promised to pay on Friday.';
const part = <T = Record<string, any>>(name: string): T => JSON.parse(strFromU8(files[`${name}.json`]!)) as T; // eslint-disable-line @typescript-eslint/no-explicit-any
const peso = (centavos: bigint) => ({
  centavos: Number(centavos),
  formatted: `₱${(Number(centavos) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
});

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  member = await createActivatedMember(t, { fullName: 'Maria Santos Dela Cruz' });
  other = await createActivatedMember(t, { fullName: 'Pedro Penduko Other' });
  await t.deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, member.userId));
  ({ loanId } = await disbursedLoan(t, officer, checker, { member }));
  ({ loanId: otherLoanId } = await disbursedLoan(t, officer, checker, { member: other }));
  ok(await pay(t, member.cookie, '10000.00'), 201);
  ok(await pay(t, other.cookie, '7777.00'), 201);
  await withdrawAndConfirm(t, member, '50000.00');
  await runJobs(t);
  ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/notes`, { body: NOTE }), 201);
  travelTo(t, '2026-11-25');
  member = await relogin(t, member);
  ok(await post(t, member.cookie, '/api/loans/current/extension', { term: 12 }), 201);
  // The fixture's document records point at no stored image (the images are tested in privacy.test.ts).
  await t.deps.db.delete(memberDocuments).where(eq(memberDocuments.userId, member.userId));
  // The member chose Filipino (their stored language): the README follows it.
  await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, member.userId));
  const res = await post(t, member.cookie, '/api/privacy/export', { password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  files = unzipSync(new Uint8Array(res.rawPayload));
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('the data export of a member with a full life', () => {
  it('has one file per part, CSV beside schedule, payments and wallet, and a README in the member’s language naming each', () => {
    expect(Object.keys(files).sort()).toEqual([...EXPORT_PARTS.map((p) => `${p}.json`), ...CSV_PARTS.map((p) => `${p}.csv`), 'README.txt'].sort());
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('Ang iyong data sa');
    for (const p of EXPORT_PARTS) expect(readme).toMatch(new RegExp(`^${p}\\.json`, 'm'));
    expect(readme).toContain('schedule.json, schedule.csv: ang iskedyul ng bayad ng bawat loan');
    expect(readme).not.toContain('activation.privacy');
  });

  it('holds the loan, its history without staff ids, the signed contract, and that a staff note exists but not its words', async () => {
    const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    const exported = part<Record<string, any>[]>('loans'); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(exported).toHaveLength(1);
    const l = exported[0]!;
    expect(l).toMatchObject({
      id: loanId,
      loanNumber: `TAPAT-L${String(loan!.number).padStart(6, '0')}`,
      status: 'ACTIVE',
      amount: { centavos: 20_000_000, formatted: '₱200,000.00' },
      requestedAmount: { centavos: 20_000_000, formatted: '₱200,000.00' },
      term: 6,
      selectedCurrency: 'PHP',
      scheduleStartDate: '2026-11-22',
      disbursedAt: loan!.disbursedAt!.toISOString(),
      signedAt: loan!.signedAt!.toISOString(),
    });
    expect(l).not.toHaveProperty('approvedBy');
    expect(l).not.toHaveProperty('disbursedBy');
    const events = await t.deps.db.select().from(loanEvents).where(eq(loanEvents.loanId, loanId)).orderBy(asc(loanEvents.seq));
    expect(l.history.map((e: Record<string, unknown>) => [e.action, e.toStatus, e.actorRole, e.at])).toEqual(
      events.map((e) => [e.action, e.toStatus, e.actorRole, e.at.toISOString()]),
    );
    for (const e of l.history) expect(Object.keys(e)).not.toContain('actorUserId');
    expect(l.contract).toMatchObject({ amount: { centavos: 20_000_000, formatted: '₱200,000.00' }, term: 6 });
    expect(l.contract.contract).toHaveProperty('sections');
    expect(l.contract.disclosure).toBeTypeOf('object');
    expect(l.internalStaffNotes).toEqual([{ at: expect.stringMatching(/^2026-11-2\dT/), authorRole: 'OFFICER' }]);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes(NOTE))).toBe(false);
  });

  it('holds the schedule, line by line, in JSON and CSV', async () => {
    const lines = await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
    const schedule = part<Record<string, unknown>[]>('schedule');
    expect(schedule.map((s) => s.dueDate)).toEqual(['2026-12-22', '2027-01-22', '2027-02-22', '2027-03-22', '2027-04-22', '2027-05-22']);
    expect(schedule).toEqual(
      lines.map((i) => ({
        loanNumber: expect.stringMatching(/^TAPAT-L\d{6}$/),
        number: i.number,
        dueDate: i.dueDate,
        principal: peso(i.principal),
        interest: peso(i.interest),
        fees: peso(i.fees),
        total: peso(i.total),
        principalPaid: peso(i.principalPaid),
        interestPaid: peso(i.interestPaid),
        feesPaid: peso(i.feesPaid),
        interestRebated: peso(i.interestRebated),
        feesRebated: peso(i.feesRebated),
        paidOn: i.paidOn,
      })),
    );
    const csv = strFromU8(files['schedule.csv']!).trim().split('\r\n');
    expect(csv[0]).toBe('loan,line,due_date,principal,interest,fees,total,principal_paid,interest_paid,fees_paid,paid_on');
    expect(csv).toHaveLength(7);
    expect(csv[1]).toMatch(/^TAPAT-L\d{6},1,2026-12-22,/);
  });

  it('holds the payment and how it was applied, with the receipt number and no staff id or key', async () => {
    const [payment] = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));
    const { payments, channelPayments } = part('payments');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      receipt: `TAPAT-P${String(payment!.number).padStart(6, '0')}`,
      source: 'WALLET',
      kind: 'PAYMENT',
      status: 'POSTED',
      amount: { centavos: 1_000_000, formatted: '₱10,000.00' },
      receivedAt: payment!.receivedAt.toISOString(),
    });
    expect(payments[0]).not.toHaveProperty('idempotencyKey');
    expect(payments[0]).not.toHaveProperty('actorUserId');
    const applied = payments[0].allocations.reduce((sum: number, a: { amount: { centavos: number } }) => sum + a.amount.centavos, 0);
    expect(applied).toBe(1_000_000);
    expect(channelPayments).toEqual([]);
    expect(strFromU8(files['payments.csv']!)).toContain(
      `,TAPAT-P${String(payment!.number).padStart(6, '0')},${payment!.receivedAt.toISOString()},WALLET,PAYMENT,POSTED,"10,000.00"`,
    );
  });

  it('holds the wallet: its balance and every line (proceeds in, the payment and the withdrawal out)', async () => {
    const wallet = part('wallet');
    expect(wallet.accounts).toHaveLength(1);
    const lines = wallet.lines as { direction: string; phase: string; amount: { centavos: number }; description: string }[];
    const posted = lines.filter((l) => l.phase === 'POSTED');
    const balance = posted.reduce((sum, l) => sum + (l.direction === 'CREDIT' ? l.amount.centavos : -l.amount.centavos), 0);
    expect(wallet.accounts[0].balance.centavos).toBe(balance);
    const [loan] = await t.deps.db.select({ number: loans.number }).from(loans).where(eq(loans.id, loanId));
    const [payment] = await t.deps.db.select({ number: loanPayments.number }).from(loanPayments).where(eq(loanPayments.loanId, loanId));
    const [withdrawal] = await t.deps.db.select({ number: withdrawals.number }).from(withdrawals).where(eq(withdrawals.memberId, member.userId));
    const L = `TAPAT-L${String(loan!.number).padStart(6, '0')}`;
    const W = `TAPAT-${String(withdrawal!.number).padStart(6, '0')}`;
    expect(lines.map((l) => [l.description, l.direction, l.phase, l.amount.centavos])).toEqual([
      [`Loan ${L} disbursed`, 'CREDIT', 'POSTED', 20_000_000],
      [`Payment TAPAT-P${String(payment!.number).padStart(6, '0')} on loan ${L}`, 'DEBIT', 'POSTED', 1_000_000],
      ['Withdrawal to your payout account (held until confirmed)', 'DEBIT', 'PENDING', 5_000_000],
      [`Withdrawal ${W} paid`, 'DEBIT', 'POSTED', 5_000_000],
    ]);
    expect(wallet.accounts[0].balance).toEqual({ centavos: 14_000_000, formatted: '₱140,000.00' });
    for (const l of lines)
      expect(Object.keys(l).sort()).toEqual(['amount', 'at', 'code', 'description', 'direction', 'phase', 'reference', 'transferId', 'transferType']);
    expect(strFromU8(files['wallet.csv']!).trim().split('\r\n')).toHaveLength(lines.length + 1);
  });

  it('holds the withdrawal, its destination and history', async () => {
    const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.userId));
    const exported = part<Record<string, any>[]>('withdrawals'); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({
      id: row!.id,
      reference: `TAPAT-${String(row!.number).padStart(6, '0')}`,
      status: 'PAID',
      amount: { centavos: 5_000_000, formatted: '₱50,000.00' },
      destInstitutionCode: 'BDO',
      destAccountNumber: '001234567890',
      destAccountName: 'Maria Santos Dela Cruz',
    });
    expect(exported[0]).not.toHaveProperty('requestKey');
    expect(exported[0]!.history.length).toBeGreaterThanOrEqual(2);
    expect(exported[0]!.history[0]).toMatchObject({ toStatus: 'AWAITING_CODE', actor: 'MEMBER' });
  });

  it('holds the extension request, reminders (none yet) and charges (none)', () => {
    const extensions = part<Record<string, any>[]>('extensions'); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(extensions).toHaveLength(1);
    expect(extensions[0]).toMatchObject({ status: 'REQUESTED', newTerm: 12, fromLine: 1, newEndDate: '2027-11-22', disclosure: null });
    expect(extensions[0]!.history).toEqual([expect.objectContaining({ toStatus: 'REQUESTED', actorRole: 'MEMBER' })]);
    expect(part('charges')).toEqual([]);
    expect(part('reminders')).toEqual([]);
  });

  it('holds the account in Filipino, the activation and the security records without their secrets', () => {
    expect(part('account')).toMatchObject({
      id: member.userId,
      phone: member.phone,
      fullName: 'Maria Santos Dela Cruz',
      language: 'fil',
      referred: false,
      membersYouInvited: 0,
    });
    expect(part('activation').identity).toMatchObject({ identityType: 'National ID (PhilSys)', identityNumber: member.identityNumber });
    const security = part('security');
    expect(security.sessions.length).toBeGreaterThanOrEqual(1);
    for (const s of security.sessions) expect(Object.keys(s)).not.toContain('id');
    expect(security.oneTimeCodes.map((c: { purpose: string }) => c.purpose)).toEqual(expect.arrayContaining(['CONTRACT_SIGNING', 'WITHDRAWAL']));
  });

  it("holds nothing of another member, no secret, no staff member's id or name", async () => {
    const all = Buffer.concat(Object.values(files).map((bytes) => Buffer.from(bytes))).toString('utf8');
    const [me] = await t.deps.db.select().from(users).where(eq(users.id, member.userId));
    const secrets = [
      me!.passwordHash,
      ...(await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.userId))).map((s) => s.id),
      ...(await t.deps.db.select({ h: trustedDevices.tokenHash }).from(trustedDevices).where(eq(trustedDevices.userId, member.userId))).map((d) => d.h),
      ...(await t.deps.db.select({ h: otpChallenges.codeHash }).from(otpChallenges).where(eq(otpChallenges.phone, member.phone))).map((c) => c.h),
      ...(await t.deps.db.select({ k: loanPayments.idempotencyKey }).from(loanPayments).where(eq(loanPayments.loanId, loanId))).map((p) => p.k),
      ...(await t.deps.db.select({ k: withdrawals.requestKey }).from(withdrawals).where(eq(withdrawals.memberId, member.userId))).map((w) => w.k),
      member.cookie.split('=')[1]!,
    ];
    const transfers = await t.deps.db
      .select({ k: ledgerTransfers.idempotencyKey, h: ledgerTransfers.requestHash })
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.id,
          part<{ lines: { transferId: string }[] }>('wallet').lines.map((l) => l.transferId),
        ),
      );
    expect(transfers.length).toBeGreaterThanOrEqual(3);
    secrets.push(...transfers.flatMap((x) => [x.k, x.h]));
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(all, 'a secret in the export').not.toContain(secret);
    for (const id of [officer.userId, checker.userId, other.userId, otherLoanId, other.phone, other.identityNumber]) expect(all).not.toContain(id);
    for (const name of ['Officer Ana Reyes', 'Officer Ben Cruz', 'Pedro Penduko Other', '₱7,777.00', '7,777.00']) expect(all).not.toContain(name);
  });
});
