import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Server start to the first 200 on /readyz (docs/decisions/023-start-fast.md),
 * before (the server under tsx, PGlite's initdb on an empty DATA_DIR) and after (node on the
 * compiled dist/server/main.js, an empty DATA_DIR copied from the migrated template) in one run:
 *   (a) a fresh, empty DATA_DIR, the app already built;
 *   (b) an existing DATA_DIR (the one (a) made);
 *   (c) `npm start` on a fresh clone after install: a clone of HEAD with node_modules hard-linked
 *       from this checkout minus its caches (no dist/, no template): before, the old `npm start`
 *       (vite build, precompress, tsx); after, `node scripts/start.mjs`. BENCH_START_CLONE=false skips it.
 * Run after `npm run build` and a commit (the clone takes HEAD). Figures are seconds of wall clock;
 * compare the ratios, which come from the same run on the same (shared, loaded) machine.
 */
const root = path.resolve('.');
const work = path.join(root, '.tmp', `bench-start-${process.pid}`);

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

async function readyAfter(cwd: string, command: string, env: Record<string, string>, timeoutMs = 600_000): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('bash', ['-c', command], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error(`${command} exited before it was ready:\n${stderr}`);
      if (performance.now() - started > timeoutMs) throw new Error(`${command} was not ready within ${timeoutMs} ms`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (!gone && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

function run(cwd: string, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code})`))));
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
const before = 'node_modules/.bin/tsx src/server/main.ts';
const after = 'node dist/server/main.js';
if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('Run npm run build first.');

mkdirSync(work, { recursive: true });
const rows: { scenario: string; before: number; after: number }[] = [];
try {
  const fresh = {
    before: await readyAfter(root, before, { DATA_DIR: path.join(work, 'before'), PGLITE_TEMPLATE: 'false' }),
    after: await readyAfter(root, after, { DATA_DIR: path.join(work, 'after') }),
  };
  rows.push({ scenario: '(a) fresh empty DATA_DIR, already built', ...fresh });
  const existing = {
    before: await readyAfter(root, before, { DATA_DIR: path.join(work, 'before'), PGLITE_TEMPLATE: 'false' }),
    after: await readyAfter(root, after, { DATA_DIR: path.join(work, 'after') }),
  };
  rows.push({ scenario: '(b) existing DATA_DIR', ...existing });
  if (process.env.BENCH_START_CLONE !== 'false') {
    const clone = path.join(work, 'clone');
    const fresh = async () => {
      rmSync(clone, { recursive: true, force: true });
      await run(
        work,
        `git clone --quiet ${JSON.stringify(root)} clone && cp -al ${JSON.stringify(path.join(root, 'node_modules'))} clone/node_modules && rm -rf clone/node_modules/.cache clone/node_modules/.vite`,
      );
    };
    await fresh();
    const oldStart = `node_modules/.bin/vite build --logLevel warn && node_modules/.bin/tsx scripts/precompress.ts >/dev/null && exec ${before}`;
    const cloneBefore = await readyAfter(clone, oldStart, { DATA_DIR: path.join(clone, 'data'), PGLITE_TEMPLATE: 'false' });
    await fresh();
    const cloneAfter = await readyAfter(clone, 'exec node scripts/start.mjs', { DATA_DIR: path.join(clone, 'data') });
    rows.push({ scenario: '(c) npm start on a fresh clone after install (build included)', before: cloneBefore, after: cloneAfter });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (shared)`,
  before: `${before}, PGLITE_TEMPLATE=false (initdb on an empty DATA_DIR); (c): vite build, precompress, tsx`,
  after: `${after}, the migrated template copied into an empty DATA_DIR; (c): node scripts/start.mjs`,
  seconds: rows.map((r) => ({ scenario: r.scenario, before: round(r.before), after: round(r.after), ratio: Math.round((r.after / r.before) * 100) / 100 })),
};

/** The table bench/README.md shows between its bench:start markers (rewritten by every run). */
function startTable(r: typeof result): string {
  return [
    `Server start to the first 200 on /readyz (\`npx tsx bench/start.ts\`, ${r.date.slice(0, 10)}, ${r.machine}):`,
    '',
    '| Scenario | Before (s) | After (s) | After / before |',
    '|---|---|---|---|',
    ...r.seconds.map((s) => `| ${s.scenario} | ${s.before} | ${s.after} | ${s.ratio} |`),
  ].join('\n');
}

const stamp = result.date.slice(0, 10);
writeFileSync(path.resolve(`bench/results/start-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(path.resolve('bench/results/start-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
const readme = path.resolve('bench/README.md');
const text = readFileSync(readme, 'utf8');
const section = /(<!-- bench:start -->\n)[\s\S]*?(\n<!-- \/bench:start -->)/;
if (section.test(text)) writeFileSync(readme, text.replace(section, `$1${startTable(result)}$2`));
console.log(startTable(result));
export default result;
