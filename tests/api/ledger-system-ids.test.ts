import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../src/server/db/schema';
import { createTransfer, ensureSystemAccount, inTransaction, LedgerError, systemAccountId, systemAccountSpec } from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';

/**
 * The system accounts' ids kept per database (docs/decisions/089-payday-statements.md): the id of a
 * committed account is read once and kept for that database; an account the asking transaction
 * created is not kept (a rollback takes it away); a kept id that names no account is still refused
 * by the ledger.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const exists = async (t: TestApp, id: string) =>
  (await t.deps.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id))).length === 1;

describe('system account ids kept per database', () => {
  it('answers each database its own account, the same one ensureSystemAccount finds', async () => {
    const inA = await inTransaction(a.deps.db, (tx) => ensureSystemAccount(tx, 'FEE_INCOME', 3));
    const inB = await inTransaction(b.deps.db, (tx) => ensureSystemAccount(tx, 'FEE_INCOME', 3));
    expect(inA).not.toBe(inB);
    expect(await inTransaction(a.deps.db, (tx) => systemAccountId(a.deps.db, tx, 'FEE_INCOME', 3))).toBe(inA);
    expect(await inTransaction(b.deps.db, (tx) => systemAccountId(b.deps.db, tx, 'FEE_INCOME', 3))).toBe(inB);
    // Kept: asked again from either database, each keeps its own.
    expect(await systemAccountId(a.deps.db, a.deps.db, 'FEE_INCOME', 3)).toBe(inA);
    expect(await systemAccountId(b.deps.db, b.deps.db, 'FEE_INCOME', 3)).toBe(inB);
  });

  it('does not keep an account created by a transaction that rolls back: the next ask finds the committed one', async () => {
    const code = systemAccountSpec('PENALTY_INCOME', 5).code;
    expect(await a.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code))).toEqual([]);
    let created = '';
    await expect(
      inTransaction(a.deps.db, async (tx) => {
        created = await systemAccountId(a.deps.db, tx, 'PENALTY_INCOME', 5);
        // Asked again in the same transaction: found, but written by this transaction, so still not kept.
        expect(await systemAccountId(a.deps.db, tx, 'PENALTY_INCOME', 5)).toBe(created);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await exists(a, created)).toBe(false);
    const committed = await inTransaction(a.deps.db, (tx) => systemAccountId(a.deps.db, tx, 'PENALTY_INCOME', 5));
    expect(committed).not.toBe(created);
    expect(await exists(a, committed)).toBe(true);
  });

  it('a kept id that names no account is refused by the transfer (UNKNOWN_ACCOUNT), as any unknown account', async () => {
    const kept = await inTransaction(a.deps.db, async (tx) => {
      await ensureSystemAccount(tx, 'INTEREST_INCOME', 6);
      return null;
    }).then(() => systemAccountId(a.deps.db, a.deps.db, 'INTEREST_INCOME', 6));
    // The account goes (only a test can do this: accounts are never deleted); the kept id stays.
    await a.deps.db.execute(sql`delete from ledger_accounts where id = ${kept}::uuid`);
    expect(await systemAccountId(a.deps.db, a.deps.db, 'INTEREST_INCOME', 6)).toBe(kept);
    const other = await inTransaction(a.deps.db, (tx) => ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', 0));
    for (const accountId of [kept, randomUUID()]) {
      const refused = await inTransaction(a.deps.db, (tx) =>
        createTransfer(tx, {
          idempotencyKey: randomUUID(),
          code: 'TEST',
          description: 'to an unknown account',
          legs: [
            { accountId: other, direction: 'DEBIT', amount: 100n },
            { accountId, direction: 'CREDIT', amount: 100n },
          ],
          at: new Date(),
        }),
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(LedgerError);
      expect((refused as LedgerError).ledgerCode).toBe('UNKNOWN_ACCOUNT');
    }
  });
});
