import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, loans, withdrawals } from '../../src/server/db/schema';
import type { AppConfig } from '../../src/server/config';
import {
  balanceByCode,
  checkLedger,
  createTransfer,
  ensureMemberWallet,
  ensureSystemAccount,
  inTransaction,
  shardOf,
  systemAccountBalance,
  systemAccountSpec,
  voidPending,
} from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';
import { createStaff, expectLedgerSound, ok } from '../fixtures/loans';
import { confirmWithdrawal, fundedMember, requestWithdrawal, runJobs, withdrawalCode, type FundedMember } from '../fixtures/withdrawals';
import { pay } from '../fixtures/repayments';

/** One instalment of the fixtures' loan (PHP 200,000 over 6 months): the smallest payment accepted. */
const INSTALMENT = '34334.00';
import type { TestMember } from '../fixtures/members';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * Hot system accounts split into shards (docs/decisions/030-system-account-shards.md): a loan or
 * withdrawal picks a shard by a hash of its id and keeps it; balances, reports and ledger:check sum
 * the shards; the account written before shards is shard 0 and keeps working. Runs on PGlite by
 * default and on a real PostgreSQL server (truly concurrent transactions) with TEST_DATABASE_URL.
 */

describe('the shard rule', () => {
  it('is a stable hash of the id within the shard count, and 0 with one shard', () => {
    const ids = Array.from({ length: 400 }, () => randomUUID());
    const seen = new Set<number>();
    for (const id of ids) {
      const shard = shardOf(id, 8);
      expect(shard).toBe(shardOf(id, 8));
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(8);
      expect(shardOf(id, 1)).toBe(0);
      seen.add(shard);
    }
    expect(seen.size).toBe(8); // 400 ids reach every shard
    expect(() => shardOf(ids[0]!, 0)).toThrow(RangeError);
    expect(() => shardOf(ids[0]!, 65)).toThrow(RangeError);
  });

  it('keeps the original code for shard 0 and the kind on every shard', () => {
    expect(systemAccountSpec('PAYOUT_CLEARING', 0)).toMatchObject({ code: 'PAYOUT_CLEARING', kind: 'PAYOUT_CLEARING' });
    expect(systemAccountSpec('PAYOUT_CLEARING', 5)).toMatchObject({ code: 'PAYOUT_CLEARING:5', kind: 'PAYOUT_CLEARING', allowNegative: false });
    expect(() => systemAccountSpec('PAYOUT_CLEARING', -1)).toThrow(RangeError);
    expect(() => systemAccountSpec('PAYOUT_CLEARING', 64)).toThrow(RangeError);
  });
});

// One app for every database test below (a loaded machine pays for each app it creates).
let t: TestApp;
let approver: TestMember;
let disburser: TestMember;
let members: FundedMember[];

beforeAll(async () => {
  t = await createTestApp({}, { LEDGER_SYSTEM_SHARDS: '8', PAYOUT_SETTLE_SECONDS: '1' });
  approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
  disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
  members = [];
  for (let i = 0; i < 4; i += 1) members.push(await fundedMember(t, approver, disburser));
}, 300_000);
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
}, 120_000);

/** The shard count the app uses for new loans and withdrawals (as a restart with another LEDGER_SYSTEM_SHARDS would set). */
function setShards(shards: number): void {
  (t.deps.config as { ledgerSystemShards: AppConfig['ledgerSystemShards'] }).ledgerSystemShards = shards;
}

async function withdrawalById(id: string) {
  const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

describe('withdrawals and loans on 8 shards', () => {
  it('books each disbursement on its loan shard of loans receivable and sums the shards', async () => {
    const rows = await t.deps.db
      .select()
      .from(loans)
      .where(
        inArray(
          loans.memberId,
          members.map((m) => m.userId),
        ),
      );
    expect(rows).toHaveLength(4);
    let principal = 0n;
    for (const loan of rows) {
      expect(loan.ledgerShard).toBe(shardOf(loan.id, 8));
      const entries = await t.deps.db
        .select({ code: ledgerAccounts.code })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerEntries.transferId, loan.disbursementTransferId!));
      expect(entries.map((e) => e.code)).toContain(systemAccountSpec('LOANS_RECEIVABLE', loan.ledgerShard).code);
      principal += loan.amount;
    }
    expect((await systemAccountBalance(t.deps.db, 'LOANS_RECEIVABLE'))?.posted).toBe(principal);
  });

  it('holds and settles each withdrawal on its shard of payout clearing, every shard back to zero', async () => {
    const ids: string[] = [];
    for (const m of members) ids.push(ok(await requestWithdrawal(t, m.cookie, '1000.00'), 201).id as string);
    const rows = await t.deps.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    for (const row of rows) expect(row.ledgerShard).toBe(shardOf(row.id, 8));
    // While held: the summed clearing account shows every held amount as pending credits.
    const during = await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING');
    expect(during?.creditsPending).toBe(400_000n);
    expect(during?.shards).toBe(new Set(rows.map((r) => r.ledgerShard)).size);
    for (const row of rows) {
      const shard = await balanceByCode(t.deps.db, systemAccountSpec('PAYOUT_CLEARING', row.ledgerShard).code);
      expect(shard!.creditsPending).toBeGreaterThanOrEqual(100_000n);
    }
    expect(await checkLedger(t.deps.db)).toMatchObject({ ok: true });

    for (const [i, m] of members.entries()) ok(await confirmWithdrawal(t, m.cookie, ids[i]!, await withdrawalCode(t, m.phone)));
    t.clock.advance(2_000);
    await runJobs(t);
    const paid = await t.deps.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    expect(paid.map((r) => r.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
    expect(await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING')).toMatchObject({
      posted: 0n,
      creditsPending: 0n,
      creditsPosted: 400_000n,
      debitsPosted: 400_000n,
    });
    const shards = await t.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'PAYOUT_CLEARING'));
    for (const s of shards) expect(s.creditsPosted - s.debitsPosted).toBe(0n); // each shard is made of whole withdrawals
    expect((await systemAccountBalance(t.deps.db, 'SETTLEMENT_FUNDS'))?.creditsPosted).toBeGreaterThanOrEqual(400_000n);
  }, 120_000);

  it('credits repayments to the loan shard, and the portfolio report sums the shards', async () => {
    const m = members[0]!;
    const [loan] = await t.deps.db.select().from(loans).where(eq(loans.memberId, m.userId));
    const shardCode = systemAccountSpec('LOANS_RECEIVABLE', loan!.ledgerShard).code;
    const before = (await systemAccountBalance(t.deps.db, 'LOANS_RECEIVABLE'))!.posted;
    const shardBefore = (await balanceByCode(t.deps.db, shardCode))!.posted;
    ok(await pay(t, m.cookie, INSTALMENT), 201);
    const after = (await systemAccountBalance(t.deps.db, 'LOANS_RECEIVABLE'))!.posted;
    expect(after).toBeLessThan(before);
    // The whole drop is on the loan's own shard.
    expect(shardBefore - (await balanceByCode(t.deps.db, shardCode))!.posted).toBe(before - after);
    const report = ok(await t.app.inject({ method: 'GET', url: '/api/admin/portfolio', headers: { cookie: approver.cookie } }));
    expect(report.outstandingPrincipal).toBe(toDecimalString(after));
  }, 120_000);

  it('ledger:check names a transfer about a withdrawal that used another shard', async () => {
    const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, members[1]!.userId));
    const wrong = (row!.ledgerShard + 1) % 8;
    await expect(
      t.deps.db.transaction(async (tx) => {
        const wallet = await ensureMemberWallet(tx, members[1]!.userId);
        await createTransfer(tx, {
          idempotencyKey: `wrong-shard-${randomUUID()}`,
          code: 'TEST',
          reference: row!.id,
          description: 'a deliberately misplaced hold',
          legs: [
            { accountId: wallet, direction: 'DEBIT', amount: 100n },
            { accountId: await ensureSystemAccount(tx, 'PAYOUT_CLEARING', wrong), direction: 'CREDIT', amount: 100n },
          ],
          pending: true,
          at: t.clock.now(),
        });
        const result = await checkLedger(tx);
        expect(result.ok).toBe(false);
        expect(result.problems.join('\n')).toContain(`uses ${systemAccountSpec('PAYOUT_CLEARING', wrong).code}, not its shard ${row!.ledgerShard}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await checkLedger(t.deps.db)).toMatchObject({ ok: true });
  }, 120_000);
});

describe('an account written before shards keeps working', () => {
  it('settles a withdrawal held on the single account after shards are turned on', async () => {
    // Before shards (one row per system account): a loan disbursed and a withdrawal held on shard 0.
    setShards(1);
    const old = await fundedMember(t, approver, disburser);
    const heldBefore = (await balanceByCode(t.deps.db, 'PAYOUT_CLEARING'))?.creditsPending ?? 0n;
    const legacy = ok(await requestWithdrawal(t, old.cookie, '2000.00'), 201).id as string;
    expect((await withdrawalById(legacy)).ledgerShard).toBe(0);
    expect((await balanceByCode(t.deps.db, 'PAYOUT_CLEARING'))?.creditsPending).toBe(heldBefore + 200_000n);
    const [oldLoan] = await t.deps.db.select().from(loans).where(eq(loans.memberId, old.userId));
    expect(oldLoan!.ledgerShard).toBe(0);

    // The operator turns shards on while that withdrawal is still held (a restart with LEDGER_SYSTEM_SHARDS=8).
    setShards(8);
    const fresh = members[2]!;
    t.clock.advance(61_000); // this member's next code may be sent after a minute
    const postedBefore = (await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING'))!.creditsPosted;
    const created = ok(await requestWithdrawal(t, fresh.cookie, '3000.00'), 201).id as string;
    expect((await withdrawalById(created)).ledgerShard).toBe(shardOf(created, 8));

    ok(await confirmWithdrawal(t, old.cookie, legacy, await withdrawalCode(t, old.phone)));
    ok(await confirmWithdrawal(t, fresh.cookie, created, await withdrawalCode(t, fresh.phone)));
    t.clock.advance(2_000);
    await runJobs(t);
    expect((await withdrawalById(legacy)).status).toBe('PAID');
    // The old hold settled on the old account (shard 0), which is back to zero.
    expect(await balanceByCode(t.deps.db, 'PAYOUT_CLEARING')).toMatchObject({ posted: 0n, creditsPending: 0n });
    const summed = await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING');
    expect(summed).toMatchObject({ posted: 0n, creditsPending: 0n });
    expect(summed!.creditsPosted - postedBefore).toBe(500_000n);
    // A repayment on the loan disbursed before shards still credits the single account.
    const before = (await balanceByCode(t.deps.db, 'LOANS_RECEIVABLE'))!.posted;
    ok(await pay(t, old.cookie, INSTALMENT), 201);
    expect((await balanceByCode(t.deps.db, 'LOANS_RECEIVABLE'))!.posted).toBeLessThan(before);
  }, 180_000);
});

describe('concurrent transfers across shards', () => {
  it('two streams of opposite transfers between the same accounts never deadlock (one global lock order)', async () => {
    const a = await inTransaction(t.deps.db, (tx) => ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING', 3));
    const b = await inTransaction(t.deps.db, (tx) => ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', 5));
    const c = await inTransaction(t.deps.db, (tx) => ensureMemberWallet(tx, members[3]!.userId));
    const move = (from: string, to: string) =>
      inTransaction(t.deps.db, (tx) =>
        createTransfer(tx, {
          idempotencyKey: `opposite-${randomUUID()}`,
          code: 'TEST',
          description: 'opposite transfers',
          // Three legs naming both accounts in the stream's own order: the ledger sorts the locks.
          legs: [
            { accountId: from, direction: 'DEBIT', amount: 200n },
            { accountId: c, direction: 'CREDIT', amount: 100n },
            { accountId: to, direction: 'CREDIT', amount: 100n },
          ],
          at: t.clock.now(),
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? move(a, b) : move(b, a))));
    const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const [accountA] = await t.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, a));
    expect(accountA!.debitsPosted).toBe(30n * 200n);
    expect(accountA!.creditsPosted).toBe(30n * 100n);
  }, 120_000);

  it('40 simultaneous holds from 40 wallets on their own shards all land, the summed balance exact', async () => {
    const funding = await inTransaction(t.deps.db, (tx) => ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'));
    const wallets: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const m = await createMember(t);
      wallets.push(
        await inTransaction(t.deps.db, async (tx) => {
          const wallet = await ensureMemberWallet(tx, m.userId);
          await createTransfer(tx, {
            idempotencyKey: `fund-${m.userId}`,
            code: 'TEST_FUNDING',
            description: 'funding',
            legs: [
              { accountId: funding, direction: 'DEBIT', amount: 10_000n },
              { accountId: wallet, direction: 'CREDIT', amount: 10_000n },
            ],
            at: t.clock.now(),
          });
          return wallet;
        }),
      );
    }
    const before = (await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING'))?.creditsPending ?? 0n;
    const holds = await Promise.all(
      wallets.map((wallet) => {
        const id = randomUUID();
        return inTransaction(t.deps.db, async (tx) =>
          createTransfer(tx, {
            idempotencyKey: `hold-${id}`,
            code: 'TEST_HOLD',
            description: 'concurrent hold',
            legs: [
              { accountId: wallet, direction: 'DEBIT', amount: 7_000n },
              { accountId: await ensureSystemAccount(tx, 'PAYOUT_CLEARING', shardOf(id, 8)), direction: 'CREDIT', amount: 7_000n },
            ],
            pending: true,
            at: t.clock.now(),
          }),
        );
      }),
    );
    expect(holds).toHaveLength(40);
    expect((await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING'))!.creditsPending - before).toBe(40n * 7_000n);
    await Promise.all(
      holds.map((hold) =>
        inTransaction(t.deps.db, (tx) =>
          voidPending(tx, { pendingId: hold.id, idempotencyKey: `void-${hold.id}`, description: 'released', at: t.clock.now() }),
        ),
      ),
    );
    expect((await systemAccountBalance(t.deps.db, 'PAYOUT_CLEARING'))!.creditsPending).toBe(before);
  }, 180_000);
});
