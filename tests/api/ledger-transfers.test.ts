import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries } from '../../src/server/db/schema';
import {
  LedgerError,
  accountMovements,
  checkLedger,
  createTransfer,
  debitsByCode,
  ensureMemberWallet,
  ensureSystemAccount,
  memberWalletBalance,
  openPendingTransfers,
  postPending,
  voidPending,
  type TransferLeg,
} from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // Every invariant holds after everything this file did.
  expect(await checkLedger(t.deps.db)).toMatchObject({ ok: true, problems: [] });
  await t.close();
});

const key = () => `test-${randomUUID()}`;

/** A member wallet funded with `amount` from loans receivable (as a disbursement would). */
async function fundedWallet(amount: bigint): Promise<{ userId: string; wallet: string; receivable: string; clearing: string }> {
  const m = await createMember(t);
  return t.deps.db.transaction(async (tx) => {
    const wallet = await ensureMemberWallet(tx, m.userId);
    const receivable = await ensureSystemAccount(tx, 'LOANS_RECEIVABLE');
    const clearing = await ensureSystemAccount(tx, 'PAYOUT_CLEARING');
    if (amount > 0n) {
      await createTransfer(tx, {
        idempotencyKey: key(),
        code: 'TEST_FUNDING',
        description: 'Funding for a test',
        legs: [
          { accountId: receivable, direction: 'DEBIT', amount },
          { accountId: wallet, direction: 'CREDIT', amount },
        ],
        at: t.clock.now(),
      });
    }
    return { userId: m.userId, wallet, receivable, clearing };
  });
}

function withdrawalLegs(wallet: string, clearing: string, amount: bigint): TransferLeg[] {
  return [
    { accountId: wallet, direction: 'DEBIT', amount },
    { accountId: clearing, direction: 'CREDIT', amount },
  ];
}

async function refusal(promise: Promise<unknown>): Promise<LedgerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

describe('posted transfers', () => {
  it('credit and debit the accounts and keep cached balances', async () => {
    const w = await fundedWallet(100_000n);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 100_000n, available: 100_000n, creditsPosted: 100_000n, debitsPosted: 0n });
    const movements = await accountMovements(t.deps.db, w.wallet);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ code: 'TEST_FUNDING', direction: 'CREDIT', amount: 100_000n, status: 'POSTED' });
  });

  it('refuse a transfer that does not balance, a leg that is not positive, or a single leg, and write nothing', async () => {
    const w = await fundedWallet(0n);
    const at = t.clock.now();
    const attempts = [
      [
        { accountId: w.receivable, direction: 'DEBIT' as const, amount: 100n },
        { accountId: w.wallet, direction: 'CREDIT' as const, amount: 99n },
      ],
      [
        { accountId: w.receivable, direction: 'DEBIT' as const, amount: 0n },
        { accountId: w.wallet, direction: 'CREDIT' as const, amount: 0n },
      ],
      [
        { accountId: w.receivable, direction: 'DEBIT' as const, amount: -5n },
        { accountId: w.wallet, direction: 'CREDIT' as const, amount: -5n },
      ],
      [{ accountId: w.wallet, direction: 'CREDIT' as const, amount: 5n }],
    ];
    const codes = [];
    for (const legs of attempts) {
      codes.push(
        (await refusal(t.deps.db.transaction((tx) => createTransfer(tx, { idempotencyKey: key(), code: 'X', description: 'x', legs, at })))).ledgerCode,
      );
    }
    expect(codes).toEqual(['UNBALANCED', 'INVALID_TRANSFER', 'INVALID_TRANSFER', 'INVALID_TRANSFER']);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 0n });
  });

  it('refuse to take a wallet below zero, and write nothing', async () => {
    const w = await fundedWallet(5_000n);
    const error = await refusal(
      t.deps.db.transaction((tx) =>
        createTransfer(tx, {
          idempotencyKey: key(),
          code: 'WITHDRAWAL',
          description: 'x',
          legs: withdrawalLegs(w.wallet, w.clearing, 5_001n),
          at: t.clock.now(),
        }),
      ),
    );
    expect(error.ledgerCode).toBe('INSUFFICIENT_FUNDS');
    expect(error.status).toBe(409);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 5_000n, available: 5_000n });
    expect(await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, w.wallet))).toHaveLength(1);
  });

  it('the database itself refuses a forbidden negative balance', async () => {
    const w = await fundedWallet(1_000n);
    const error = await t.deps.db
      .update(ledgerAccounts)
      .set({ debitsPosted: 2_000n })
      .where(eq(ledgerAccounts.id, w.wallet))
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/ledger_accounts_no_forbidden_negative/);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 1_000n });
  });
});

describe('idempotency keys', () => {
  it('the same key and request answer the first transfer; the money moves once', async () => {
    const w = await fundedWallet(10_000n);
    const request = { idempotencyKey: key(), code: 'WITHDRAWAL', description: 'x', legs: withdrawalLegs(w.wallet, w.clearing, 3_000n), at: t.clock.now() };
    const first = await t.deps.db.transaction((tx) => createTransfer(tx, request));
    const second = await t.deps.db.transaction((tx) => createTransfer(tx, request));
    expect(first.replayed).toBe(false);
    expect(second).toMatchObject({ id: first.id, replayed: true });
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 7_000n });
    expect(await debitsByCode(t.deps.db, w.wallet, 'WITHDRAWAL')).toBe(3_000n);
  });

  it('the same key with another request is refused and changes nothing', async () => {
    const w = await fundedWallet(10_000n);
    const k = key();
    await t.deps.db.transaction((tx) =>
      createTransfer(tx, { idempotencyKey: k, code: 'WITHDRAWAL', description: 'x', legs: withdrawalLegs(w.wallet, w.clearing, 3_000n), at: t.clock.now() }),
    );
    const error = await refusal(
      t.deps.db.transaction((tx) =>
        createTransfer(tx, { idempotencyKey: k, code: 'WITHDRAWAL', description: 'x', legs: withdrawalLegs(w.wallet, w.clearing, 4_000n), at: t.clock.now() }),
      ),
    );
    expect(error.ledgerCode).toBe('IDEMPOTENCY_CONFLICT');
    expect(error.status).toBe(422);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 7_000n });
  });
});

describe('two-phase transfers', () => {
  it('a pending debit holds funds: the available balance falls, the posted balance does not', async () => {
    const w = await fundedWallet(10_000n);
    const hold = await t.deps.db.transaction((tx) =>
      createTransfer(tx, {
        idempotencyKey: key(),
        code: 'WITHDRAWAL',
        description: 'hold',
        legs: withdrawalLegs(w.wallet, w.clearing, 6_000n),
        pending: true,
        at: t.clock.now(),
      }),
    );
    expect(hold.type).toBe('PENDING');
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 10_000n, available: 4_000n, debitsPending: 6_000n });
    expect(await openPendingTransfers(t.deps.db, w.wallet)).toEqual([hold.id]);
    // A second hold beyond what is available is refused.
    const error = await refusal(
      t.deps.db.transaction((tx) =>
        createTransfer(tx, {
          idempotencyKey: key(),
          code: 'WITHDRAWAL',
          description: 'hold 2',
          legs: withdrawalLegs(w.wallet, w.clearing, 4_001n),
          pending: true,
          at: t.clock.now(),
        }),
      ),
    );
    expect(error.ledgerCode).toBe('INSUFFICIENT_FUNDS');
    expect((await accountMovements(t.deps.db, w.wallet))[0]).toMatchObject({ status: 'PENDING', amount: 6_000n, direction: 'DEBIT' });
  });

  it('posting moves the held amount to posted, once', async () => {
    const w = await fundedWallet(10_000n);
    const hold = await t.deps.db.transaction((tx) =>
      createTransfer(tx, {
        idempotencyKey: key(),
        code: 'WITHDRAWAL',
        description: 'hold',
        legs: withdrawalLegs(w.wallet, w.clearing, 6_000n),
        pending: true,
        at: t.clock.now(),
      }),
    );
    const postKey = key();
    const posted = await t.deps.db.transaction((tx) =>
      postPending(tx, { pendingId: hold.id, idempotencyKey: postKey, description: 'settled', at: t.clock.now() }),
    );
    expect(posted.type).toBe('POST_PENDING');
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 4_000n, available: 4_000n, debitsPending: 0n, debitsPosted: 6_000n });
    // The same key again answers the same resolution; another key, or a void, is refused.
    expect(
      await t.deps.db.transaction((tx) => postPending(tx, { pendingId: hold.id, idempotencyKey: postKey, description: 'settled', at: t.clock.now() })),
    ).toMatchObject({
      id: posted.id,
      replayed: true,
    });
    expect(
      (await refusal(t.deps.db.transaction((tx) => postPending(tx, { pendingId: hold.id, idempotencyKey: key(), description: 'again', at: t.clock.now() }))))
        .ledgerCode,
    ).toBe('ALREADY_RESOLVED');
    expect(
      (await refusal(t.deps.db.transaction((tx) => voidPending(tx, { pendingId: hold.id, idempotencyKey: key(), description: 'void', at: t.clock.now() }))))
        .ledgerCode,
    ).toBe('ALREADY_RESOLVED');
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 4_000n, available: 4_000n });
    expect((await accountMovements(t.deps.db, w.wallet))[0]).toMatchObject({ status: 'POSTED', amount: 6_000n });
    expect(await debitsByCode(t.deps.db, w.wallet, 'WITHDRAWAL')).toBe(6_000n);
  });

  it('voiding releases the held amount', async () => {
    const w = await fundedWallet(10_000n);
    const hold = await t.deps.db.transaction((tx) =>
      createTransfer(tx, {
        idempotencyKey: key(),
        code: 'WITHDRAWAL',
        description: 'hold',
        legs: withdrawalLegs(w.wallet, w.clearing, 6_000n),
        pending: true,
        at: t.clock.now(),
      }),
    );
    await t.deps.db.transaction((tx) => voidPending(tx, { pendingId: hold.id, idempotencyKey: key(), description: 'payout failed', at: t.clock.now() }));
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 10_000n, available: 10_000n, debitsPending: 0n, debitsPosted: 0n });
    expect((await accountMovements(t.deps.db, w.wallet))[0]).toMatchObject({ status: 'VOIDED' });
    expect(await debitsByCode(t.deps.db, w.wallet, 'WITHDRAWAL')).toBe(0n);
    expect(await openPendingTransfers(t.deps.db, w.wallet)).toEqual([]);
  });

  it('only a pending transfer can be posted or voided', async () => {
    const w = await fundedWallet(1_000n);
    const [funding] = await accountMovements(t.deps.db, w.wallet);
    expect(
      (
        await refusal(
          t.deps.db.transaction((tx) => postPending(tx, { pendingId: funding!.transferId, idempotencyKey: key(), description: 'x', at: t.clock.now() })),
        )
      ).ledgerCode,
    ).toBe('NOT_PENDING');
    expect(
      (await refusal(t.deps.db.transaction((tx) => voidPending(tx, { pendingId: randomUUID(), idempotencyKey: key(), description: 'x', at: t.clock.now() }))))
        .ledgerCode,
    ).toBe('NOT_PENDING');
  });
});

describe('under concurrency', () => {
  it('20 simultaneous withdrawals of 100 from a wallet of 1,000: exactly 10 succeed and it never goes negative', async () => {
    const w = await fundedWallet(1_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.db.transaction((tx) =>
          createTransfer(tx, {
            idempotencyKey: key(),
            code: 'WITHDRAWAL',
            description: `w${i}`,
            legs: withdrawalLegs(w.wallet, w.clearing, 100n),
            pending: i % 2 === 0,
            at: t.clock.now(),
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    for (const r of refused) expect((r.reason as LedgerError).ledgerCode).toBe('INSUFFICIENT_FUNDS');
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ available: 0n });
  });

  it('10 simultaneous requests with one idempotency key move the money once', async () => {
    const w = await fundedWallet(1_000n);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.deps.db.transaction((tx) =>
          createTransfer(tx, {
            idempotencyKey: k,
            code: 'WITHDRAWAL',
            description: 'same',
            legs: withdrawalLegs(w.wallet, w.clearing, 300n),
            at: t.clock.now(),
          }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 700n });
  });
});

describe('one statement per transfer (decision 039)', () => {
  it('a transfer naming an unknown account is refused and moves nothing', async () => {
    const w = await fundedWallet(1_000n);
    const before = await memberWalletBalance(t.deps.db, w.userId);
    const error = await refusal(
      t.deps.db.transaction((tx) =>
        createTransfer(tx, {
          idempotencyKey: key(),
          code: 'WITHDRAWAL',
          description: 'to nowhere',
          legs: withdrawalLegs(w.wallet, randomUUID(), 100n),
          at: t.clock.now(),
        }),
      ),
    );
    expect(error.ledgerCode).toBe('UNKNOWN_ACCOUNT');
    expect(await memberWalletBalance(t.deps.db, w.userId)).toEqual(before);
  });

  it('a refusal caught inside the transaction leaves no sum and no entry written', async () => {
    const w = await fundedWallet(500n);
    const k = key();
    const caught = await t.deps.db.transaction(async (tx) => {
      const error = await refusal(
        createTransfer(tx, {
          idempotencyKey: k,
          code: 'WITHDRAWAL',
          description: 'too much',
          legs: withdrawalLegs(w.wallet, w.clearing, 600n),
          at: t.clock.now(),
        }),
      );
      // The caller goes on in the same transaction: the refused transfer changed no sum and wrote no entry.
      const [wallet] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, w.wallet));
      const entries = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.accountId, w.wallet));
      return { code: error.ledgerCode, debits: wallet!.debitsPosted, credits: wallet!.creditsPosted, entries: entries.length };
    });
    expect(caught).toEqual({ code: 'INSUFFICIENT_FUNDS', debits: 0n, credits: 500n, entries: 1 });
  });

  it('several legs on one account are summed before the check, each written as its own entry', async () => {
    const w = await fundedWallet(1_000n);
    const result = await t.deps.db.transaction((tx) =>
      createTransfer(tx, {
        idempotencyKey: key(),
        code: 'WITHDRAWAL',
        description: 'split',
        legs: [
          { accountId: w.wallet, direction: 'DEBIT', amount: 600n },
          { accountId: w.wallet, direction: 'DEBIT', amount: 400n },
          { accountId: w.clearing, direction: 'CREDIT', amount: 1_000n },
        ],
        at: t.clock.now(),
      }),
    );
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, result.id));
    expect(entries.map((e) => e.amount).sort()).toEqual([1_000n, 400n, 600n]);
    expect(await memberWalletBalance(t.deps.db, w.userId)).toMatchObject({ posted: 0n, available: 0n });
    const over = await refusal(
      t.deps.db.transaction((tx) =>
        createTransfer(tx, {
          idempotencyKey: key(),
          code: 'WITHDRAWAL',
          description: 'split beyond',
          legs: [
            { accountId: w.wallet, direction: 'DEBIT', amount: 1n },
            { accountId: w.wallet, direction: 'CREDIT', amount: 1n },
            { accountId: w.wallet, direction: 'DEBIT', amount: 1n },
            { accountId: w.clearing, direction: 'CREDIT', amount: 1n },
          ],
          at: t.clock.now(),
        }),
      ),
    );
    expect(over.ledgerCode).toBe('INSUFFICIENT_FUNDS');
  });

  it('a pending transfer posted and voided at once: exactly one resolution lands, the other is ALREADY_RESOLVED', async () => {
    const w = await fundedWallet(1_000n);
    const hold = await t.deps.db.transaction((tx) =>
      createTransfer(tx, {
        idempotencyKey: key(),
        code: 'WITHDRAWAL',
        description: 'hold',
        legs: withdrawalLegs(w.wallet, w.clearing, 400n),
        pending: true,
        at: t.clock.now(),
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        t.deps.db.transaction((tx) =>
          (i % 2 === 0 ? postPending : voidPending)(tx, { pendingId: hold.id, idempotencyKey: key(), description: `r${i}`, at: t.clock.now() }),
        ),
      ),
    );
    const landed = results.filter((r) => r.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as LedgerError).ledgerCode).toBe('ALREADY_RESOLVED');
    const balance = await memberWalletBalance(t.deps.db, w.userId);
    expect(balance).toMatchObject({ debitsPending: 0n });
    expect([600n, 1_000n]).toContain(balance!.available);
  });
});

describe('checkLedger', () => {
  it('finds a cached balance that disagrees with the entries, an unbalanced transfer and a forbidden negative', async () => {
    const other = await createTestApp();
    try {
      const m = await createMember(other);
      const wallet = await other.deps.db.transaction(async (tx) => {
        const id = await ensureMemberWallet(tx, m.userId);
        const receivable = await ensureSystemAccount(tx, 'LOANS_RECEIVABLE');
        await createTransfer(tx, {
          idempotencyKey: key(),
          code: 'TEST_FUNDING',
          description: 'x',
          legs: [
            { accountId: receivable, direction: 'DEBIT', amount: 500n },
            { accountId: id, direction: 'CREDIT', amount: 500n },
          ],
          at: other.clock.now(),
        });
        return id;
      });
      expect((await checkLedger(other.deps.db)).ok).toBe(true);
      // Tampering that only a bug or a person with database access could do.
      await other.deps.db.update(ledgerAccounts).set({ creditsPosted: 900n }).where(eq(ledgerAccounts.id, wallet));
      await other.deps.db.execute(sql`update ledger_entries set amount = 100 where account_id = ${wallet}`);
      const result = await checkLedger(other.deps.db);
      expect(result.ok).toBe(false);
      expect(result.problems.some((p) => p.includes('does not balance'))).toBe(true);
      expect(result.problems.some((p) => p.includes('cached credits_posted 900 but the entries sum to 100'))).toBe(true);
      await other.deps.db.execute(sql`update ledger_entries set amount = 600 where account_id <> ${wallet}`);
      await other.deps.db.update(ledgerAccounts).set({ creditsPosted: 100n, debitsPosted: 0n }).where(eq(ledgerAccounts.id, wallet));
      await other.deps.db.execute(sql`update ledger_entries set direction = 'DEBIT', amount = 600 where account_id = ${wallet}`);
      const negative = await checkLedger(other.deps.db);
      expect(negative.problems.some((p) => p.includes('may not go negative'))).toBe(true);
    } finally {
      await other.close();
    }
  });
});
