import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { ManualClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { QueryLog } from '../src/server/db/query-log';
import { checkLedger } from '../src/server/ledger/check';
import { createSession } from '../src/server/sessions/store';
import { SESSION_COOKIE } from '../src/server/http/session';
import type { TestApp } from '../tests/fixtures/app';
import { apply, createActivatedMember, createStaff } from '../tests/fixtures/loans';
import type { TestMember } from '../tests/fixtures/members';
import { fundedMember, requestWithdrawal, withdrawAndConfirm } from '../tests/fixtures/withdrawals';

/**
 * The 200,000-member database of the list benchmarks, built with set-based SQL (generate_series) so
 * that anyone can reproduce the list figures of bench/lists.ts:
 *
 *   npx tsx bench/seed-large.ts            BENCH_MEMBERS=200000 BENCH_DB_NAME=lists13_bench BENCH_KEEP_DB=1
 *
 * First a small "world" is made through the API (officers, a member with a disbursed loan and two
 * withdrawals, an applicant with a pending loan): the rows the benchmark signs in as. Then, per seeded
 * member i: a users row (copied from the world's member), a wallet, one loan in every status in turn
 * (copied from the world's loan: the same pre-assessment JSON) with its first event, four posted
 * ledger transfers (two legs each) and one withdrawal in every status in turn with its pending
 * transfer (posted or voided as its status says), five outbox messages, two audit rows (twenty seeded
 * officers as actors), and for some: a support message, a channel payment, an extension request.
 * The ledger's cached sums are recomputed from the entries at the end, so `ledger:check` passes.
 */
export const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200_000);
const START = new Date('2026-11-22T04:00:00Z');

export interface World {
  readonly officer: TestMember;
  readonly checker: TestMember;
  readonly admin: TestMember;
  readonly member: TestMember;
  readonly memberLoanId: string;
  readonly withdrawalId: string;
  readonly applicantId: string;
}

/** A database on PG_ADMIN's server: created (unless it exists and `reuse`), dropped by drop(). */
export async function ensureDatabase(name: string, reuse: boolean): Promise<{ url: string; existed: boolean; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  const existed = found.rowCount === 1;
  if (existed && !reuse) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  if (!existed || !reuse) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    existed: existed && reuse,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The app on a given database (PostgreSQL url, or embedded PGlite when undefined), as the API tests build it. */
export async function openApp(
  databaseUrl: string | undefined,
  onClose: () => Promise<void> = async () => {},
  queryLog?: QueryLog,
  databaseOptions: { readonly namedStatements?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      OTP_ANON_PER_ADDRESS_HOURLY: '100000',
      OTP_ANON_PER_PREFIX_HOURLY: '100000',
      OTP_ANON_GLOBAL_HOURLY: '1000000',
    },
    {},
  );
  const clock = new ManualClock(START);
  const database = await openDatabase({ ...(databaseUrl ? { databaseUrl } : {}), queryLog, ...databaseOptions });
  const built = await buildApp({ config, database, clock, logger: false });
  await built.app.ready();
  return {
    ...built,
    clock,
    async close() {
      await built.app.close();
      await database.close();
      await onClose();
    },
  };
}

function fail(res: { statusCode: number; body: string }, status: number): Record<string, unknown> {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/** The rows the benchmarks sign in as, made through the API; recorded in bench_world so a kept database can be reused. */
export async function buildWorld(t: TestApp): Promise<World> {
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const admin = await createStaff(t, 'ADMIN', 'Admin Carla Diaz');
  const member = await fundedMember(t, officer, checker);
  const confirmed = await withdrawAndConfirm(t, member, '1000.00');
  fail(await requestWithdrawal(t, member.cookie, '500.00'), 201);
  const applicant = await createActivatedMember(t, { fullName: 'Rosa Magsaysay Lim' });
  fail(await apply(t, applicant.cookie), 201);
  const [loan] = (await t.deps.db.execute<{ id: string }>(sql`select id from loans where member_id = ${member.userId}`)).rows;
  const person = (m: TestMember): TestMember => ({ userId: m.userId, cookie: m.cookie, phone: m.phone, email: m.email, fullName: m.fullName });
  const world: World = {
    officer: person(officer),
    checker: person(checker),
    admin: person(admin),
    member: person(member),
    memberLoanId: loan!.id,
    withdrawalId: String(confirmed.id),
    applicantId: applicant.userId,
  };
  // The world's member also has a history of channel payments and a support message, in both databases.
  await t.deps.db.execute(
    sql.raw(`insert into channel_payments (loan_id, member_id, provider, method, channel_code, amount, idempotency_key, status, expires_at, created_at, updated_at)
      select '${world.memberLoanId}', '${member.userId}', 'SIMULATED', 'VIRTUAL_ACCOUNT', 'BPI', 100000 + g, 'world-' || g, 'EXPIRED',
             timestamptz '2026-11-22T04:00:00Z' - g * interval '1 hour', timestamptz '2026-11-22T04:00:00Z' - g * interval '2 hours',
             timestamptz '2026-11-22T04:00:00Z' - g * interval '1 hour'
      from generate_series(1, 30) g`),
  );
  await t.deps.db.execute(
    sql.raw(`insert into contact_messages (name, email, message, consent_at, user_id, created_at)
      values ('${member.fullName}', '${member.email}', 'Kailan po ang due date ko?', now(), '${member.userId}', now())`),
  );
  // The fixture's document rows name no stored file: marked superseded, the privacy export lists them without reading files.
  await t.deps.db.execute(sql`update member_documents set superseded_at = created_at where user_id = ${member.userId}`);
  await t.deps.db.execute(sql.raw(`create table bench_world (world jsonb not null, clock timestamptz not null)`));
  await t.deps.db.execute(sql`insert into bench_world (world, clock) values (${JSON.stringify(world)}::jsonb, ${t.clock.now().toISOString()}::timestamptz)`);
  return world;
}

/** The world recorded in a kept database, with fresh sessions (the new app's clock moved to the recorded time). */
async function loadWorld(t: TestApp): Promise<World> {
  const [row] = (await t.deps.db.execute<{ world: World; clock: string }>(sql`select world, clock::text as clock from bench_world`)).rows;
  if (!row) throw new Error('bench_world is empty');
  const target = new Date(row.clock).getTime();
  if (target > t.clock.now().getTime()) t.clock.advance(target - t.clock.now().getTime());
  const fresh = async (m: TestMember): Promise<TestMember> => {
    const s = await createSession(t.deps.db, t.clock, { userId: m.userId, persistent: false, ip: '127.0.0.1', userAgent: 'bench' });
    return { ...m, cookie: `${SESSION_COOKIE}=${s.token}` };
  };
  const w = row.world;
  return { ...w, officer: await fresh(w.officer), checker: await fresh(w.checker), admin: await fresh(w.admin), member: await fresh(w.member) };
}

async function columnsOf(t: TestApp, table: string): Promise<string[]> {
  const res = await t.deps.db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return res.rows.map((r) => r.column_name);
}

/** INSERT INTO table SELECT every column of the template row, `set` overriding some (null: the column's default). */
async function copyRows(t: TestApp, table: string, from: string, set: Record<string, string | null>, templateWhere: string): Promise<number> {
  const cols = (await columnsOf(t, table)).filter((c) => set[c] !== null);
  const select = cols.map((c) => (c in set ? `${set[c]}` : `src.${c}`));
  const res = await t.deps.db.execute(
    sql.raw(`insert into ${table} (${cols.join(', ')}) select ${select.join(', ')} from ${table} src cross join ${from} where ${templateWhere}`),
  );
  return res.rowCount ?? 0;
}

const LOAN_STATUS_BY_MOD20 = `(array['PENDING','UNDER_REVIEW','APPROVED','CONTRACT_SIGNED','DISBURSED','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','OVERDUE','REPAID','REPAID','REPAID','REPAID','REPAID','REJECTED','REJECTED','CANCELLED','CANCELLED'])[m.i % 20 + 1]`;
const WITHDRAWAL_STATUS_BY_MOD12 = `(array['AWAITING_CODE','PROCESSING','PROCESSING','PAID','PAID','PAID','PAID','PAID','PAID','FAILED','EXPIRED','CANCELLED'])[m.i % 12 + 1]`;

/** Seeds `n` members around the world (see the file's comment); answers the seconds each step took and the row counts. */
async function seedLarge(t: TestApp, world: World, n: number): Promise<{ seconds: number; steps: Record<string, number>; rows: Record<string, number> }> {
  const steps: Record<string, number> = {};
  const started = performance.now();
  const run = async (label: string, statement: string) => {
    const s = performance.now();
    await t.deps.db.execute(sql.raw(statement));
    steps[label] = Math.round((performance.now() - s) / 100) / 10;
  };
  const at = `timestamptz '${START.toISOString()}'`;
  // m.i: 1..n; everything a member has is dated from its registration, i * 5 minutes before the start (oldest ~ 2 years).
  await run(
    'ids',
    `create table bench_m as select i, gen_random_uuid() as user_id, gen_random_uuid() as wallet_id, gen_random_uuid() as loan_id,
       gen_random_uuid() as wd_id, gen_random_uuid() as pend_id, gen_random_uuid() as res_id,
       ${at} - i * interval '5 minutes' as born from generate_series(1, ${n}) as g(i)`,
  );
  await run('staff ids', `create table bench_staff as select j, gen_random_uuid() as id from generate_series(1, 20) as g(j)`);
  let s = performance.now();
  await copyRows(
    t,
    'users',
    'bench_m m',
    {
      id: 'm.user_id',
      phone: `'+63995' || lpad(m.i::text, 7, '0')`,
      email: `'seed' || m.i || '@bench.test'`,
      full_name: `'Seeded Member ' || m.i`,
      invite_code: null,
      referred_by: null,
      referral_code: null,
      created_at: 'm.born',
      updated_at: 'm.born',
    },
    `src.id = '${world.member.userId}'`,
  );
  await copyRows(
    t,
    'users',
    'bench_staff m',
    {
      id: 'm.id',
      phone: `'+63996' || lpad(m.j::text, 7, '0')`,
      email: `'staff' || m.j || '@bench.test'`,
      full_name: `'Seeded Officer ' || m.j`,
      invite_code: null,
    },
    `src.id = '${world.officer.userId}'`,
  );
  steps.users = Math.round((performance.now() - s) / 100) / 10;
  await run(
    'wallets',
    `insert into ledger_accounts (id, code, kind, name, owner_user_id, normal_balance, allow_negative, created_at, updated_at)
     select m.wallet_id, 'MEMBER_WALLET:' || m.user_id, 'MEMBER_WALLET', 'Member wallet', m.user_id, 'CREDIT', false, m.born, m.born from bench_m m`,
  );
  s = performance.now();
  await copyRows(
    t,
    'loans',
    'bench_m m',
    {
      id: 'm.loan_id',
      number: null,
      member_id: 'm.user_id',
      status: LOAN_STATUS_BY_MOD20,
      disbursement_transfer_id: null,
      created_at: 'm.born',
      updated_at: 'm.born',
      status_changed_at: 'm.born',
    },
    `src.id = '${world.memberLoanId}'`,
  );
  steps.loans = Math.round((performance.now() - s) / 100) / 10;
  await run(
    'loan events',
    `insert into loan_events (loan_id, from_status, to_status, action, actor_user_id, actor_role, at)
     select m.loan_id, null, 'PENDING', 'APPLY', m.user_id, 'MEMBER', m.born from bench_m m`,
  );
  // The ledger: four posted transfers a member (two in from SETTLEMENT_FUNDS, two out), then the withdrawal's hold.
  await run(
    'transfer ids',
    `create table bench_t as select gen_random_uuid() as id, m.i, m.wallet_id, k, m.born + k * interval '1 day' as at from bench_m m cross join generate_series(1, 4) as g(k)`,
  );
  await run(
    'posted transfers',
    `insert into ledger_transfers (id, idempotency_key, request_hash, type, code, description, created_at)
     select id, 'bench:' || i || ':' || k, 'bench', 'POSTED', 'BENCH_SEED', 'Benchmark seed', at from bench_t`,
  );
  const settlement = `(select id from ledger_accounts where code = 'SETTLEMENT_FUNDS')`;
  await t.deps.db.execute(
    sql.raw(`insert into ledger_accounts (code, kind, name, normal_balance, allow_negative)
      values ('SETTLEMENT_FUNDS', 'SETTLEMENT_FUNDS', 'Settlement funds', 'DEBIT', true), ('PAYOUT_CLEARING', 'PAYOUT_CLEARING', 'Payout clearing', 'CREDIT', false)
      on conflict (code) do nothing`),
  );
  await run(
    'posted entries',
    `insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
     select b.id, case when leg = 1 then b.wallet_id else s.id end,
            case when (leg = 1) = (b.k <= 2) then 'CREDIT' else 'DEBIT' end,
            (array[500000, 300000, 100000, 100000])[b.k], 'POSTED', b.at
     from bench_t b cross join generate_series(1, 2) as g(leg) cross join ${settlement} s(id)`,
  );
  const payout = `(select id from ledger_accounts where code = 'PAYOUT_CLEARING')`;
  await run(
    'withdrawal holds',
    `insert into ledger_transfers (id, idempotency_key, request_hash, type, code, reference, description, created_at)
     select m.pend_id, 'bench:wd:' || m.i, 'bench', 'PENDING', 'WITHDRAWAL', m.wd_id::text, 'Withdrawal', m.born + interval '6 days' from bench_m m`,
  );
  await run(
    'withdrawal hold entries',
    `insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
     select m.pend_id, case when leg = 1 then m.wallet_id else p.id end, case when leg = 1 then 'DEBIT' else 'CREDIT' end, 100000, 'PENDING', m.born + interval '6 days'
     from bench_m m cross join generate_series(1, 2) as g(leg) cross join ${payout} p(id)`,
  );
  await run(
    'withdrawal resolutions',
    `insert into ledger_transfers (id, idempotency_key, request_hash, type, pending_id, code, reference, description, created_at)
     select m.res_id, 'bench:wdr:' || m.i, 'bench', case when ${WITHDRAWAL_STATUS_BY_MOD12} = 'PAID' then 'POST_PENDING' else 'VOID_PENDING' end,
            m.pend_id, 'WITHDRAWAL', m.wd_id::text, 'Withdrawal resolved', m.born + interval '7 days'
     from bench_m m where ${WITHDRAWAL_STATUS_BY_MOD12} in ('PAID', 'FAILED', 'EXPIRED', 'CANCELLED')`,
  );
  await run(
    'withdrawal payouts',
    `insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
     select m.res_id, case when leg = 1 then m.wallet_id else p.id end, case when leg = 1 then 'DEBIT' else 'CREDIT' end, 100000, 'POSTED', m.born + interval '7 days'
     from bench_m m cross join generate_series(1, 2) as g(leg) cross join ${payout} p(id) where ${WITHDRAWAL_STATUS_BY_MOD12} = 'PAID'`,
  );
  s = performance.now();
  const [template] = (await t.deps.db.execute<{ id: string }>(sql`select id from withdrawals where id = ${world.withdrawalId}`)).rows;
  if (!template) throw new Error('the world has no withdrawal');
  await copyRows(
    t,
    'withdrawals',
    'bench_m m',
    {
      id: 'm.wd_id',
      number: null,
      member_id: 'm.user_id',
      status: WITHDRAWAL_STATUS_BY_MOD12,
      amount: '100000',
      pending_transfer_id: 'm.pend_id',
      resolution_transfer_id: `case when ${WITHDRAWAL_STATUS_BY_MOD12} in ('PAID', 'FAILED', 'EXPIRED', 'CANCELLED') then m.res_id end`,
      request_key: `'bench-' || m.i`,
      failure_reason_code: null,
      expires_at: `m.born + interval '6 days 10 minutes'`,
      created_at: `m.born + interval '6 days'`,
      updated_at: `m.born + interval '7 days'`,
      status_changed_at: `m.born + interval '7 days'`,
    },
    `src.id = '${world.withdrawalId}'`,
  );
  steps.withdrawals = Math.round((performance.now() - s) / 100) / 10;
  await run(
    'withdrawal events',
    `insert into withdrawal_events (withdrawal_id, from_status, to_status, action, actor, actor_user_id, at, created_at)
     select m.wd_id, null, 'AWAITING_CODE', 'REQUEST', 'MEMBER', m.user_id, m.born + interval '6 days', m.born + interval '6 days' from bench_m m`,
  );
  await run(
    'outbox',
    `insert into outbox_messages (channel, recipient, subject, body, status, attempts, last_error, created_at, sent_at)
     select case when k = 5 then 'EMAIL' else 'SMS' end,
            case when k = 5 then 'seed' || m.i || '@bench.test' else '+63995' || lpad(m.i::text, 7, '0') end,
            case when k = 5 then 'Tapat' end, 'Tapat: benchmark message ' || k,
            case (m.i + k) % 50 when 0 then 'DEAD' when 1 then 'QUEUED' else 'SENT' end,
            case (m.i + k) % 50 when 0 then 5 when 1 then 1 else 1 end,
            case when (m.i + k) % 50 in (0, 1) then 'provider timeout' end,
            m.born + k * interval '1 day', case when (m.i + k) % 50 > 1 then m.born + k * interval '1 day' end
     from bench_m m cross join generate_series(1, 5) as g(k)`,
  );
  await run(
    'audit',
    `insert into audit_log (actor_user_id, actor_role, action, subject_type, subject_id, details, ip, at)
     select st.id, 'OFFICER', case when k = 1 then 'LOAN_START_REVIEW' else 'LOAN_APPROVE' end, 'LOAN', m.loan_id::text, '{}'::jsonb, '127.0.0.1',
            m.born + k * interval '1 hour'
     from bench_m m cross join generate_series(1, 2) as g(k) join bench_staff st on st.j = m.i % 20 + 1`,
  );
  await run(
    'support',
    `insert into contact_messages (name, email, message, consent_at, user_id, status, created_at)
     select 'Seeded Member ' || m.i, 'seed' || m.i || '@bench.test', 'Tanong po tungkol sa aking loan', m.born, m.user_id,
            (array['NEW','IN_PROGRESS','ANSWERED','CLOSED'])[m.i / 10 % 4 + 1], m.born
     from bench_m m where m.i % 10 = 0`,
  );
  await run(
    'channel payments',
    `insert into channel_payments (loan_id, member_id, provider, method, channel_code, amount, idempotency_key, status, expires_at, created_at, updated_at)
     select m.loan_id, m.user_id, 'SIMULATED', 'VIRTUAL_ACCOUNT', 'BPI', 250000, 'bench-' || m.i, 'EXPIRED', m.born + interval '9 days', m.born + interval '8 days', m.born + interval '9 days'
     from bench_m m where m.i % 20 between 5 and 9`,
  );
  await run(
    'extensions',
    `insert into loan_extensions (loan_id, member_id, status, new_term, from_line, remaining_principal, new_end_date, requested_at, updated_at)
     select m.loan_id, m.user_id, (array['REQUESTED','APPROVED','DECLINED','WITHDRAWN','EFFECTIVE'])[m.i / 20 % 5 + 1], 9, 2, 15000000,
            (m.born + interval '300 days')::date, m.born + interval '40 days', m.born + interval '40 days'
     from bench_m m where m.i % 20 = 5 and m.i % 100 < 50`,
  );
  // The cached sums from the entries (the same formula as src/server/ledger/check.ts: a pending entry counts until its transfer is resolved).
  await run(
    'ledger sums',
    `update ledger_accounts a set debits_posted = s.dp, credits_posted = s.cp, debits_pending = s.dq, credits_pending = s.cq
     from (select e.account_id,
                  coalesce(sum(e.amount) filter (where e.phase = 'POSTED' and e.direction = 'DEBIT'), 0) as dp,
                  coalesce(sum(e.amount) filter (where e.phase = 'POSTED' and e.direction = 'CREDIT'), 0) as cp,
                  coalesce(sum(e.amount) filter (where e.phase = 'PENDING' and e.direction = 'DEBIT' and r.id is null), 0) as dq,
                  coalesce(sum(e.amount) filter (where e.phase = 'PENDING' and e.direction = 'CREDIT' and r.id is null), 0) as cq
           from ledger_entries e left join ledger_transfers r on r.pending_id = e.transfer_id
           group by e.account_id) s
     where s.account_id = a.id`,
  );
  await run('drop ids', 'drop table bench_m; drop table bench_t; drop table bench_staff');
  await run('vacuum analyze', 'vacuum analyze');
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const rows: Record<string, number> = {};
  for (const table of [
    'users',
    'loans',
    'withdrawals',
    'ledger_transfers',
    'ledger_entries',
    'outbox_messages',
    'audit_log',
    'contact_messages',
    'channel_payments',
    'loan_extensions',
  ]) {
    const [r] = (await t.deps.db.execute<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`))).rows;
    rows[table] = Number(r?.n ?? 0);
  }
  return { seconds, steps, rows };
}

/** Opens (or creates, builds the world and seeds) the large database `name`. */
export async function openLarge(name: string, n: number, reuse: boolean, queryLog?: QueryLog) {
  const db = await ensureDatabase(name, reuse);
  const t = await openApp(db.url, async () => {}, queryLog);
  try {
    const [has] = (await t.deps.db.execute<{ ok: boolean }>(sql`select to_regclass('bench_world') is not null as ok`)).rows;
    if (db.existed && has?.ok) return { t, world: await loadWorld(t), seed: null, drop: db.drop };
    const world = await buildWorld(t);
    const seed = await seedLarge(t, world, n);
    return { t, world, seed, drop: db.drop };
  } catch (error) {
    await t.close();
    if (!reuse) await db.drop();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = process.env.BENCH_DB_NAME ?? `lists13_seed_${randomBytes(3).toString('hex')}`;
  const keep = process.env.BENCH_KEEP_DB === '1';
  const { t, seed, drop } = await openLarge(name, MEMBERS, keep);
  try {
    const checked = await checkLedger(t.deps.db);
    console.log(JSON.stringify({ database: name, members: MEMBERS, seed, ledgerCheck: { ok: checked.ok, problems: checked.problems.slice(0, 5) } }, null, 2));
  } finally {
    await t.close();
    if (!keep) await drop();
  }
}
