import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey } from '../fixtures/loans';
import {
  advanceKeepingSessions,
  available,
  confirmWithdrawal,
  fundedMember,
  requestWithdrawal,
  runJobs,
  withdrawalCode,
  type FundedMember,
} from '../fixtures/withdrawals';
import { withdrawals } from '../../src/server/db/schema';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction, LedgerError, memberWalletBalance, voidPending } from '../../src/server/ledger';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * Two or more withdrawals racing for one balance: at most the balance leaves. Runs on PGlite by
 * default and on a real PostgreSQL server (truly concurrent transactions) with TEST_DATABASE_URL.
 */
let t: TestApp;
let member: FundedMember;
let cookies: string[];

beforeAll(async () => {
  t = await createTestApp({}, { PAYOUT_SETTLE_SECONDS: '1' });
  const a = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
  const b = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
  member = await fundedMember(t, a, b);
  cookies = [member.cookie];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** Held (AWAITING_CODE, PROCESSING) plus settled (PAID) amounts of the member. */
async function outgoing(): Promise<bigint> {
  const rows = await t.deps.db
    .select({ amount: withdrawals.amount, status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, member.userId));
  return rows.filter((r) => ['AWAITING_CODE', 'PROCESSING', 'PAID'].includes(r.status)).reduce((sum, r) => sum + r.amount, 0n);
}

describe('50 simultaneous requests and confirmations against one balance', () => {
  it('lets at most the balance leave, round after round', async () => {
    // Each request asks for 40% of the balance (rounded down to centavos, within InstaPay or PESONet).
    const share = (member.balance * 40n) / 100n;
    let accepted = 0;
    for (let round = 0; round < 3; round += 1) {
      const requests = await Promise.all(Array.from({ length: 50 }, () => requestWithdrawal(t, member.cookie, toDecimalString(share), newKey())));
      const created = requests.filter((r) => r.statusCode === 201);
      for (const r of requests.filter((x) => x.statusCode !== 201)) {
        expect([400, 409, 429], r.body).toContain(r.statusCode);
      }
      expect(created.length).toBeLessThanOrEqual(1);
      expect(await outgoing()).toBeLessThanOrEqual(member.balance);
      expect(await available(t, member.userId)).toBeGreaterThanOrEqual(0n);
      if (round < 2) expect(created).toHaveLength(1);
      else {
        expect(created).toHaveLength(0); // 20% left: every request is above the balance
        expect(requests.every((r) => r.statusCode === 400 && /available balance/.test(r.body))).toBe(true);
      }
      if (created.length === 1) {
        const id = JSON.parse(created[0]!.body).id as string;
        const code = await withdrawalCode(t, member.phone);
        const confirms = await Promise.all(Array.from({ length: 50 }, () => confirmWithdrawal(t, member.cookie, id, code, newKey())));
        const okCount = confirms.filter((r) => r.statusCode === 200).length;
        expect(okCount).toBe(1);
        for (const r of confirms.filter((x) => x.statusCode !== 200)) expect([400, 409], r.body).toContain(r.statusCode);
        accepted += 1;
      }
      expect(await outgoing()).toBeLessThanOrEqual(member.balance);
      t.clock.advance(1_000);
      await runJobs(t);
      await advanceKeepingSessions(t, 3_600_000, cookies);
    }
    expect(accepted).toBe(2);
    const rows = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.userId));
    expect(rows.filter((r) => r.status === 'PAID')).toHaveLength(2);
    expect(await available(t, member.userId)).toBe(member.balance - 2n * share);
  });

  it('the ledger refuses holds beyond the balance when 50 race at its level', async () => {
    const other = await fundedMember(t, await createStaff(t, 'OFFICER', 'Officer Cy Tan'), await createStaff(t, 'OFFICER', 'Officer Di Go'));
    const wallet = await inTransaction(t.deps.db, (tx) => ensureMemberWallet(tx, other.userId));
    const clearing = await inTransaction(t.deps.db, (tx) => ensureSystemAccount(tx, 'PAYOUT_CLEARING'));
    const share = (other.balance * 30n) / 100n;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        inTransaction(t.deps.db, (tx) =>
          createTransfer(tx, {
            idempotencyKey: `race-${randomUUID()}`,
            code: 'WITHDRAWAL',
            description: 'race',
            legs: [
              { accountId: wallet, direction: 'DEBIT', amount: share },
              { accountId: clearing, direction: 'CREDIT', amount: share },
            ],
            pending: true,
            at: t.clock.now(),
          }),
        ),
      ),
    );
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as LedgerError).ledgerCode).toBe('INSUFFICIENT_FUNDS');
    const balance = await memberWalletBalance(t.deps.db, other.userId);
    expect(balance?.available).toBe(other.balance - 3n * share);
    expect(balance!.available).toBeGreaterThanOrEqual(0n);
    // Release the test holds so the ledger check sees only real withdrawals' pending transfers.
    for (const r of held) {
      const id = (r as PromiseFulfilledResult<{ id: string }>).value.id;
      await inTransaction(t.deps.db, (tx) =>
        voidPending(tx, { pendingId: id, idempotencyKey: `race-void-${id}`, description: 'race released', at: t.clock.now() }),
      );
    }
    expect((await memberWalletBalance(t.deps.db, other.userId))?.available).toBe(other.balance);
    expect(
      await t.deps.db
        .select()
        .from(withdrawals)
        .where(inArray(withdrawals.memberId, [other.userId])),
    ).toEqual([]);
  });
});
