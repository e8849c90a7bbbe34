import { randomUUID } from 'node:crypto';
import type { TestApp } from '../tests/fixtures/app';
import { createActivatedMember } from '../tests/fixtures/loans';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';

/** What the database benchmarks share: the percentile, the worker pool and the plain-ledger baseline. */

/** Plain ledger transfers each benchmark measures in the same run (BENCH_TRANSFERS, default 2000). */
export const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);
/** Requests in flight at once. */
export const CONCURRENCY = 8;

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs `worker` over `items` with CONCURRENCY of them in flight. */
export async function runPool<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await worker(item);
      }
    }),
  );
}

/** The baseline: balanced two-leg transfers between a clearing account and 100 wallets, per second. */
export async function ledgerTransfers(t: TestApp) {
  const db = t.deps.db;
  const clearing = await inTransaction(db, (tx) => ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'));
  const wallets: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    const m = await createActivatedMember(t);
    wallets.push(await inTransaction(db, (tx) => ensureMemberWallet(tx, m.userId)));
  }
  const jobs = Array.from({ length: TRANSFERS }, (_, i) => wallets[i % wallets.length]!);
  const started = performance.now();
  await runPool(jobs, async (wallet) => {
    await inTransaction(db, (tx) =>
      createTransfer(tx, {
        idempotencyKey: randomUUID(),
        code: 'BENCH',
        description: 'benchmark transfer',
        legs: [
          { accountId: clearing, direction: 'DEBIT', amount: 100n },
          { accountId: wallet, direction: 'CREDIT', amount: 100n },
        ],
        at: t.clock.now(),
      }),
    );
  });
  return { count: TRANSFERS, perSecond: Math.round(TRANSFERS / ((performance.now() - started) / 1000)) };
}
