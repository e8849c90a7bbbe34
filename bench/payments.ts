import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { baselineWallets, CONNECTION_COUNTS, ledgerTransfers, loadAverage, machine, percentile, postgresCpuMs, runPool, SHARD_COUNTS } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createStaff, newKey } from '../tests/fixtures/loans';
import { generateBook, prng, seedBook } from '../tests/fixtures/book';
import { disbursedLoan, topUp } from '../tests/fixtures/repayments';
import { SESSION_COOKIE } from '../src/server/http/session';
import { createSession } from '../src/server/sessions/store';
import { FAKE_SECRET_KEY, startFakeXendit, type FakeXendit } from '../tests/fixtures/fake-xendit';
import { channelPayments } from '../src/server/db/schema';
import { checkLedger } from '../src/server/ledger/check';
import { philippineDate } from '../src/shared/activation/age';

/**
 * Payday (repayments throughput): wallet payments to a loan AND channel confirmations (the payment
 * provider's callback for a reference the borrower paid at a 7-Eleven: the server asks the provider
 * (a local fake Xendit) and posts the payment) per second, with their p50/p99 latency, through the
 * app (in-process HTTP, the whole handler), on PostgreSQL, beside plain 2-leg ledger transfers per
 * second at the same connection count in the same run (the ratio holds on a shared machine where
 * the absolute figures do not).
 *
 * The book: BENCH_LOANS (default 1,600) borrowers, each with a loan of PHP 200,000 over 6 months
 * cloned with SQL from one disbursed through the API (tests/fixtures/book.ts: its own disbursement
 * transfer on its shard, dates moved back 0 to 150 days so that loans are current, due, or 1 to 120
 * days past due), half paying from the wallet (topped up) and half through a channel. Each round
 * (one per connection count, BENCH_CONNECTIONS, default "2,4,8,16"; at most 5: each loan takes one
 * instalment a round) pays one instalment of every loan in a shuffled order, that many requests in
 * flight and that many pool connections.
 *
 * BENCH_EXTRA_MEMBERS (default 0) adds that many members with a verified e-mail who do not pay (a
 * lender's membership is much larger than one round's payers: a statement that reads every member
 * shows there and not on the book alone).
 *
 * Where the time goes (BENCH_WAITS, default on): a side connection samples pg_stat_activity every
 * 10 ms during each round (what the app's backends wait on: Lock/transactionid, Lock/tuple, LWLock,
 * IO/WALSync, Client/ClientRead = the backend waits for Node); with pg_stat_statements on the server
 * (shared_preload_libraries) the round's top statements by total time are kept too. ledger:check
 * runs at the end.
 *
 *   npx tsx bench/payments.ts     (a temporary database per shard count on BENCH_DATABASE_URL's server, default the local one; dropped after)
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOANS = Number(process.env.BENCH_LOANS ?? 1600);
const BASELINE_TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);
const WAITS = process.env.BENCH_WAITS !== 'false';
/** Members beside the book's borrowers, each with a verified e-mail (a lender's whole membership, not only this round's payers). */
const EXTRA_MEMBERS = Number(process.env.BENCH_EXTRA_MEMBERS ?? 0);
const INSTALMENT = '34334.00'; // 5 x PHP 34,334 is less than the PHP 200,000 loan's 6 instalments
const INSTALMENT_CENTAVOS = 34_334_00n;
const CALLBACK_TOKEN = 'callback-token-of-the-bench-0123456789abcdef';
const MAX_CONNECTIONS = Math.max(...CONNECTION_COUNTS);
if (CONNECTION_COUNTS.length > 5) throw new Error('at most 5 connection counts: each loan takes 5 instalment payments');

interface Borrower {
  readonly userId: string;
  readonly cookie: string;
  readonly channel: boolean;
}
interface Job {
  readonly borrower: Borrower;
  /** A channel payer's reference of this round: the provider's payment request id and our reference. */
  readonly reference?: { pr: string; reference: string };
}

async function seed(t: TestApp, shards: number) {
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const { member, loanId } = await disbursedLoan(t, officer, checker);
  const today = philippineDate(t.clock.now());
  if (EXTRA_MEMBERS > 0) {
    await t.deps.db.execute(sql`
      insert into users (phone, email, full_name, password_hash, employment_country, employment_location, job_title, job_category,
                         monthly_net_income_centavos, email_verified_at, account_state)
      select '+6397' || lpad(g::text, 8, '0'), 'member' || g || '@example.com', 'Member ' || g, 'x', 'PH', 'Manila', 'Clerk', 'Office',
             2500000, now(), 'INFO_COMPLETED'
        from generate_series(1, ${EXTRA_MEMBERS}::int) g`);
    await t.deps.db.execute(sql`analyze users`);
  }
  const specs = generateBook(1, LOANS, { payments: false, charges: false, maxShift: 150, fresh: 0.02, behind: 0, shards });
  const ids = await seedBook(t, { loanId, userId: member.userId }, specs, today, { ledger: true, tag: 'payday' });
  const rows = await t.deps.db.execute<{ id: string; member_id: string }>(
    sql`select id::text, member_id::text from loans where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const memberOf = new Map(rows.rows.map((r) => [r.id, r.member_id]));
  const borrowers: Borrower[] = [];
  for (const [i, id] of ids.entries()) {
    const userId = memberOf.get(id)!;
    const channel = i % 2 === 1;
    if (!channel) await topUp(t, userId, INSTALMENT_CENTAVOS * 5n);
    const session = await createSession(t.deps.db, t.clock, { userId, persistent: false, ip: '127.0.0.1', userAgent: 'bench' });
    borrowers.push({ userId, cookie: `${SESSION_COOKIE}=${session.token}`, channel });
  }
  await t.deps.db.execute(sql.raw('analyze'));
  return borrowers;
}

/** This round's references of the channel payers, confirmed at the provider (the borrower paid). */
async function references(t: TestApp, fake: FakeXendit, borrowers: Borrower[]): Promise<Map<string, { pr: string; reference: string }>> {
  const out = new Map<string, { pr: string; reference: string }>();
  await runPool(
    borrowers.filter((b) => b.channel),
    async (b) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loans/current/channel-payments',
        payload: { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount: INSTALMENT },
        headers: { cookie: b.cookie, 'idempotency-key': newKey() },
      });
      if (res.statusCode !== 201) throw new Error(`reference refused: ${res.statusCode} ${res.body}`);
      const payment = res.json().payment as { id: string; reference: string };
      const [row] = await t.deps.db
        .select({ pr: channelPayments.providerPaymentId })
        .from(channelPayments)
        .where(sql`${channelPayments.id} = ${payment.id}`);
      Object.assign(fake.paymentRequests.get(row!.pr!)!, { status: 'SUCCEEDED' });
      out.set(b.userId, { pr: row!.pr!, reference: payment.reference });
    },
    4,
  );
  return out;
}

/** Samples what the database's backends of the app wait on, every 10 ms, until stopped. */
function waitSampler(admin: pg.Client, database: string) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await admin.query<{ w: string; n: string }>(
        `select coalesce(wait_event_type || '/' || wait_event, 'CPU (running)') as w, count(*)::text as n
           from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid() group by 1`,
        [database],
      );
      samples += 1;
      for (const r of res.rows) counts.set(r.w, (counts.get(r.w) ?? 0) + Number(r.n));
      const idle = await admin.query<{ n: string }>(`select count(*)::text as n from pg_stat_activity where datname = $1 and state = 'idle in transaction'`, [
        database,
      ]);
      counts.set('idle in transaction (waits for Node)', (counts.get('idle in transaction (waits for Node)') ?? 0) + Number(idle.rows[0]!.n));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return async () => {
    running = false;
    await loop;
    // Average backends in each state per sample.
    return Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round((v / Math.max(1, samples)) * 100) / 100]));
  };
}

async function statementsReset(admin: pg.Client): Promise<boolean> {
  try {
    await admin.query('select pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

async function topStatements(admin: pg.Client, database: string) {
  const res = await admin.query<{ query: string; calls: string; total: string; mean: string }>(
    `select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query, calls::text, round(total_exec_time)::text as total, round(mean_exec_time::numeric, 2)::text as mean
       from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = $1 order by total_exec_time desc limit 12`,
    [database],
  );
  return res.rows.map((r) => ({ totalMs: Number(r.total), calls: Number(r.calls), meanMs: Number(r.mean), query: r.query }));
}

async function round(t: TestApp, fake: FakeXendit, borrowers: Borrower[], concurrency: number, seedRandom: number) {
  const refs = await references(t, fake, borrowers);
  const rnd = prng(seedRandom);
  const jobs: Job[] = borrowers.map((b) => ({ borrower: b, ...(b.channel ? { reference: refs.get(b.userId)! } : {}) }));
  for (let i = jobs.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
  }
  const latencies = { wallet: [] as number[], channel: [] as number[] };
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs();
  const started = performance.now();
  await runPool(
    jobs,
    async (job) => {
      const t0 = performance.now();
      if (job.reference) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/callbacks/xendit/payments',
          payload: {
            event: 'payment.succeeded',
            data: { payment_request_id: job.reference.pr, reference_id: job.reference.reference, amount: 34334, currency: 'PHP', status: 'SUCCEEDED' },
          },
          headers: { 'x-callback-token': CALLBACK_TOKEN },
        });
        latencies.channel.push(performance.now() - t0);
        if (res.statusCode !== 200 || res.json().outcome !== 'POSTED') throw new Error(`callback not posted: ${res.statusCode} ${res.body}`);
      } else {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/loans/current/payments',
          payload: { amount: INSTALMENT },
          headers: { cookie: job.borrower.cookie, 'idempotency-key': randomUUID() },
        });
        latencies.wallet.push(performance.now() - t0);
        if (res.statusCode !== 201) throw new Error(`payment refused: ${res.statusCode} ${res.body}`);
      }
    },
    concurrency,
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const pgCpuAfter = postgresCpuMs();
  const all = [...latencies.wallet, ...latencies.channel].sort((a, b) => a - b);
  latencies.wallet.sort((a, b) => a - b);
  latencies.channel.sort((a, b) => a - b);
  return {
    count: jobs.length,
    perSecond: Math.round(jobs.length / seconds),
    p50Ms: Math.round(percentile(all, 50)),
    p99Ms: Math.round(percentile(all, 99)),
    // Node's CPU (user + system, this process: the app, the fake provider and the bench's client) per payment: holds on a loaded machine.
    nodeCpuMsPerPayment: Math.round(((used.user + used.system) / 1000 / jobs.length) * 10) / 10,
    // PostgreSQL's CPU (every postgres process on this machine, the wait sampler's queries included) per payment.
    postgresCpuMsPerPayment: pgCpu === null || pgCpuAfter === null ? null : Math.round(((pgCpuAfter - pgCpu) / jobs.length) * 10) / 10,
    wallet: { count: latencies.wallet.length, p50Ms: Math.round(percentile(latencies.wallet, 50)), p99Ms: Math.round(percentile(latencies.wallet, 99)) },
    channel: { count: latencies.channel.length, p50Ms: Math.round(percentile(latencies.channel, 50)), p99Ms: Math.round(percentile(latencies.channel, 99)) },
  };
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const started = new Date().toISOString();
const loadBefore = loadAverage();
const runs: Record<string, unknown>[] = [];
const checks: Record<string, unknown>[] = [];
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
const fake = await startFakeXendit();
for (const shards of SHARD_COUNTS) {
  const t = await createTestApp(
    {},
    {
      LEDGER_SYSTEM_SHARDS: String(shards),
      COLLECTION_PROVIDER: 'xendit',
      XENDIT_API_URL: fake.url,
      XENDIT_SECRET_KEY: FAKE_SECRET_KEY,
      XENDIT_CALLBACK_TOKEN: CALLBACK_TOKEN,
    },
    { maxConnections: MAX_CONNECTIONS },
  );
  try {
    const database = (await t.deps.db.execute<{ d: string }>(sql`select current_database() as d`)).rows[0]!.d;
    const seedStarted = performance.now();
    const borrowers = await seed(t, shards);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const wallets = await baselineWallets(t);
    for (const [i, connections] of CONNECTION_COUNTS.entries()) {
      const load = loadAverage();
      const statements = WAITS && (await statementsReset(admin));
      const stop = WAITS ? waitSampler(admin, database) : null;
      const paid = await round(t, fake, borrowers, connections, i + 1);
      const waits = stop ? await stop() : undefined;
      const top = statements ? await topStatements(admin, database) : undefined;
      const ledger = await ledgerTransfers(t, { concurrency: connections, shards, count: BASELINE_TRANSFERS, wallets });
      const row = {
        shards,
        connections,
        loadAverage: load,
        seedSeconds,
        ...paid,
        ledgerTransfersPerSecond: ledger.perSecond,
        paymentsPerLedgerTransfer: Math.round((paid.perSecond / ledger.perSecond) * 100) / 100,
        backendsWaitingOn: waits,
        topStatements: top,
      };
      console.log(JSON.stringify({ ...row, topStatements: undefined }));
      runs.push(row);
    }
    const check = await checkLedger(t.deps.db);
    checks.push({ shards, ok: check.ok, problems: check.problems.slice(0, 5) });
    console.log(JSON.stringify({ shards, ledgerCheck: check.ok, problems: check.problems.slice(0, 5) }));
  } finally {
    await t.close(); // drops the temporary database
  }
}
await fake.close();
await admin.end();

const result = {
  date: started,
  machine: machine(),
  server: PG_ADMIN.replace(/\/\/[^@]*@/, '//'),
  loadAverage: { start: loadBefore, end: loadAverage() },
  loans: LOANS,
  extraMembers: EXTRA_MEMBERS,
  baselineTransfersPerConnectionCount: BASELINE_TRANSFERS,
  runs,
  ledgerCheck: checks,
};
const json = `${JSON.stringify(result, null, 2)}\n`;
const out = process.env.BENCH_OUT ?? `payments-${started.slice(0, 10)}-payday`;
writeFileSync(path.resolve(`bench/results/${out}.json`), json);
writeFileSync(path.resolve('bench/results/payments-latest.json'), json);
console.log(`written bench/results/${out}.json`);
