import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createStaff } from '../tests/fixtures/loans';
import { disbursedLoan, travelTo } from '../tests/fixtures/repayments';
import { runServicing } from '../src/server/modules/repayments/daily';

/**
 * The daily servicing job (src/server/modules/repayments/daily.ts, run by
 * src/server/jobs/servicing.ts) over many active loans on PostgreSQL: the time of one pass for
 * each size in BENCH_SIZES (default 10,000, 30,000, 100,000), the time per loan and how it grows.
 *
 * For each size, a fresh temporary database on BENCH_DATABASE_URL's server (default the local one,
 * dropped after): one real loan is applied for, signed and disbursed through the API (PHP 200,000
 * over 6 months, disbursed 2026-11-22) and serviced up to 2026-12-21; it is then copied with SQL
 * (generate_series) into size - 1 more borrowers and loans with the same instalment lines and the
 * same last servicing day. The pass measured is 2026-12-22, the first due date: for every loan one
 * (loan, day) claim, the servicing state read, no late charge, and one DUE_TODAY reminder SMS queued.
 * The copies have no ledger entries of their own; the pass posts nothing to the ledger on that day.
 *
 *   npx tsx bench/servicing-job.ts          BENCH_SIZES=10000,30000 to measure fewer
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SIZES ?? '10000,30000,100000').split(',').map(Number);

async function columnsOf(t: TestApp, table: string): Promise<string[]> {
  const res = await t.deps.db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return res.rows.map((r) => r.column_name);
}

/** INSERT INTO table SELECT every column of the template row (template_where), with `set` overriding some (null: the column's default). */
async function copyRows(t: TestApp, table: string, from: string, set: Record<string, string | null>, templateWhere: string): Promise<number> {
  const cols = (await columnsOf(t, table)).filter((c) => set[c] !== null);
  const select = cols.map((c) => (c in set ? `${set[c]}` : `src.${c}`));
  const res = await t.deps.db.execute(
    sql.raw(`insert into ${table} (${cols.join(', ')}) select ${select.join(', ')} from ${table} src cross join ${from} where ${templateWhere}`),
  );
  return res.rowCount ?? 0;
}

async function measure(size: number) {
  const t = await createTestApp();
  try {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    travelTo(t, '2026-12-21');
    await runServicing(t.deps); // the template loan: ACTIVE, serviced up to 2026-12-21
    const seedStarted = performance.now();
    await t.deps.db.execute(
      sql.raw(`create table bench_ids as select i, gen_random_uuid() as user_id, gen_random_uuid() as loan_id from generate_series(1, ${size - 1}) as g(i)`),
    );
    await copyRows(
      t,
      'users',
      'bench_ids',
      { id: 'bench_ids.user_id', phone: `'+6391' || lpad(bench_ids.i::text, 8, '0')`, email: `'bench' || bench_ids.i || '@example.test'` },
      `src.id = '${member.userId}'`,
    );
    await copyRows(t, 'loans', 'bench_ids', { id: 'bench_ids.loan_id', member_id: 'bench_ids.user_id', number: null }, `src.id = '${loanId}'`);
    const lineCols = await columnsOf(t, 'loan_instalments');
    await copyRows(
      t,
      'loan_instalments',
      'bench_ids',
      { loan_id: 'bench_ids.loan_id', ...(lineCols.includes('id') ? { id: null } : {}) },
      `src.loan_id = '${loanId}'`,
    );
    await copyRows(
      t,
      'loan_servicing_runs',
      'bench_ids',
      { loan_id: 'bench_ids.loan_id' },
      `src.loan_id = '${loanId}' and src.business_date = (select max(business_date) from loan_servicing_runs where loan_id = '${loanId}')`,
    );
    await t.deps.db.execute(sql.raw('drop table bench_ids'));
    await t.deps.db.execute(sql.raw('analyze'));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    travelTo(t, '2026-12-22');
    const started = performance.now();
    const pass = await runServicing(t.deps);
    const seconds = (performance.now() - started) / 1000;
    if (pass.days !== size) throw new Error(`the pass serviced ${pass.days} loan-days, expected ${size}`);
    if (pass.reminders !== size) throw new Error(`the pass queued ${pass.reminders} reminders, expected ${size}`);
    return {
      loans: size,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      passSeconds: Math.round(seconds * 10) / 10,
      msPerLoan: Math.round((seconds * 1000 * 100) / size) / 100,
      loansPerSecond: Math.round(size / seconds),
      pass,
    };
  } finally {
    await t.close(); // drops the temporary database
  }
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const date = new Date().toISOString();
const runs: (Awaited<ReturnType<typeof measure>> & { loadAverageBefore: number })[] = [];
/** Written after each size, so a run stopped during a larger size keeps the sizes it finished. */
function record() {
  const first = runs[0];
  const last = runs.at(-1);
  const result = {
    date,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    day: '2026-12-22 (first due date: one DUE_TODAY reminder a loan, no charge)',
    sizesAsked: SIZES,
    runs,
    growth:
      first && last && last !== first
        ? {
            sizes: `${last.loans}/${first.loans}`,
            timeRatio: Math.round((last.passSeconds / first.passSeconds) * 100) / 100,
            loansRatio: last.loans / first.loans,
          }
        : null,
  };
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(path.resolve(`bench/results/servicing-job-${date.slice(0, 10)}.json`), json);
  writeFileSync(path.resolve('bench/results/servicing-job-latest.json'), json);
  return result;
}
for (const size of SIZES) {
  const load = os.loadavg()[0]!;
  const run = await measure(size);
  runs.push({ ...run, loadAverageBefore: Math.round(load * 10) / 10 });
  console.log(JSON.stringify(runs.at(-1)));
  record();
}
console.log(JSON.stringify(record(), null, 2));
