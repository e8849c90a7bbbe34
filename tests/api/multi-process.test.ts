import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { fxRateSnapshots, ledgerTransfers, loanInstalments, loanReminders, loanServicingRuns, loans, withdrawals } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger';
import type { TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, APPLICATION } from '../fixtures/loans';
import { fundedMember, type FundedMember } from '../fixtures/withdrawals';
import { disbursedLoan } from '../fixtures/repayments';
import { freePort, runScript, ServerProcess } from '../fixtures/processes';
import { freshPhone, registrationBody } from './identity-helpers';

/**
 * Several processes, one database. THREE real server processes
 * (src/server/main.ts, each with its own jobs) on one PostgreSQL database; requests go round-robin
 * (or to every process at once). Runs only when TEST_DATABASE_URL is PostgreSQL (CI's API run);
 * PGlite has one owner by design.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PROCESSES = 3;

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let seeding: TestApp;
let servers: ServerProcess[] = [];
let ratesServer: http.Server;
let next = 0;

/** The next process, round-robin (a SIGKILLed one is skipped until it is back). */
function pick(): ServerProcess {
  for (let i = 0; i < PROCESSES; i += 1) {
    const s = servers[next++ % PROCESSES]!;
    if (s.child) return s;
  }
  throw new Error('no process is up');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any; by: number };

/** One request to one process (round-robin unless given); retried on another process when the connection fails (a killed process). */
async function call(method: string, url: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}, to?: ServerProcess): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const server = attempt === 0 && to ? to : pick();
    try {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, by: servers.indexOf(server) };
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function lastCode(phone: string, pattern: RegExp): Promise<string> {
  const outbox = await call('GET', '/api/dev/outbox');
  const sms = (outbox.body.messages as { recipient: string; channel: string; body: string }[]).find((m) => m.recipient === phone && pattern.test(m.body));
  if (!sms) throw new Error(`no code for ${phone}`);
  return pattern.exec(sms.body)![1]!;
}

const RATES = { base: 'PHP', asOf: '2026-11-24T00:00:00Z', rates: { USD: '0.0171', EUR: '0.0158', JPY: '2.61' } };

beforeAll(async () => {
  if (!adminUrl) return;
  const name = `tapat_mp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  // The seed (members, officers, disbursed loans) goes through the app in this process, on a clock that starts now.
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    OTP_ANON_PER_ADDRESS_HOURLY: '100000',
    OTP_ANON_PER_PREFIX_HOURLY: '100000',
  });
  const clock = new ManualClock(new Date());
  const built = await buildApp({ config, database, clock, logger: false });
  await built.app.ready();
  seeding = { ...built, clock, close: async () => (await built.app.close(), await database.close()) };

  // A rates provider every process polls.
  ratesServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES)));
  await new Promise<void>((r) => ratesServer.listen(0, '127.0.0.1', r));
  const ratesUrl = `http://127.0.0.1:${(ratesServer.address() as AddressInfo).port}/rates`;

  const env = {
    DATABASE_URL: databaseUrl,
    PAYOUT_PROVIDER: 'simulated',
    PAYOUT_SETTLE_SECONDS: '1',
    JOBS_INTERVAL_MS: '200',
    // The servicing daily job every 200 ms in each process (default 5 minutes): three processes race for every loan and day.
    SERVICING_INTERVAL_MS: '200',
    RATES_PROVIDER: 'http',
    RATES_URL: ratesUrl,
    OTP_ANON_PER_ADDRESS_HOURLY: '4',
    OTP_ANON_PER_PREFIX_HOURLY: '100000',
  };
  servers = await Promise.all(Array.from({ length: PROCESSES }, async () => new ServerProcess(await freePort(), env)));
  await Promise.all(servers.map((s) => s.start()));
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await seeding?.close();
  ratesServer?.close();
  await dropDatabase?.();
});

/** Moves every process's clock to the seeding clock (plus a second): what the seed made is in their past. */
async function alignClocks(): Promise<void> {
  const ahead = seeding.clock.now().getTime() - Date.now() + 1_000;
  if (ahead > 0) for (const s of servers) expect((await call('POST', '/api/dev/clock', undefined, { advanceMs: ahead }, {}, s)).status).toBe(200);
}

describe.skipIf(!adminUrl)('three processes on one PostgreSQL database', () => {
  let officerA: Awaited<ReturnType<typeof createStaff>>;
  let officerB: Awaited<ReturnType<typeof createStaff>>;
  let funded: FundedMember[] = [];

  it('each process refreshed the rates; the one snapshot is stored once', async () => {
    const deadline = Date.now() + 30_000;
    let stored = 0;
    while (Date.now() < deadline) {
      [{ n: stored }] = (await seeding.deps.db.select({ n: count() }).from(fxRateSnapshots).where(eq(fxRateSnapshots.asOf, RATES.asOf))) as [{ n: number }];
      if (stored > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(stored).toBe(1);
  });

  it('sessions hold across processes, and a sign-out on one is a sign-out on all', async () => {
    officerA = await createStaff(seeding, 'OFFICER', 'Officer Ana Cruz');
    officerB = await createStaff(seeding, 'OFFICER', 'Officer Ben Lim');
    funded = [];
    for (let i = 0; i < 6; i += 1) funded.push(await fundedMember(seeding, officerA, officerB));
    await alignClocks();
    const member = await createActivatedMember(seeding);
    for (const s of servers) expect((await call('GET', '/api/auth/session', member.cookie, undefined, {}, s)).body.user?.phone).toBe(member.phone);
    expect((await call('POST', '/api/auth/logout', member.cookie, {}, {}, servers[0])).status).toBeLessThan(300);
    for (const s of servers.slice(1)) expect((await call('GET', '/api/loans/current', member.cookie, undefined, {}, s)).status).toBe(401);
  }, 300_000);

  it('20 simultaneous applications by one member, spread over the processes: one loan', async () => {
    const member = await createActivatedMember(seeding);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/loans/applications', member.cookie, { ...APPLICATION }, { 'idempotency-key': `k-${randomUUID()}` })),
    );
    expect(new Set(answers.map((a) => a.by)).size).toBe(PROCESSES);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([409, 429], JSON.stringify(a.body)).toContain(a.status);
    const rows = await seeding.deps.db.select({ id: loans.id }).from(loans).where(eq(loans.memberId, member.userId));
    expect(rows).toHaveLength(1);
  }, 120_000);

  it('one Idempotency-Key sent to every process at once: one withdrawal, the same answer', async () => {
    const member = funded[0]!;
    const key = `same-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        call('POST', '/api/withdrawals', member.cookie, { amount: '1000.00' }, { 'idempotency-key': key }, servers[i % PROCESSES]),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.status, JSON.stringify(a.body)).toBe(409);
    const rows = await seeding.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.userId));
    expect(rows).toHaveLength(1);
    // Code attempts count across processes: five wrong codes, one per process in turn, lock the code.
    const id = created[0]!.body.id as string;
    const right = await lastCode(member.phone, /withdrawal code is (\d{6})/);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const a = await call(
        'POST',
        `/api/withdrawals/${id}/confirm`,
        member.cookie,
        { code: wrong },
        { 'idempotency-key': `w-${randomUUID()}` },
        servers[i % PROCESSES],
      );
      expect([400, 429]).toContain(a.status);
    }
    const late = await call('POST', `/api/withdrawals/${id}/confirm`, member.cookie, { code: right }, { 'idempotency-key': `w-${randomUUID()}` });
    expect(late.status).toBe(429);
    expect(late.body.error.code).toBe('CODE_LOCKED');
  }, 120_000);

  it('the anonymous code budget holds across processes', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const a = await call('POST', '/api/auth/register', undefined, registrationBody({ phone: freshPhone().national }));
      answers.push(a.status);
    }
    // OTP_ANON_PER_ADDRESS_HOURLY=4 across the three processes: the fifth and sixth are refused.
    expect(answers.filter((s) => s === 429).length, JSON.stringify(answers)).toBeGreaterThanOrEqual(2);
    expect(
      answers.slice(0, 4).every((s) => s < 300),
      JSON.stringify(answers),
    ).toBe(true);
  }, 120_000);

  it('50 racing withdrawals against one balance: never more than the balance leaves', async () => {
    const member = funded[1]!;
    const share = (member.balance * 40n) / 100n;
    const amount = `${share / 100n}.${String(share % 100n).padStart(2, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/withdrawals', member.cookie, { amount }, { 'idempotency-key': `r-${randomUUID()}` })),
    );
    expect(new Set(answers.map((a) => a.by)).size).toBe(PROCESSES);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length).toBeLessThanOrEqual(2);
    for (const a of answers.filter((x) => x.status !== 201)) expect([400, 409, 429], JSON.stringify(a.body)).toContain(a.status);
    const rows = await seeding.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.userId));
    expect(rows.reduce((sum, r) => sum + r.amount, 0n)).toBeLessThanOrEqual(member.balance);
  }, 120_000);

  it('a process SIGKILLed among confirmed withdrawals loses nothing; the jobs settle and expire each exactly once', async () => {
    const members = funded.slice(2);
    const flows = members.map(async (member, i) => {
      const key = `kill-${randomUUID()}`;
      let created: Answer;
      do created = await call('POST', '/api/withdrawals', member.cookie, { amount: '500.00' }, { 'idempotency-key': key });
      while (created.status === 409 && created.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (i === 0) return created.body.id as string; // left to expire
      const code = await lastCode(member.phone, /withdrawal code is (\d{6})/);
      const confirmKey = `killc-${randomUUID()}`;
      let confirmed: Answer;
      do confirmed = await call('POST', `/api/withdrawals/${created.body.id}/confirm`, member.cookie, { code }, { 'idempotency-key': confirmKey });
      while (confirmed.status === 409 && confirmed.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return created.body.id as string;
    });
    // One process dies while the flows run; the clients go on with the others.
    await new Promise((r) => setTimeout(r, 150));
    const victim = servers[1]!;
    await victim.stop('SIGKILL');
    const ids = await Promise.all(flows);
    await victim.start();
    // Past the code's validity on every process: the worker expires the unconfirmed one.
    for (const s of servers) expect((await call('POST', '/api/dev/clock', undefined, { advanceMs: 20 * 60_000 }, {}, s)).status).toBe(200);
    const deadline = Date.now() + 60_000;
    let rows: (typeof withdrawals.$inferSelect)[] = [];
    for (;;) {
      rows = await seeding.deps.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
      if (rows.every((r) => ['PAID', 'FAILED', 'EXPIRED'].includes(r.status))) break;
      if (Date.now() > deadline) throw new Error(`still open: ${rows.map((r) => r.status).join(', ')}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(rows).toHaveLength(members.length);
    expect(rows.find((r) => r.id === ids[0])!.status).toBe('EXPIRED');
    for (const r of rows) {
      // Exactly one resolution of each pending hold: the jobs of three processes acted once.
      const resolutions = await seeding.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, r.pendingTransferId));
      expect(resolutions, r.status).toHaveLength(1);
    }
    for (const member of members) {
      const mine = await seeding.deps.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.userId));
      expect(mine).toHaveLength(1);
    }
  }, 300_000);

  it('the servicing job of three processes services each loan once a day: no day twice, none skipped, each reminder once', async () => {
    const made = [await disbursedLoan(seeding, officerA, officerB), await disbursedLoan(seeding, officerA, officerB)];
    const ids = made.map((m) => m.loanId);
    await alignClocks();
    const starts = new Map(
      (await seeding.deps.db.select({ id: loans.id, start: loans.scheduleStartDate }).from(loans).where(inArray(loans.id, ids))).map((l) => [l.id, l.start!]),
    );
    const dues = await seeding.deps.db
      .select({ due: loanInstalments.dueDate })
      .from(loanInstalments)
      .where(and(inArray(loanInstalments.loanId, ids), eq(loanInstalments.number, 1)));
    const due = dues.map((d) => d.due).sort()[0]!;
    const shift = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const runsOf = () =>
      seeding.deps.db
        .select({ loanId: loanServicingRuns.loanId, businessDate: loanServicingRuns.businessDate })
        .from(loanServicingRuns)
        .where(inArray(loanServicingRuns.loanId, ids));
    // Reminders go out only on the day itself (a catch-up day sends none): every process's clock
    // goes to noon in Manila three days before the first due date, then one day at a time past it.
    for (const s of servers) {
      const now = Date.parse((await call('GET', '/api/dev/clock', undefined, undefined, {}, s)).body.now as string);
      const advanceMs = Date.parse(`${shift(due, -3)}T12:00:00+08:00`) - now;
      expect(advanceMs).toBeGreaterThan(0);
      expect((await call('POST', '/api/dev/clock', undefined, { advanceMs }, {}, s)).status).toBe(200);
    }
    let runs: { loanId: string; businessDate: string }[] = [];
    for (let day = -3; day <= 1; day += 1) {
      const today = shift(due, day);
      const deadline = Date.now() + 120_000;
      for (;;) {
        runs = await runsOf();
        if (ids.every((id) => runs.some((r) => r.loanId === id && r.businessDate === today))) break;
        if (Date.now() > deadline) throw new Error(`servicing did not reach ${today}: ${runs.length} runs`);
        await new Promise((r) => setTimeout(r, 200));
      }
      if (day < 1) for (const s of servers) expect((await call('POST', '/api/dev/clock', undefined, { advanceMs: 86_400_000 }, {}, s)).status).toBe(200);
    }
    for (const id of ids) {
      const dates = runs
        .filter((r) => r.loanId === id)
        .map((r) => r.businessDate)
        .sort();
      // Every day from the day after the schedule's start to the day after the due date, each once.
      let expected = shift(starts.get(id)!, 1);
      for (const d of dates) {
        expect(d).toBe(expected);
        expected = shift(expected, 1);
      }
      expect(dates.at(-1)).toBe(shift(due, 1));
      const reminders = await seeding.deps.db
        .select({ template: loanReminders.template, line: loanReminders.lineNumber, day: loanReminders.businessDate })
        .from(loanReminders)
        .where(eq(loanReminders.loanId, id));
      // Each reminder of the first instalment exactly once, on its day, though three processes ran every day.
      expect(reminders.map((r) => `${r.line} ${r.template} ${r.day}`).sort()).toEqual(
        [`1 DUE_IN_3_DAYS ${shift(due, -3)}`, `1 DUE_TODAY ${due}`, `1 OVERDUE_1_DAY ${shift(due, 1)}`].sort(),
      );
    }
    expect((await checkLedger(seeding.deps.db)).problems).toEqual([]);
  }, 300_000);

  it('the ledger check passes (npm run ledger:check on DATABASE_URL)', async () => {
    expect((await checkLedger(seeding.deps.db)).problems).toEqual([]);
    const script = await runScript('ledger-check.ts', [], { DATABASE_URL: databaseUrl });
    expect(script.stdout).toMatch(/every invariant holds/);
    expect(script.code).toBe(0);
  }, 120_000);
});
