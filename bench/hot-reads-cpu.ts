import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { World } from './seed-large';
import { procStat } from './proc';

/**
 * CPU time per request of the hot reads, a figure that holds on a loaded
 * machine where req/s does not: each server of bench/hot-reads-server.ts runs in its own process;
 * this sends a fixed number of requests per route (BENCH_REQUESTS, default 2000, BENCH_CONCURRENCY
 * in flight, default 10, keep-alive) and reads the server process's user + system CPU from /proc
 * before and after, and the CPU of the PostgreSQL backends serving its database (pg_stat_activity
 * pids, /proc/<pid>/stat). Prints ms per request for Tapat on PostgreSQL and for the baseline
 * (Fastify 5 + one `pg` primary-key select).
 *
 *   npx tsx bench/hot-reads-cpu.ts     CPU_OUT=name writes results/hot-reads-cpu-<name>.json,
 *                                      BENCH_ROUTES=wallet,account measures only the routes whose name contains one,
 *                                      BENCH_CPU_PROF=dir profiles the Tapat server (bench/profile-summary.ts; BENCH_PROF_BASELINE=true the baseline too),
 *                                      BENCH_ROUNDS (default 2), BENCH_BEFORE_DIR=dir serves the code of a checkout
 *                                      beside this one and measures both in turn (A/B in the same conditions)
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const ONLY = process.env.BENCH_ROUTES?.split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;

interface Server {
  readonly child: ChildProcess;
  readonly info: { port: number; world?: World; databaseUrl?: string | null; rowId?: string };
}

async function start(mode: string, extra: string[] = [], dir = process.cwd()): Promise<Server> {
  const profile =
    PROFILE_DIR && (mode.startsWith('tapat') || process.env.BENCH_PROF_BASELINE === 'true')
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, mode)}`]
      : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.resolve(dir, 'bench/hot-reads-server.ts'), mode, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: dir,
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

/** utime + stime of a process (all its threads), in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  const stat = procStat(`/proc/${pid}/stat`);
  return stat ? stat.userMs + stat.systemMs : 0;
}

/** The PIDs of the PostgreSQL backends connected to a database. */
async function backends(databaseUrl: string): Promise<number[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  const res = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  await client.end();
  return res.rows.map((r) => r.pid);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(port: number, url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function run(port: number, url: string, cookie?: string, count = REQUESTS): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const status = await request(port, url, cookie);
      if (status !== 200) throw new Error(`${url}: ${status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** The summed CPU of the PostgreSQL backends of the databases, by pid (a backend that exits during a run drops out of both samples). */
async function backendCpu(urls: string[]): Promise<Map<number, number>> {
  const pids = (await Promise.all(urls.map(backends))).flat();
  return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
}

async function measure(server: Server, url: string, cookie: string | undefined, databases: string[]) {
  // Warm-up, not counted: a tenth of the run at the same concurrency, so that the pool has opened
  // its connections (a backend that starts during the run is not counted).
  await run(server.info.port, url, cookie, Math.max(50, REQUESTS / 10));
  const pg0 = await backendCpu(databases);
  const node0 = cpuMs(server.child.pid!);
  const t0 = performance.now();
  await run(server.info.port, url, cookie);
  const seconds = (performance.now() - t0) / 1000;
  const node = (cpuMs(server.child.pid!) - node0) / REQUESTS;
  const pg1 = await backendCpu(databases);
  let pgTotal = 0;
  for (const [pid, before] of pg0) if (pg1.has(pid)) pgTotal += pg1.get(pid)! - before;
  const pgCpu = pgTotal / REQUESTS;
  return { nodeMsPerRequest: Math.round(node * 1000) / 1000, postgresMsPerRequest: Math.round(pgCpu * 1000) / 1000, reqPerSec: Math.round(REQUESTS / seconds) };
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
  const tapat = await start('tapat-pg');
  servers.push(tapat);
  const base = await start('baseline-pg', [tapat.info.databaseUrl!]);
  servers.push(base);
  // BENCH_BEFORE_DIR: a checkout of the code before (git archive <commit> | tar -x -C dir, node_modules linked), served beside this one: A/B in the same conditions.
  const before = BEFORE_DIR ? await start('tapat-pg', [], path.resolve(BEFORE_DIR)) : null;
  if (before) servers.push(before);
  const databases = [tapat.info.databaseUrl!, ...(before ? [before.info.databaseUrl!] : [])];
  const rows: Record<string, unknown>[] = [];
  const contenders: [string, Server][] = [...(before ? ([['before', before]] as [string, Server][]) : []), ['after', tapat]];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const baseline = await measure(base, `/row/${base.info.rowId}`, undefined, databases);
    rows.push({ round, route: 'baseline (Fastify + one pg select)', ...baseline });
    console.log(
      `round ${round} baseline: Node ${baseline.nodeMsPerRequest} ms, PostgreSQL ${baseline.postgresMsPerRequest} ms per request, ${baseline.reqPerSec} req/s`,
    );
    for (const r of ROUTES.filter((x) => !ONLY || ONLY.some((o) => x.route.includes(o)))) {
      for (const [which, server] of contenders) {
        const w = server.info.world!;
        const figure = await measure(server, r.url(w), r.who === 'member' ? w.member.cookie : w.officer.cookie, databases);
        rows.push({
          round,
          route: r.route,
          code: which,
          ...figure,
          nodeTimesBaseline: Math.round((figure.nodeMsPerRequest / baseline.nodeMsPerRequest) * 100) / 100,
        });
        console.log(
          `round ${round} ${r.route} (${which}): Node ${figure.nodeMsPerRequest} ms (${Math.round((figure.nodeMsPerRequest / baseline.nodeMsPerRequest) * 10) / 10} x baseline), PostgreSQL ${figure.postgresMsPerRequest} ms per request, ${figure.reqPerSec} req/s`,
        );
      }
    }
  }
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAverageBefore: loadBefore.map((x) => Math.round(x * 10) / 10),
    loadAverageAfter: os.loadavg().map((x) => Math.round(x * 10) / 10),
    requests: REQUESTS,
    rounds: ROUNDS,
    before: BEFORE_DIR ?? null,
    concurrency: CONCURRENCY,
    rows,
  };
  if (process.env.CPU_OUT) writeFileSync(path.resolve(`bench/results/hot-reads-cpu-${process.env.CPU_OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  agent.destroy();
  for (const s of servers.reverse()) await stop(s);
}
