import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { QueryLog } from '../src/server/db/query-log';
import { exportMemberData } from '../src/server/modules/privacy/service';
import type { TestApp } from '../tests/fixtures/app';
import { percentile } from './common';
import { buildWorld, ensureDatabase, MEMBERS, openApp, openLarge, type World } from './seed-large';

/**
 * Every staff and member list, p50/p99 on the empty database (the benchmark's world only) and at the
 * 200,000-member seed (bench/seed-large.ts) in ONE run, and the ratio (at most 2).
 * Rounds alternate between the two databases so that the machine's load falls on both alike. At the
 * seed, every statement a list sends is EXPLAINed and a sequential scan of a large table is reported.
 *
 *   npx tsx bench/lists.ts     BENCH_DB_NAME=lists13_bench BENCH_KEEP_DB=1 keeps (and reuses) the seed;
 *                              BENCH_MEMBERS (default 200000), BENCH_SAMPLES (default 40)
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const ROUNDS = 4;
const BIG_TABLES = new Set([
  'users',
  'loans',
  'withdrawals',
  'withdrawal_events',
  'loan_events',
  'ledger_transfers',
  'ledger_entries',
  'ledger_accounts',
  'outbox_messages',
  'audit_log',
  'contact_messages',
  'channel_payments',
  'loan_extensions',
]);

interface ListCase {
  readonly name: string;
  readonly who: 'staff' | 'member';
  readonly url?: (w: World) => string;
  readonly call?: (t: TestApp, w: World) => Promise<unknown>;
}

const ALL_CASES: ListCase[] = [
  { name: 'GET /api/admin/loans (queue: waiting)', who: 'staff', url: () => '/api/admin/loans' },
  { name: 'GET /api/admin/loans?status=ACTIVE', who: 'staff', url: () => '/api/admin/loans?status=ACTIVE' },
  { name: 'GET /api/admin/withdrawals', who: 'staff', url: () => '/api/admin/withdrawals' },
  { name: 'GET /api/admin/withdrawals?status=PROCESSING', who: 'staff', url: () => '/api/admin/withdrawals?status=PROCESSING' },
  { name: 'GET /api/admin/audit', who: 'staff', url: () => '/api/admin/audit' },
  { name: 'GET /api/admin/audit?actor=(officer)', who: 'staff', url: (w) => `/api/admin/audit?actor=${w.officer.userId}` },
  { name: 'GET /api/admin/support/messages', who: 'staff', url: () => '/api/admin/support/messages' },
  { name: 'GET /api/admin/outbox (problems)', who: 'staff', url: () => '/api/admin/outbox' },
  { name: 'GET /api/admin/outbox?view=ALL', who: 'staff', url: () => '/api/admin/outbox?view=ALL' },
  { name: 'GET /api/admin/extensions', who: 'staff', url: () => '/api/admin/extensions' },
  { name: 'GET /api/admin/channel-payments/events', who: 'staff', url: () => '/api/admin/channel-payments/events' },
  { name: 'GET /api/admin/deletion-requests', who: 'staff', url: () => '/api/admin/deletion-requests' },
  { name: 'GET /api/admin/collections', who: 'staff', url: () => '/api/admin/collections' },
  { name: 'GET /api/wallet/transactions', who: 'member', url: () => '/api/wallet/transactions' },
  { name: 'GET /api/withdrawals', who: 'member', url: () => '/api/withdrawals' },
  { name: 'GET /api/loans/current/channel-payments', who: 'member', url: () => '/api/loans/current/channel-payments' },
  { name: 'GET /api/dev/outbox', who: 'member', url: () => '/api/dev/outbox' },
  { name: 'privacy export (exportMemberData, no password hash)', who: 'member', call: (t, w) => exportMemberData(t.deps, w.member.userId) },
];
/** BENCH_LISTS=extensions,withdrawals measures only the lists whose name contains one of them. */
const ONLY_LISTS = process.env.BENCH_LISTS?.split(',');
const CASES = ONLY_LISTS ? ALL_CASES.filter((c) => ONLY_LISTS.some((part) => c.name.includes(part))) : ALL_CASES;

async function once(t: TestApp, w: World, c: ListCase): Promise<number> {
  const started = performance.now();
  if (c.call) {
    await c.call(t, w);
  } else {
    const cookie = c.who === 'staff' ? w.officer.cookie : w.member.cookie;
    const res = await t.app.inject({ method: 'GET', url: c.url!(w), headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return performance.now() - started;
}

interface Side {
  readonly t: TestApp;
  readonly w: World;
  readonly samples: Map<string, number[]>;
}

async function measureRound(side: Side, perRound: number) {
  for (const c of CASES) {
    const list = side.samples.get(c.name) ?? [];
    for (let i = 0; i < perRound; i += 1) list.push(await once(side.t, side.w, c));
    side.samples.set(c.name, list);
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: string[]): void {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.has(node['Relation Name'])) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
}

/** EXPLAIN (no ANALYZE) of every statement each list sends, on the seeded database: the large tables read by a sequential scan. */
async function explainAll(t: TestApp, w: World, log: QueryLog, url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const found: Record<string, string[]> = {};
  try {
    for (const c of CASES) {
      log.reset();
      await once(t, w, c);
      const statements = log.statements.map((text, i) => ({ text, values: log.parameters[i] ?? [] }));
      const scans: string[] = [];
      for (const s of statements) {
        if (!/^\s*(select|with)/i.test(s.text)) continue;
        const res = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${s.text}`, s.values);
        const plan = res.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (plan) seqScans(plan, scans);
      }
      found[c.name] = [...new Set(scans)];
    }
  } finally {
    await client.end();
  }
  return found;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

const emptyDb = await ensureDatabase(`lists13_empty_${randomBytes(3).toString('hex')}`, false);
const empty = await openApp(emptyDb.url, emptyDb.drop);
const largeName = process.env.BENCH_DB_NAME ?? `lists13_large_${randomBytes(3).toString('hex')}`;
const keep = process.env.BENCH_KEEP_DB === '1';
const log = new QueryLog();
const loadBefore = os.loadavg();
const large = await openLarge(largeName, MEMBERS, keep, log);
try {
  const emptyWorld = await buildWorld(empty);
  const sides: Side[] = [
    { t: empty, w: emptyWorld, samples: new Map() },
    { t: large.t, w: large.world, samples: new Map() },
  ];
  // Warm-up: the configuration, the plans, the pool's connections.
  for (const side of sides) for (const c of CASES) for (let i = 0; i < 3; i += 1) await once(side.t, side.w, c);
  const perRound = Math.ceil(SAMPLES / ROUNDS);
  const loadDuring: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const side of sides) await measureRound(side, perRound);
    loadDuring.push(os.loadavg()[0]!);
  }
  const largeUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  largeUrl.pathname = `/${largeName}`;
  const scans = await explainAll(large.t, large.world, log, largeUrl.toString());
  const rows = CASES.map((c) => {
    const e = [...sides[0]!.samples.get(c.name)!].sort((a, b) => a - b);
    const l = [...sides[1]!.samples.get(c.name)!].sort((a, b) => a - b);
    const p50e = percentile(e, 50);
    const p50l = percentile(l, 50);
    return {
      list: c.name,
      emptyP50: round1(p50e),
      emptyP99: round1(percentile(e, 99)),
      largeP50: round1(p50l),
      largeP99: round1(percentile(l, 99)),
      ratioP50: Math.round((p50l / p50e) * 100) / 100,
      seqScans: scans[c.name] ?? [],
    };
  });
  const date = new Date().toISOString();
  const result = {
    date,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAverage: { before: loadBefore.map(round1), during: loadDuring.map(round1) },
    members: MEMBERS,
    samplesPerList: perRound * ROUNDS,
    seed: large.seed,
    target: 'large p50 <= 2 x empty p50; no sequential scan of a large table',
    rows,
  };
  console.log('| List | Empty p50 / p99 ms | 200k p50 / p99 ms | Ratio p50 | Seq scans at 200k |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.list} | ${r.emptyP50} / ${r.emptyP99} | ${r.largeP50} / ${r.largeP99} | ${r.ratioP50} | ${r.seqScans.join(', ') || 'none'} |`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  // A run of some lists only (BENCH_LISTS) is kept beside the full table, never as the latest.
  writeFileSync(path.resolve(`bench/results/lists-${date.slice(0, 10)}${ONLY_LISTS ? '-some' : ''}.json`), json);
  if (!ONLY_LISTS) writeFileSync(path.resolve('bench/results/lists-latest.json'), json);
} finally {
  await empty.close();
  await large.t.close();
  if (!keep) await large.drop();
}
