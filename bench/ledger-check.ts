import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ensureDatabase, openApp, PG_ADMIN } from './seed-large';
import { loadAverage, machine } from './common';
import { createStaff } from '../tests/fixtures/loans';
import { disbursedLoan } from '../tests/fixtures/repayments';
import { seedBook, type LoanSpec } from '../tests/fixtures/book';
import { openDatabase, type DbOrTx } from '../src/server/db/client';
import { ensureSystemAccount, type SystemAccount } from '../src/server/ledger';
import { CHECK_SETTINGS, checkLedger, type LedgerCheckResult } from '../src/server/ledger/check';

/**
 * ledger:check on a large ledger on PostgreSQL (decision 087). For each size in LCHECK_SIZES (ledger
 * entries, default 1,000,000 and 10,000,000) a loan book is seeded with set-based SQL: one loan
 * disbursed through the API, cloned (tests/fixtures/book.ts) into enough loans, each with its own
 * member and wallet, its disbursement (receivable, wallet, fee income), a payment of each line it
 * has paid (the member's top-up to the wallet, then the payment's transfer: wallet to receivable,
 * interest and fee income, with its allocations), and for one loan in three a late charge (booked,
 * then owed, waived or paid), every system account on the loan's shard of 8. The check runs once
 * clean (it must find nothing), then with an imbalance planted in a transaction rolled back after
 * (one entry's amount raised by a centavo: it must find it). At LCHECK_AB_ENTRIES (100,000) the
 * check of before this decision (commit LCHECK_BEFORE, extracted to a temporary directory) and this
 * one run alternately on the same book, LCHECK_ROUNDS (2) times each: the ratio.
 *
 *   npx tsx bench/ledger-check.ts      LCHECK_SIZES=1000000 LCHECK_AB_ENTRIES=0 LCHECK_KEEP=1
 *
 * Writes bench/results/ledger-check-DATE.json and .md with the machine, its load before and after
 * each run, and the time of each of the check's statements in the clean run (LCHECK_PROFILE=0: not).
 */
const SIZES = (process.env.LCHECK_SIZES ?? '1000000,10000000').split(',').filter(Boolean).map(Number);
const AB_ENTRIES = Number(process.env.LCHECK_AB_ENTRIES ?? 100_000);
const ROUNDS = Number(process.env.LCHECK_ROUNDS ?? 2);
const BEFORE = process.env.LCHECK_BEFORE ?? '76e8f56';
/** Seconds the check of before may take on one statement before it is stopped (it is then reported as not finished). */
const BEFORE_TIMEOUT = Number(process.env.LCHECK_BEFORE_TIMEOUT ?? 600);
const PREFIX = process.env.LCHECK_DB_PREFIX ?? 'tapat_lcheck';
const KEEP = process.env.LCHECK_KEEP === '1';
const PROFILE = process.env.LCHECK_PROFILE !== '0';
/** LCHECK_REUSE=1: a database kept by LCHECK_KEEP=1 is checked again without seeding; LCHECK_SEED_ONLY=1: seed (and keep) only. */
const REUSE = process.env.LCHECK_REUSE === '1';
const SEED_ONLY = process.env.LCHECK_SEED_ONLY === '1';
/** The planted run at sizes up to LCHECK_PLANT_MAX entries only (default all). */
const PLANT_MAX = Number(process.env.LCHECK_PLANT_MAX ?? Infinity);
const DAY = '2026-11-23';
const SHARDS = 8;

type Check = (db: DbOrTx) => Promise<LedgerCheckResult>;

function urlOf(name: string, options?: string): string {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  if (options) url.searchParams.set('options', options);
  return url.toString();
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

/** The check of commit BEFORE, from `git archive` into a temporary directory with this checkout's node_modules linked. */
async function checkBefore(): Promise<Check> {
  const dir = path.join(os.tmpdir(), `tapat-lcheck-before-${BEFORE}`);
  if (!existsSync(path.join(dir, 'src'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${BEFORE} src package.json tsconfig.json | tar -x -C ${dir}`]);
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  }
  const mod = (await import(pathToFileURL(path.join(dir, 'src/server/ledger/check.ts')).href)) as { checkLedger: Check };
  return mod.checkLedger;
}

/** Entries a loan gets on average for a schedule of `term` lines (see seed): disbursement 2 or 3, each paid line 5 or 6 (top-up and payment), the charges about 1.3. */
function entriesPerLoan(term: number): number {
  return 2 + 5 * (term / 2) + 1.3;
}

/** Seeds the book; answers its counts and the seconds of each step. */
async function seed(name: string, entries: number) {
  const db = await ensureDatabase(name, REUSE);
  const steps: Record<string, number> = {};
  if (db.existed) return { db, term: 0, steps: { reused: 0 }, counts: await countsOf(db.url) };
  let started = performance.now();
  const t = await openApp(db.url);
  let term = 0;
  let template = '';
  try {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    template = loanId;
    term = Number((await t.deps.db.execute<{ n: string }>(sql`select count(*)::text as n from loan_instalments where loan_id = ${loanId}`)).rows[0]!.n);
    const loans = Math.max(1, Math.round(entries / entriesPerLoan(term)) - 1);
    // Paid lines 0..term, uniform; shards 0..7; no earlier charges (the seed books its own below).
    let x = 12345;
    const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296;
    const specs: LoanSpec[] = Array.from({ length: loans }, () => ({
      shift: Math.floor(rnd() * 330),
      shard: Math.floor(rnd() * SHARDS),
      lastRunAgo: 1,
      paidLines: Math.floor(rnd() * (term + 1)),
      shortBy: null,
      priorCharges: 'NONE',
      markedOverdue: false,
    }));
    for (const kind of [
      'LOANS_RECEIVABLE',
      'FEE_INCOME',
      'INTEREST_INCOME',
      'LATE_CHARGES_RECEIVABLE',
      'PENALTY_INCOME',
      'COLLECTION_CLEARING',
    ] as SystemAccount[])
      for (let s = 0; s < SHARDS; s += 1) await ensureSystemAccount(t.deps.db, kind, s);
    await seedBook(t, { loanId, userId: member.userId }, specs, DAY, { ledger: false, tag: 'lcheck' });
    steps.loans = seconds(started);
  } finally {
    await t.close();
  }

  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const q = async (label: string, text: string) => {
    const s = performance.now();
    await c.query(text);
    steps[label] = (steps[label] ?? 0) + seconds(s);
  };
  try {
    // Bulk load: no foreign-key triggers, the large tables' indexes dropped and built again at the end.
    await c.query(`set session_replication_role = replica; set maintenance_work_mem = '512MB'; set work_mem = '256MB'; set synchronous_commit = off`);
    const indexes = (
      await c.query<{ def: string; name: string }>(
        `select pg_get_indexdef(i.indexrelid) as def, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
          where t.relname in ('ledger_entries', 'ledger_transfers', 'loan_payment_allocations', 'loan_payments') and not i.indisprimary`,
      )
    ).rows;
    started = performance.now();
    for (const i of indexes) await c.query(`drop index ${i.name}`);
    await c.query(`alter table ledger_entries drop constraint ledger_entries_pkey`);
    await c.query(`alter table loan_payment_allocations drop constraint loan_payment_allocations_pkey`);

    await q(
      'work tables',
      `create unlogged table lc_loans as
         select l.id as loan_id, l.member_id, l.ledger_shard as shard, l.disbursed_at as at, gen_random_uuid() as disbursement_id, gen_random_uuid() as wallet_id,
                coalesce(max(i.number) filter (where i.paid_on is not null), 0) as paid_lines,
                (hashtext(l.id::text) & 2147483647) % 9 as charge_kind
           from loans l join loan_instalments i on i.loan_id = l.id
          where l.id <> '${template}'
          group by l.id;
       create unlogged table lc_accounts as
         select kind, shard, id from (
           select kind, case when code like '%:%' then split_part(code, ':', 2)::int else 0 end as shard, id
             from ledger_accounts where owner_user_id is null) a;
       create unique index on lc_accounts (kind, shard);`,
    );
    // The template's disbursement: principal to the receivable, net proceeds to the wallet, fees deducted to fee income.
    const [tpl] = (
      await c.query<{ principal: string; net: string; fees: string }>(
        `select coalesce(sum(e.amount) filter (where a.kind = 'LOANS_RECEIVABLE'), 0)::text as principal,
                coalesce(sum(e.amount) filter (where a.kind = 'MEMBER_WALLET'), 0)::text as net,
                coalesce(sum(e.amount) filter (where a.kind = 'FEE_INCOME'), 0)::text as fees
           from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where e.transfer_id = (select disbursement_transfer_id from loans where id = '${template}')`,
      )
    ).rows;
    const acct = (kind: string, shard = 'x.shard') => `(select id from lc_accounts where kind = '${kind}' and shard = ${shard})`;
    await q(
      'wallets',
      `insert into ledger_accounts (id, code, kind, name, owner_user_id, normal_balance, allow_negative)
         select wallet_id, 'MEMBER_WALLET:' || member_id, 'MEMBER_WALLET', 'Member wallet', member_id, 'CREDIT', false from lc_loans`,
    );
    await q(
      'disbursements',
      `insert into ledger_transfers (id, idempotency_key, request_hash, type, code, reference, description, created_at)
         select disbursement_id, 'loan-disbursement:' || loan_id, 'bench', 'POSTED', 'LOAN_DISBURSEMENT', loan_id::text, 'Loan disbursed', at from lc_loans;
       insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
         select x.disbursement_id, v.account_id, v.direction, v.amount, 'POSTED', x.at
           from lc_loans x cross join lateral (values (${acct('LOANS_RECEIVABLE')}, 'DEBIT', ${tpl!.principal}::bigint),
                                                      (x.wallet_id, 'CREDIT', ${tpl!.net}::bigint),
                                                      (${acct('FEE_INCOME')}, 'CREDIT', ${tpl!.fees}::bigint)) as v(account_id, direction, amount)
          where v.amount > 0;
       update loans l set disbursement_transfer_id = x.disbursement_id from lc_loans x where l.id = x.loan_id;`,
    );
    // A payment for each paid line; one loan in three also has a late charge on its first unpaid line: owed, waived, or paid by its own payment.
    await q(
      'payments',
      `create unlogged table lc_payments as
         select gen_random_uuid() as payment_id, gen_random_uuid() as transfer_id, gen_random_uuid() as topup_id, x.loan_id, x.shard, x.wallet_id,
                i.number as line, i.principal, i.interest, i.fees, i.principal + i.interest + i.fees as amount, null::uuid as charge_id,
                (i.paid_on::timestamp + interval '9 hours') at time zone 'Asia/Manila' as at
           from lc_loans x join loan_instalments i on i.loan_id = x.loan_id and i.number <= x.paid_lines;
       create unlogged table lc_charges as
         select gen_random_uuid() as charge_id, gen_random_uuid() as transfer_id, case when x.charge_kind = 1 then gen_random_uuid() end as waive_id,
                x.loan_id, x.shard, x.wallet_id, i.number as line, 17167::bigint as amount, x.charge_kind,
                ((i.due_date + 4)::timestamp + interval '9 hours') at time zone 'Asia/Manila' as at
           from lc_loans x join loan_instalments i on i.loan_id = x.loan_id and i.number = x.paid_lines + 1
          where x.charge_kind < 3;
       insert into loan_charges (id, loan_id, line_number, kind, business_date, amount, paid, basis, transfer_id, waived_at, waive_reason_code, waive_transfer_id)
         select charge_id, loan_id, line, 'PENALTY_INTEREST', (at at time zone 'Asia/Manila')::date, amount, case when charge_kind = 2 then amount else 0 end, '{}'::jsonb,
                transfer_id, case when charge_kind = 1 then at + interval '3 days' end, case when charge_kind = 1 then 'GOODWILL' end, waive_id
           from lc_charges;
       insert into lc_payments (payment_id, transfer_id, topup_id, loan_id, shard, wallet_id, line, principal, interest, fees, amount, charge_id, at)
         select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), loan_id, shard, wallet_id, line, 0, 0, 0, amount, charge_id, at + interval '2 days'
           from lc_charges where charge_kind = 2;`,
    );
    await q(
      'payment transfers',
      `insert into ledger_transfers (id, idempotency_key, request_hash, type, code, reference, description, created_at)
         select topup_id, 'topup:' || payment_id, 'bench', 'POSTED', 'CHANNEL_PAYMENT_TO_WALLET', null, 'Top-up', at - interval '1 minute' from lc_payments
         union all
         select transfer_id, 'loan-payment:' || payment_id, 'bench', 'POSTED', 'LOAN_REPAYMENT', loan_id::text, 'Payment', at from lc_payments;
       insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
         select p.topup_id, v.account_id, v.direction, p.amount, 'POSTED', p.at - interval '1 minute'
           from lc_payments p
          cross join lateral (values (${acct('COLLECTION_CLEARING', 'p.shard')}, 'DEBIT'), (p.wallet_id, 'CREDIT')) as v(account_id, direction)
         union all
         select x.transfer_id, v.account_id, v.direction, v.amount, 'POSTED', x.at
           from lc_payments x
          cross join lateral (values (x.wallet_id, 'DEBIT', x.amount), (${acct('LOANS_RECEIVABLE')}, 'CREDIT', x.principal),
                                     (${acct('INTEREST_INCOME')}, 'CREDIT', x.interest), (${acct('FEE_INCOME')}, 'CREDIT', x.fees),
                                     (${acct('LATE_CHARGES_RECEIVABLE')}, 'CREDIT', case when x.charge_id is not null then x.amount else 0 end)) as v(account_id, direction, amount)
          where v.amount > 0;
       insert into loan_payments (id, loan_id, source, kind, status, amount, idempotency_key, received_at, actor_role, transfer_id, created_at)
         select payment_id, loan_id, 'WALLET', 'PAYMENT', 'POSTED', amount, 'bench:' || payment_id, at, 'MEMBER', transfer_id, at from lc_payments;
       insert into loan_payment_allocations (payment_id, loan_id, line_number, component, charge_id, amount)
         select x.payment_id, x.loan_id, x.line, v.component, x.charge_id, v.amount
           from lc_payments x
          cross join lateral (values ('PRINCIPAL', x.principal), ('INTEREST', x.interest), ('FEES', x.fees),
                                     ('CHARGE', case when x.charge_id is not null then x.amount else 0 end)) as v(component, amount)
          where v.amount > 0;`,
    );
    await q(
      'charge transfers',
      `insert into ledger_transfers (id, idempotency_key, request_hash, type, code, reference, description, created_at)
         select transfer_id, 'loan-charge:' || charge_id, 'bench', 'POSTED', 'LOAN_LATE_CHARGE', loan_id::text, 'Late charge', at from lc_charges
         union all
         select waive_id, 'loan-charge-waiver:' || charge_id, 'bench', 'POSTED', 'LOAN_CHARGE_WAIVER', loan_id::text, 'Waived', at + interval '3 days'
           from lc_charges where waive_id is not null;
       insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
         select x.transfer_id, v.account_id, v.direction, x.amount, 'POSTED', x.at
           from lc_charges x cross join lateral (values (${acct('LATE_CHARGES_RECEIVABLE')}, 'DEBIT'), (${acct('PENALTY_INCOME')}, 'CREDIT')) as v(account_id, direction)
         union all
         select x.waive_id, v.account_id, v.direction, x.amount, 'POSTED', x.at + interval '3 days'
           from lc_charges x cross join lateral (values (${acct('PENALTY_INCOME')}, 'DEBIT'), (${acct('LATE_CHARGES_RECEIVABLE')}, 'CREDIT')) as v(account_id, direction)
          where x.waive_id is not null;`,
    );
    await q(
      'account sums',
      `update ledger_accounts a set debits_posted = s.debits, credits_posted = s.credits, debits_pending = 0, credits_pending = 0
         from (select account_id, coalesce(sum(amount) filter (where direction = 'DEBIT'), 0) as debits, coalesce(sum(amount) filter (where direction = 'CREDIT'), 0) as credits
                 from ledger_entries where phase = 'POSTED' group by account_id) s
        where s.account_id = a.id`,
    );
    const s = performance.now();
    await c.query(`alter table ledger_entries add primary key (id)`);
    await c.query(`alter table loan_payment_allocations add primary key (id)`);
    for (const i of indexes) await c.query(i.def);
    steps.indexes = seconds(s);
    await q('drop work tables, analyze', `drop table lc_loans, lc_accounts, lc_payments, lc_charges; analyze`);
    steps.total = seconds(started) + (steps.loans ?? 0);
  } finally {
    await c.end();
  }
  return { db, term, steps, counts: await countsOf(db.url) };
}

async function countsOf(url: string) {
  const k = new pg.Client({ connectionString: url });
  await k.connect();
  const counts = (
    await k.query<{ loans: string; entries: string; transfers: string; accounts: string }>(
      `select (select count(*) from loans)::text as loans, (select count(*) from ledger_entries)::text as entries,
              (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_accounts)::text as accounts`,
    )
  ).rows[0]!;
  await k.end();
  return counts;
}

/** Runs `check` on a fresh connection to `name`, timed; with `plant`, inside a transaction that plants an imbalance first and is rolled back. */
async function run(name: string, check: Check, options: { plant?: boolean; profile?: boolean; timeoutSeconds?: number; snapshot?: boolean } = {}) {
  const database = await openDatabase({
    databaseUrl: urlOf(name, options.timeoutSeconds ? `-c statement_timeout=${options.timeoutSeconds * 1000}` : undefined),
  });
  const statements: { sql: string; ms: number }[] = [];
  const loadBefore = loadAverage();
  const started = performance.now();
  let result: LedgerCheckResult | null = null;
  let error: string | null = null;
  let planted: string | null = null;
  const timed = (db: DbOrTx): DbOrTx =>
    options.profile
      ? (new Proxy(db, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver) as unknown;
            if (prop !== 'execute' || typeof value !== 'function') return value;
            return async (query: { queryChunks?: { value?: string[] }[] }) => {
              const s = performance.now();
              const out = (await (value as (q: unknown) => Promise<unknown>).call(target, query)) as unknown;
              const text = (query.queryChunks ?? []).map((c) => c.value?.join('') ?? '?').join('');
              statements.push({ sql: text.replace(/\s+/g, ' ').trim().slice(0, 90), ms: Math.round(performance.now() - s) });
              return out;
            };
          },
        }) as DbOrTx)
      : db;
  class Rollback extends Error {}
  try {
    if (options.plant || options.snapshot) {
      // As npm run ledger:check runs it on PostgreSQL (checkLedgerSnapshot), with a transaction of its own to plant in and roll back.
      await database.db
        .transaction(
          async (tx) => {
            if (options.snapshot) await tx.execute(sql.raw(CHECK_SETTINGS));
            if (options.plant) {
              // One entry of a repayment a centavo too large: its transfer no longer balances, nor the account's cached sums.
              const [row] = (
                await tx.execute<{ id: string; transfer_id: string }>(
                  sql`update ledger_entries set amount = amount + 1
                       where id = (select e.id from ledger_entries e join ledger_transfers t on t.id = e.transfer_id where t.code = 'LOAN_REPAYMENT' and e.direction = 'CREDIT' limit 1)
                       returning id::text, transfer_id::text`,
                )
              ).rows;
              planted = row ? `entry ${row.id} of transfer ${row.transfer_id} + 1 centavo` : 'no repayment entry found';
            }
            result = await check(timed(tx));
            if (options.plant) throw new Rollback();
          },
          options.plant ? undefined : { isolationLevel: 'repeatable read', accessMode: 'read only' },
        )
        .catch((e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
        });
    } else {
      result = await check(timed(database.db));
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  } finally {
    await database.close();
  }
  const r = result as LedgerCheckResult | null;
  return {
    seconds: seconds(started),
    loadBefore,
    loadAfter: loadAverage(),
    ok: r?.ok ?? null,
    problems: r ? r.problems.length : null,
    firstProblems: r ? r.problems.slice(0, 6) : null,
    counts: r?.counts ?? null,
    error,
    planted,
    statements: options.profile ? statements : undefined,
  };
}

const date = new Date().toISOString();
const nproc = execFileSync('nproc').toString().trim();
const out: Record<string, unknown> = {
  date,
  machine: machine(),
  nproc,
  loadavgStart: execFileSync('cat', ['/proc/loadavg']).toString().trim(),
  note: 'Each run records the load averages before and after it (2 cores): a figure taken at a load above 2 shares the machine; only the ratio of runs alternated in one process holds then.',
  before: BEFORE,
};
const results: Record<string, unknown>[] = [];
out.results = results;
const file = `bench/results/ledger-check-${date.slice(0, 10)}${process.env.LCHECK_TAG ? `-${process.env.LCHECK_TAG}` : ''}`;
const save = () => writeFileSync(`${file}.json`, `${JSON.stringify(out, null, 2)}\n`);

if (AB_ENTRIES > 0) {
  const name = `${PREFIX}_ab`;
  const seeded = await seed(name, AB_ENTRIES);
  console.log(JSON.stringify({ ab: true, seed: seeded.steps, counts: seeded.counts }));
  const old = await checkBefore();
  const rounds: { round: number; after: Awaited<ReturnType<typeof run>>; before: Awaited<ReturnType<typeof run>> }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Alternated, the order swapped each round.
    const first = round % 2 === 1 ? 'after' : 'before';
    const a = first === 'after' ? await run(name, checkLedger, { snapshot: true }) : await run(name, old, { timeoutSeconds: BEFORE_TIMEOUT });
    const b = first === 'after' ? await run(name, old, { timeoutSeconds: BEFORE_TIMEOUT }) : await run(name, checkLedger, { snapshot: true });
    const r = first === 'after' ? { round, after: a, before: b } : { round, after: b, before: a };
    rounds.push(r);
    console.log(JSON.stringify({ round, after: r.after.seconds, before: r.before.seconds, beforeError: r.before.error, load: r.after.loadBefore }));
  }
  const plantedBefore = await run(name, old, { plant: true, timeoutSeconds: BEFORE_TIMEOUT });
  const plantedAfter = await run(name, checkLedger, { plant: true, snapshot: true });
  results.push({ ab: true, entriesTarget: AB_ENTRIES, seed: seeded.steps, counts: seeded.counts, term: seeded.term, rounds, plantedBefore, plantedAfter });
  save();
  if (!KEEP) await seeded.db.drop();
}

for (const size of SIZES) {
  const name = `${PREFIX}_${size}`;
  const loadBeforeSeed = loadAverage();
  const seeded = await seed(name, size);
  console.log(JSON.stringify({ size, seed: seeded.steps, counts: seeded.counts, loadBeforeSeed, loadAfterSeed: loadAverage() }));
  if (SEED_ONLY) continue;
  const clean = await run(name, checkLedger, { profile: PROFILE, snapshot: true });
  console.log(JSON.stringify({ size, clean: { ...clean, statements: undefined } }));
  const planted = size <= PLANT_MAX ? await run(name, checkLedger, { plant: true, snapshot: true }) : 'not run at this size (LCHECK_PLANT_MAX)';
  console.log(JSON.stringify({ size, planted }));
  results.push({ entriesTarget: size, seed: seeded.steps, counts: seeded.counts, term: seeded.term, loadBeforeSeed, clean, planted });
  save();
  if (!KEEP) await seeded.db.drop();
}
out.loadavgEnd = execFileSync('cat', ['/proc/loadavg']).toString().trim();
save();
console.log(`written ${file}.json`);
