import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock';
import { adminSocketPath } from '../../src/server/ops/admin-client';
import { freePort, runScript, ServerProcess } from '../fixtures/processes';

/**
 * The embedded mode has one owner. The real server (src/server/main.ts)
 * runs on a temporary DATA_DIR; a second server, seed, db:reset and a direct opening are refused
 * with a message naming it; user:create and ledger:check reach it through its admin channel (a
 * Unix socket, 0600, never on TCP); what they created survives a restart; SIGTERM finishes a request
 * in flight, then releases the lock.
 */
let dataDir: string;
let server: ServerProcess;
/** The embedded mode only: CI's second API run (on PostgreSQL) skips it. */
const embedded = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (!embedded) return;
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapat-ops-'));
  // A lock left by a killed server (its pid is gone): the server takes it over.
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  await writeFile(
    path.join(dataDir, LOCK_FILE),
    JSON.stringify({ pid: dead, host: hostname(), purpose: 'server', command: 'killed', since: '2026-11-23T00:00:00Z' }),
  );
  server = new ServerProcess(await freePort(), { DATA_DIR: dataDir });
  await server.start();
}, 300_000);

afterAll(async () => {
  if (!embedded) return;
  await server?.stop('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dataDir, PORT: String(server.port + 1) });

describe.skipIf(!embedded)('one owner for the embedded data directory', () => {
  it('the server holds the lock with its pid; /healthz and /readyz answer with minimal bodies and a request id', async () => {
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(lock).toMatchObject({ pid: server.child!.pid, purpose: 'server' });
    const health = await fetch(`${server.base}/healthz`, { headers: { 'x-request-id': 'lb-probe-1' } });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('x-request-id')).toBe('lb-probe-1');
    const ready = await fetch(`${server.base}/readyz`, { headers: { 'x-request-id': 'not an id; <script>' } });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, lock: true, accepting: true } });
    expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second server, the seed, db:reset and a direct opening, naming the running process', async () => {
    const pid = server.child!.pid!;
    const named = new RegExp(`in use by a running Tapat server \\(pid ${pid}[\\s\\S]*stop that process first`);
    const second = new ServerProcess(server.port + 2, { DATA_DIR: dataDir });
    await expect(second.start()).rejects.toThrow(named);
    const seed = await runScript('seed.ts', [], env());
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(named);
    const reset = await runScript('db-reset.ts', [], env());
    expect(reset.code).toBe(2);
    expect(reset.stderr).toMatch(named);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    await expect(openDatabase({ dataDir, purpose: 'test' })).rejects.toThrow(named);
  }, 300_000);

  it('user:create and ledger:check reach the running server through its admin channel', async () => {
    const created = await runScript(
      'user-create.ts',
      ['--phone', '+639990007001', '--password', 'Channel officer kalamansi 2048', '--role', 'OFFICER', '--name', 'Officer Via Socket'],
      env(),
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/Created OFFICER Officer Via Socket .* through the running server/);
    expect(created.code).toBe(0);
    const again = await runScript(
      'user-create.ts',
      ['--phone', '+639990007001', '--password', 'Channel officer kalamansi 2048', '--role', 'OFFICER', '--name', 'Officer Via Socket'],
      env(),
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    const demo = await runScript('user-create.ts', ['--demo'], env());
    expect(demo.code).toBe(0);
    expect(demo.stdout.match(/^Created (OFFICER|ADMIN) /gm)).toHaveLength(3);
    const demoInProduction = await runScript('user-create.ts', ['--demo'], { ...env(), NODE_ENV: 'production' });
    expect(demoInProduction.code).toBe(2);
    const ledger = await runScript('ledger-check.ts', [], env());
    expect(ledger.stdout).toMatch(/through the running server[\s\S]*every invariant holds/);
    expect(ledger.code).toBe(0);
    // The officer can sign in at once: the running server created it in its own database.
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+639990007001', password: 'Channel officer kalamansi 2048' }),
    });
    expect(login.status).toBe(200);
  }, 300_000);

  it('the admin channel is a Unix socket only its user can open (0600 in a 0700 directory), and not on the HTTP port', async () => {
    const socket = adminSocketPath(dataDir);
    const stat = statSync(socket);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    for (const url of ['/staff', '/staff/demo', '/ledger']) {
      const res = await fetch(`${server.base}${url}`, {
        method: url === '/ledger' ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: url === '/ledger' ? undefined : '{}',
      });
      expect(res.status, url).toBe(404);
    }
  });

  it('SIGTERM: /readyz turns away, the request in flight is answered, the lock and socket are released; a restart keeps the staff', async () => {
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ phone: '+639990007001', password: 'wrong password entirely' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.base}/api/auth/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        void (async () => {
          const child = server.child!;
          const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
          child.kill('SIGTERM');
          // New connections are refused once the listener closes.
          const deadline = Date.now() + 20_000;
          let refused = false;
          while (!refused && Date.now() < deadline) {
            try {
              await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(1_000) });
              await new Promise((r) => setTimeout(r, 50));
            } catch {
              refused = true;
            }
          }
          expect(refused).toBe(true);
          req.end(body.slice(10));
          exitCode = await exited;
        })().catch(reject);
      }, 500);
    });
    let exitCode: number | null = -1;
    const status = await answered;
    expect(status).toBe(401);
    const deadline = Date.now() + 30_000;
    while (exitCode === -1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(exitCode).toBe(0);
    server.child = null;
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);

    const database = await openDatabase({ dataDir, purpose: 'test' });
    try {
      const staff = await database.db
        .select({ phone: users.phone })
        .from(users)
        .where(inArray(users.role, ['OFFICER', 'ADMIN']));
      expect(staff.map((s) => s.phone).sort()).toEqual(['+639990000201', '+639990000202', '+639990000209', '+639990007001']);
    } finally {
      await database.close();
    }
  }, 300_000);
});
