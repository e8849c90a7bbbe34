import { spawn } from 'node:child_process';
import { procStat } from './proc';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Fresh start A/B (scenario (a) of bench/start.ts): `node dist/server/main.js` on a
 * fresh, empty DATA_DIR (the migrated template copied in), built checkouts "before" and "after"
 * started alternately, BENCH_RUNS times each (default 5), seconds to the first 200 on /readyz. On a
 * shared machine the load moves during a run; alternating puts both sides under the same load.
 *
 *   npx tsx bench/start-ab.ts <before checkout> [after checkout = .] [name]
 *
 * Both checkouts must be built (`npm run build`). Writes bench/results/start-<date>-<name = ab>.json.
 */
const before = path.resolve(process.argv[2] ?? '');
const after = path.resolve(process.argv[3] ?? '.');
const name = process.argv[4];
const runs = Number(process.env.BENCH_RUNS ?? 5);
for (const dir of [before, after]) if (!existsSync(path.join(dir, 'dist', 'server', 'main.js'))) throw new Error(`${dir}: run npm run build first.`);
const work = path.resolve('.tmp', `bench-start-ab-${process.pid}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The CPU seconds (user + system) a process has used, from /proc (Linux; null elsewhere): `total`
 * over every thread (the main thread, libuv's pool copying the template, V8's compiler and GC
 * threads) and `main`, the main thread's, which is the start's critical path. Less moved by other
 * processes' load than the wall clock, which waits for a core.
 */
function cpuSeconds(pid: number): { total: number; main: number } | null {
  const total = procStat(`/proc/${pid}/stat`);
  const main = procStat(`/proc/${pid}/task/${pid}/stat`);
  if (!total || !main) return null;
  return { total: (total.userMs + total.systemMs) / 1000, main: (main.userMs + main.systemMs) / 1000 };
}

/** Seconds from spawning `node dist/server/main.js` in `cwd` to the first 200 on /readyz (polled every 20 ms), and the CPU seconds it used by then. */
async function freshStart(cwd: string, dataDir: string): Promise<{ wall: number; cpu: { total: number; main: number } | null }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error(`${cwd}: the server exited before it was ready:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`${cwd}: not ready within 120 s`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.status === 200) return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (!gone) child.kill('SIGTERM');
    await exited;
    if (stderr.trim()) console.error(`${cwd} stderr:\n${stderr}`);
  }
}

const loads: number[][] = [];
const seconds: { before: number[]; after: number[] } = { before: [], after: [] };
const cpu: { before: number[]; after: number[] } = { before: [], after: [] };
const mainCpu: { before: number[]; after: number[] } = { before: [], after: [] };
mkdirSync(work, { recursive: true });
try {
  for (let i = 0; i < runs; i += 1) {
    // Alternate which side goes first, so neither always follows the other's cleanup.
    const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const side of order) {
      loads.push(os.loadavg());
      const dataDir = path.join(work, `${side}-${i}`);
      const s = await freshStart(side === 'before' ? before : after, dataDir);
      seconds[side].push(Math.round(s.wall * 100) / 100);
      if (s.cpu !== null) {
        cpu[side].push(s.cpu.total);
        mainCpu[side].push(s.cpu.main);
      }
      rmSync(dataDir, { recursive: true, force: true });
      console.log(
        `${side} ${i + 1}: ${s.wall.toFixed(2)} s, ${s.cpu?.total ?? '?'} s CPU, ${s.cpu?.main ?? '?'} s on the main thread (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const medians = (xs: { before: number[]; after: number[] }) =>
  xs.before.length && xs.after.length
    ? { before: median(xs.before), after: median(xs.after), ratio: Math.round((median(xs.after) / median(xs.before)) * 100) / 100 }
    : null;
const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version} (shared)`,
  loadAverage1m: { min: Math.min(...loads.map((l) => l[0]!)), max: Math.max(...loads.map((l) => l[0]!)) },
  scenario: '(a) fresh empty DATA_DIR, already built: node dist/server/main.js to the first 200 on /readyz',
  before,
  after,
  runs,
  seconds,
  median: { before: median(seconds.before), after: median(seconds.after), ratio: Math.round((median(seconds.after) / median(seconds.before)) * 100) / 100 },
  min: { before: Math.min(...seconds.before), after: Math.min(...seconds.after) },
  cpuSeconds: cpu,
  cpuMedian: medians(cpu),
  mainThreadCpuSeconds: mainCpu,
  mainThreadCpuMedian: medians(mainCpu),
};
const file = path.resolve(`bench/results/start-${result.date.slice(0, 10)}-${name ?? 'ab'}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify(result.median),
  JSON.stringify(result.min),
  JSON.stringify(result.cpuMedian),
  JSON.stringify(result.mainThreadCpuMedian),
  `load ${result.loadAverage1m.min.toFixed(1)}-${result.loadAverage1m.max.toFixed(1)}`,
  '->',
  file,
);
