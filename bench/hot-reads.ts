import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { World } from './seed-large';

/**
 * Hot reads against the database's own speed: autocannon, 10 connections, 10 s,
 * three rounds, signed in, GET /api/wallet, /api/loans/current, /api/member/account,
 * /api/withdrawals/:id and /api/admin/loans (page 1), on PostgreSQL and on PGlite, each beside a
 * baseline server measured in the same round (Fastify 5 + one `pg` primary-key select; Fastify + one
 * PGlite select). Every server runs in a process of its own (bench/hot-reads-server.ts); autocannon
 * runs here. Targets: ratio (Tapat / baseline req/s) >= 0.5 and p99 <= 20 ms.
 *
 *   npx tsx bench/hot-reads.ts     BENCH_DURATION (s, default 10), BENCH_ROUNDS (default 3),
 *                                  BENCH_CPU_PROF=dir profiles the Tapat servers (node --cpu-prof, dir/<mode>/CPU.*.cpuprofile;
 *                                  the main thread's is the larger one: npx tsx bench/profile-summary.ts file 30 10),
 *                                  HOT_OUT=name writes results/hot-reads-<name>.json as well,
 *                                  BENCH_BASELINE_EACH=false measures the baseline once per round instead of before each route
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** The baseline measured right before each route (default), not once per round: BENCH_BASELINE_EACH=false for the older method. */
const BASELINE_EACH = process.env.BENCH_BASELINE_EACH !== 'false';

interface Server {
  readonly child: ChildProcess;
  readonly info: { port: number; world?: World; databaseUrl?: string | null; rowId?: string };
}

async function start(mode: string, extra: string[] = []): Promise<Server> {
  const profile =
    PROFILE_DIR && mode.startsWith('tapat')
      ? // One directory per server: with a fixed --cpu-prof-name tsx's loader thread wrote its profile over the main thread's.
        [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(PROFILE_DIR, mode)}`]
      : [];
  if (profile.length) mkdirSync(path.resolve(PROFILE_DIR!, mode), { recursive: true });
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.resolve('bench/hot-reads-server.ts'), mode, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (l) => resolve(l));
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) as Server['info'] };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const gone = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await gone;
}

interface Figure {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function cannon(port: number, url: string, cookie?: string): Promise<Figure> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: cookie ? { cookie } : {},
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const ROUTES: { route: string; who: 'member' | 'officer'; url: (w: World) => string }[] = [
  { route: 'GET /api/wallet', who: 'member', url: () => '/api/wallet' },
  { route: 'GET /api/loans/current', who: 'member', url: () => '/api/loans/current' },
  { route: 'GET /api/member/account', who: 'member', url: () => '/api/member/account' },
  { route: 'GET /api/withdrawals/:id', who: 'member', url: (w) => `/api/withdrawals/${w.withdrawalId}` },
  { route: 'GET /api/admin/loans (page 1)', who: 'officer', url: () => '/api/admin/loans' },
];

const loadBefore = os.loadavg();
const servers: Server[] = [];
try {
  const tapatPg = await start('tapat-pg');
  servers.push(tapatPg);
  const basePg = await start('baseline-pg', [tapatPg.info.databaseUrl!]);
  servers.push(basePg);
  const tapatLite = await start('tapat-pglite');
  servers.push(tapatLite);
  const baseLite = await start('baseline-pglite');
  servers.push(baseLite);

  // Warm-up: a short burst on each.
  for (const [tapat, base] of [
    [tapatPg, basePg],
    [tapatLite, baseLite],
  ] as const) {
    const w = tapat.info.world!;
    for (const r of ROUTES) {
      const res = await fetch(`http://127.0.0.1:${tapat.info.port}${r.url(w)}`, {
        headers: { cookie: r.who === 'member' ? w.member.cookie : w.officer.cookie },
      });
      if (res.status !== 200) throw new Error(`${r.route}: ${res.status} ${await res.text()}`);
    }
    const res = await fetch(`http://127.0.0.1:${base.info.port}/row/${base.info.rowId}`);
    if (res.status !== 200) throw new Error(`baseline: ${res.status}`);
  }

  const rows: { round: number; database: string; route: string; figure: Figure; baseline: Figure; ratio: number; load: number }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [database, tapat, base] of [
      ['PostgreSQL', tapatPg, basePg],
      ['PGlite', tapatLite, baseLite],
    ] as const) {
      let baseline = await cannon(base.info.port, `/row/${base.info.rowId}`);
      const w = tapat.info.world!;
      for (const [i, r] of ROUTES.entries()) {
        // The baseline again right before each route (BASELINE_EACH): the machine's own load drifts
        // over a round, and a ratio of two runs minutes apart measured the drift as much as the route.
        if (BASELINE_EACH && i > 0) baseline = await cannon(base.info.port, `/row/${base.info.rowId}`);
        const figure = await cannon(tapat.info.port, r.url(w), r.who === 'member' ? w.member.cookie : w.officer.cookie);
        // A non-2xx answer is a broken benchmark; errors (autocannon's 10 s timeouts on a loaded machine) are recorded in the row.
        if (figure.non2xx > 0) throw new Error(`${r.route} on ${database}: ${figure.non2xx} non-2xx answers`);
        const row = {
          round,
          database,
          route: r.route,
          figure,
          baseline,
          ratio: Math.round((figure.reqPerSec / baseline.reqPerSec) * 100) / 100,
          load: Math.round(os.loadavg()[0]! * 10) / 10,
        };
        rows.push(row);
        console.log(
          `round ${round} ${database} ${r.route}: ${figure.reqPerSec} req/s p99 ${figure.p99} ms | baseline ${baseline.reqPerSec} req/s p99 ${baseline.p99} ms | ratio ${row.ratio} | load ${row.load}`,
        );
      }
    }
  }
  const summary = ROUTES.flatMap((r) =>
    ['PostgreSQL', 'PGlite'].map((database) => {
      const mine = rows.filter((x) => x.route === r.route && x.database === database);
      return {
        route: r.route,
        database,
        reqPerSec: mine.map((x) => x.figure.reqPerSec),
        p99: mine.map((x) => x.figure.p99),
        baselineReqPerSec: mine.map((x) => x.baseline.reqPerSec),
        baselineP99: mine.map((x) => x.baseline.p99),
        ratio: mine.map((x) => x.ratio),
      };
    }),
  );
  const range = (xs: number[]) => (Math.min(...xs) === Math.max(...xs) ? `${xs[0]}` : `${Math.min(...xs)}-${Math.max(...xs)}`);
  console.log('\n| Route | Database | Tapat req/s | p99 ms | Baseline req/s | Baseline p99 ms | Ratio |\n|---|---|---|---|---|---|---|');
  for (const s of summary)
    console.log(
      `| ${s.route} | ${s.database} | ${range(s.reqPerSec)} | ${range(s.p99)} | ${range(s.baselineReqPerSec)} | ${range(s.baselineP99)} | ${range(s.ratio)} |`,
    );
  const date = new Date().toISOString();
  const result = {
    date,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAverageBefore: loadBefore.map((x) => Math.round(x * 10) / 10),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    baselineBeforeEachRoute: BASELINE_EACH,
    targets: 'ratio >= 0.5, p99 <= 20 ms',
    summary,
    rows,
  };
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(path.resolve(`bench/results/hot-reads-${date.slice(0, 10)}${process.env.HOT_OUT ? `-${process.env.HOT_OUT}` : ''}.json`), json);
  writeFileSync(path.resolve('bench/results/hot-reads-latest.json'), json);
} finally {
  for (const s of servers.reverse()) await stop(s);
}
