import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { readdirSync } from 'node:fs';
import { procStat } from './proc';
import type { TestApp } from '../tests/fixtures/app';
import { createActivatedMember } from '../tests/fixtures/loans';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction, shardOf } from '../src/server/ledger';

/** What the database benchmarks share: the percentile, the worker pool and the plain-ledger baseline. */

/** Plain ledger transfers each benchmark measures in the same run (BENCH_TRANSFERS, default 2000). */
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);
/** Requests in flight at once, unless a benchmark sweeps it. */
export const CONCURRENCY = 8;
/** The connection counts the sweeping benchmarks measure (bench/withdrawals.ts, bench/payments.ts). */
export const CONNECTION_COUNTS = (process.env.BENCH_CONNECTIONS ?? '1,2,4,8,16').split(',').map(Number);
/** The shard counts they compare: before (one row per system account) and after (docs/decisions/030). */
export const SHARD_COUNTS = (process.env.BENCH_SHARDS ?? '1,8').split(',').map(Number);

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs `worker` over `items` with `concurrency` of them in flight. */
export async function runPool<T>(items: T[], worker: (item: T) => Promise<void>, concurrency = CONCURRENCY): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await worker(item);
      }
    }),
  );
}

/** This machine, and its load (1, 5, 15 minutes) right now. */
export function machine() {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}
/**
 * The CPU (user + system, ms) of every `postgres` process on this machine so far, its reaped
 * children's included (the postmaster's cutime / cstime): read before and after a round, the
 * difference is what PostgreSQL spent on it (the server must be on this machine; an idle second
 * cluster adds next to nothing). `null` where /proc cannot be read.
 */
export function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
  } catch {
    return null;
  }
  let ms = 0;
  for (const pid of pids) {
    const stat = procStat(`/proc/${pid}/stat`); // null: gone since the listing
    if (stat?.comm === 'postgres') ms += stat.userMs + stat.systemMs + stat.childrenMs;
  }
  return ms;
}

export function loadAverage(): number[] {
  return os.loadavg().map((l) => Math.round(l * 10) / 10);
}

/** Wallets for the baseline (BENCH_BASELINE_WALLETS, default 100). */
export async function baselineWallets(t: TestApp, count = Number(process.env.BENCH_BASELINE_WALLETS ?? 100)): Promise<string[]> {
  const wallets: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const m = await createActivatedMember(t);
    wallets.push(await inTransaction(t.deps.db, (tx) => ensureMemberWallet(tx, m.userId)));
  }
  return wallets;
}

/**
 * The baseline: balanced two-leg transfers between a clearing account and the wallets, per second,
 * `concurrency` in flight. With `shards` above 1 each transfer uses the clearing shard its own id
 * hashes to (as withdrawals and loans do); with 1 every transfer locks the one clearing row. With
 * `holdMs` each transaction keeps its locks that much longer (pg_sleep, see below).
 */
export async function ledgerTransfers(
  t: TestApp,
  options: { concurrency?: number; shards?: number; count?: number; wallets?: string[]; holdMs?: number } = {},
) {
  const db = t.deps.db;
  const shards = options.shards ?? 1;
  const count = options.count ?? TRANSFERS;
  const clearing: string[] = [];
  for (let s = 0; s < shards; s += 1) clearing.push(await inTransaction(db, (tx) => ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING', s)));
  const wallets = options.wallets ?? (await baselineWallets(t));
  const jobs = Array.from({ length: count }, (_, i) => wallets[i % wallets.length]!);
  const started = performance.now();
  await runPool(
    jobs,
    async (wallet) => {
      const id = randomUUID();
      await inTransaction(db, async (tx) => {
        await createTransfer(tx, {
          idempotencyKey: id,
          code: 'BENCH',
          description: 'benchmark transfer',
          legs: [
            { accountId: clearing[shardOf(id, shards)]!, direction: 'DEBIT', amount: 100n },
            { accountId: wallet, direction: 'CREDIT', amount: 100n },
          ],
          at: t.clock.now(),
        });
        // The model of a request's later statements in the same transaction (the withdrawal row, its
        // event, the code, the outbox: round trips on a network) while the account locks are held.
        // A wait in the database server, so it costs no CPU: what it measures is the lock, not the machine.
        if (options.holdMs) await tx.execute(sql`select pg_sleep(${options.holdMs / 1000})`);
      });
    },
    options.concurrency ?? CONCURRENCY,
  );
  return { count, perSecond: Math.round(count / ((performance.now() - started) / 1000)) };
}

/** The PostgreSQL server the benchmarks measure (its postgres database; each benchmark makes its own). */
export const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** pgbench's TPC-B figure on PG_ADMIN's server (scale 1, `clients` clients, 2 threads, 15 s) in a throw-away database: the baseline of the ledger's transfers. */
export function pgbenchTps(clients: number = CONCURRENCY): number {
  const db = `tapat_pgbench_${process.pid}`;
  const url = new URL(PG_ADMIN);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  execFileSync('psql', [...args, '-q', '-d', 'postgres', '-c', `CREATE DATABASE ${db}`]);
  try {
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', db], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', '15', db], { encoding: 'utf8' });
    const match = /tps = ([\d.]+)/.exec(out);
    if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
    return Math.round(Number(match[1]));
  } finally {
    execFileSync('psql', [...args, '-q', '-d', 'postgres', '-c', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]);
  }
}
