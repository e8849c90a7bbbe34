import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ensureDatabase, openApp, PG_ADMIN } from './seed-large';
import { createStaff } from '../tests/fixtures/loans';
import { disbursedLoan, travelTo } from '../tests/fixtures/repayments';
import { generateBook, generateLenderBook, seedBook } from '../tests/fixtures/book';
import { addDays } from '../src/shared/loan/day';
import { checkLedger } from '../src/server/ledger/check';

/**
 * The set-based night's servicing pass (daily-batch.ts, decision 077) on a generated book on
 * PostgreSQL: for each size in NIGHT_SIZES (default 10,000 and 100,000) a book is seeded with SQL
 * (tests/fixtures/book.ts: a loan of each product disbursed through the API, cloned with its
 * disbursement transfer and its payments on the clone's shard; NIGHT_BOOK below says which book),
 * copied (CREATE DATABASE ... TEMPLATE), and the pass of 2026-11-23 run by one process on one copy
 * and by two processes at once on the other (bench/servicing-night-worker.ts). ledger:check runs
 * on the two-process copy after the pass (sizes up to NIGHT_CHECK_MAX).
 *
 *   npx tsx bench/servicing-night.ts     NIGHT_SIZES=10000 NIGHT_BATCH=500 NIGHT_SEED=1
 */
const SIZES = (process.env.NIGHT_SIZES ?? '10000,100000').split(',').map(Number);
const SEED = Number(process.env.NIGHT_SEED ?? 1);
const BATCH = Number(process.env.NIGHT_BATCH ?? 500);
const DAY = '2026-11-23';
const CHECK_MAX = Number(process.env.NIGHT_CHECK_MAX ?? 1000);
/** The process counts to run a pass with, each on its own copy of the book (default 1,2). */
const PROCESSES = (process.env.NIGHT_PROCESSES ?? '1,2').split(',').filter(Boolean).map(Number);
/** NIGHT_KEEP=1 keeps the seeded book (database PREFIX_size) for profiling by hand. */
const KEEP = process.env.NIGHT_KEEP === '1';
/** A name for this run's results file (bench/results/servicing-night-DATE-TAG.json). */
const TAG = process.env.NIGHT_TAG ?? '';
/**
 * NIGHT_CATCHUP=n (sizes up to NIGHT_CATCHUP_MAX, default 10,000): also a pass by one process with the
 * clock n - 1 days later, on another copy: an outage of n nights caught up, each missed day in order.
 */
const CATCHUP = Number(process.env.NIGHT_CATCHUP ?? 0);
const CATCHUP_MAX = Number(process.env.NIGHT_CATCHUP_MAX ?? 10_000);
/**
 * NIGHT_BOOK: `lender` (default) a lender's book (tests/fixtures/book.ts generateLenderBook): most
 * loans paid up to date with their payments in the ledger, the rest over the arrears buckets, 80 %
 * personal loans (PHP 200,000 over 6 months) and 20 % SEC small loans (PHP 10,000 over 4 months);
 * `unpaid` the book of decision 077's figures, where no loan has paid anything (so every loan past
 * its first due date is in arrears and the first night charges every overdue line of every loan).
 */
const BOOK = process.env.NIGHT_BOOK === 'unpaid' ? 'unpaid' : 'lender';
const SMALL_SHARE = 0.2;
const SMALL_LOAN = { amount: '10000.00', term: 4, selectedCurrency: 'PHP', productCode: 'SMALL', productVersion: 1 };
/** The templates' terms in days (6 and 4 months): a loan of the book is somewhere in its life. */
const PERSONAL_TERM_DAYS = 182;
const SMALL_TERM_DAYS = 120;
const run = promisify(execFile);
/** The databases' name prefix (helpers sharing one server each use their own). */
const PREFIX = process.env.NIGHT_DB_PREFIX ?? 'night_bench';

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pass(name: string, processes: number, day = DAY) {
  const started = performance.now();
  const outs = await Promise.all(
    Array.from({ length: processes }, () =>
      run('npx', ['tsx', 'bench/servicing-night-worker.ts'], {
        env: { ...process.env, NIGHT_DATABASE_URL: urlOf(name), NIGHT_DAY: day, NIGHT_BATCH: String(BATCH) },
        maxBuffer: 1 << 24,
      }),
    ),
  );
  const wall = (performance.now() - started) / 1000;
  const workers = outs.map(
    (o) => JSON.parse(o.stdout.trim().split('\n').at(-1)!) as { seconds: number; days: number; charges: number; reminders: number; transitions: number },
  );
  const sum = (k: 'days' | 'charges' | 'reminders' | 'transitions') => workers.reduce((s, w) => s + w[k], 0);
  const passSeconds = Math.max(...workers.map((w) => w.seconds));
  return {
    processes,
    passSeconds: Math.round(passSeconds * 10) / 10,
    wallSecondsWithStart: Math.round(wall * 10) / 10,
    days: sum('days'),
    charges: sum('charges'),
    reminders: sum('reminders'),
    transitions: sum('transitions'),
    perWorker: workers,
  };
}

async function measure(size: number) {
  const base = `${PREFIX}_${size}`;
  const db = await ensureDatabase(base, false);
  const t = await openApp(db.url);
  const seedStarted = performance.now();
  try {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    if (BOOK === 'unpaid') {
      travelTo(t, DAY);
      const specs = generateBook(SEED, size, { payments: false, charges: false, fresh: 0.02, behind: 0.01, freshAnyDate: false });
      await seedBook(t, { loanId, userId: member.userId }, specs, DAY, { ledger: true, tag: 'night' });
    } else {
      // The small loan's template is disbursed the same day, before the clock moves to the night.
      const small = await disbursedLoan(t, officer, checker, { body: SMALL_LOAN });
      travelTo(t, DAY);
      const smallCount = Math.round(size * SMALL_SHARE);
      const personal = generateLenderBook(SEED, size - smallCount, PERSONAL_TERM_DAYS);
      await seedBook(t, { loanId, userId: member.userId }, personal, DAY, { ledger: true, tag: 'night' });
      const smalls = generateLenderBook(SEED + 1, smallCount, SMALL_TERM_DAYS);
      await seedBook(t, { loanId: small.loanId, userId: small.member.userId }, smalls, DAY, { ledger: true, tag: 'night_small', phoneOffset: size });
    }
    // The template loan itself is serviced by the pass too (it is a real disbursed loan).
    await t.deps.db.execute(sql.raw('analyze'));
  } finally {
    await t.close();
  }
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const copies = PROCESSES.map((n) => `${base}_p${n}`);
  await admin(async (c) => {
    for (const copy of copies) {
      await c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${copy} TEMPLATE ${base}`);
    }
  });
  const results = [];
  for (const [i, copy] of copies.entries()) {
    const load = os.loadavg()[0]!;
    const r = await pass(copy, PROCESSES[i]!);
    results.push({ ...r, loadAverageBefore: Math.round(load * 10) / 10, msPerLoan: Math.round((r.passSeconds * 1000 * 1000) / size) / 1000 });
    console.log(JSON.stringify({ size, ...results.at(-1), perWorker: undefined }));
  }
  let catchUp: (Awaited<ReturnType<typeof pass>> & { nights: number; loadAverageBefore: number; vsOneNightTimesN: number | null }) | null = null;
  if (CATCHUP > 1 && size <= CATCHUP_MAX) {
    const copy = `${base}_catchup`;
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${copy} TEMPLATE ${base}`);
    });
    const load = os.loadavg()[0]!;
    const r = await pass(copy, 1, addDays(DAY, CATCHUP - 1));
    const one = results.find((x) => x.processes === 1);
    catchUp = {
      ...r,
      nights: CATCHUP,
      loadAverageBefore: Math.round(load * 10) / 10,
      vsOneNightTimesN: one ? Math.round((r.passSeconds / (one.passSeconds * CATCHUP)) * 100) / 100 : null,
    };
    console.log(JSON.stringify({ size, catchUp: { ...catchUp, perWorker: undefined } }));
    await admin(async (c) => c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`));
  }
  // ledger:check's per-loan queries grow faster than the book (its own target is another part of the
  // work): run on sizes up to NIGHT_CHECK_MAX only.
  let check: Awaited<ReturnType<typeof checkLedger>> | null = null;
  const checkStarted = performance.now();
  if (size <= CHECK_MAX && copies.length > 0) {
    const c2 = await openApp(urlOf(copies.at(-1)!));
    check = await checkLedger(c2.deps.db);
    await c2.close();
  }
  const checkSeconds = Math.round((performance.now() - checkStarted) / 100) / 10;
  await admin(async (c) => {
    for (const copy of copies) await c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  });
  if (!KEEP) await db.drop();
  return {
    loans: size + (BOOK === 'lender' ? 2 : 1),
    seedSeconds,
    runs: results,
    catchUp,
    ledgerCheck: check ? { ok: check.ok, problems: check.problems.slice(0, 5), counts: check.counts, seconds: checkSeconds } : 'not run at this size',
  };
}

const date = new Date().toISOString();
const out: unknown[] = [];
for (const size of SIZES) {
  out.push(await measure(size));
  const result = {
    date,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, PostgreSQL on 127.0.0.1`,
    note: 'Each run records the load average before it (2 cores): a figure taken at a load above 2 shared the machine.',
    day: DAY,
    book: BOOK,
    batch: BATCH,
    seed: SEED,
    sizes: out,
  };
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(path.resolve(`bench/results/servicing-night-${date.slice(0, 10)}${TAG ? `-${TAG}` : ''}.json`), json);
  writeFileSync(path.resolve('bench/results/servicing-night-latest.json'), json);
}
console.log(JSON.stringify(out, null, 2));
