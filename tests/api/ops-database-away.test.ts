import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runWithdrawalJobs } from '../../src/server/modules/withdrawals/settlement';
import { createSession } from '../../src/server/sessions/store';
import { SESSION_COOKIE } from '../../src/server/http/session';
import { users } from '../../src/server/db/schema';

/**
 * The database goes away for a while. The app reaches PostgreSQL through a TCP
 * proxy this test cuts and restores: meanwhile requests answer 503 SERVICE_UNAVAILABLE with
 * Retry-After (never a 500), /readyz says the database is not ready, /healthz still answers, a job
 * pass fails without effect; afterwards everything works again. PostgreSQL only (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

class CuttableProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}
  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      this.sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  /** The database is away: open connections are cut and new ones refused. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = null;
  }
}

let proxy: CuttableProxy;
let database: Database;
let built: BuiltApp;
let drop: () => Promise<void>;
let cookie: string;

beforeAll(async () => {
  if (!adminUrl) return;
  const name = `tapat_away_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const target = new URL(adminUrl);
  proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
  await proxy.open();
  const url = new URL(adminUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  const clock = new ManualClock(new Date('2026-11-22T04:00:00Z'));
  built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }), database, clock, logger: false });
  await built.app.ready();
  const [user] = await database.db
    .insert(users)
    .values({
      phone: '+639170000777',
      email: 'away@example.com',
      fullName: 'Away Tester',
      passwordHash: '$argon2id$placeholder-not-a-real-hash',
      role: 'MEMBER',
      accountState: 'INFO_COMPLETED',
      employmentCountry: 'PH',
      employmentLocation: 'Makati City',
      jobTitle: 'Accountant',
      jobCategory: 'Accounting / Finance',
      monthlyNetIncome: 3_500_000n,
    })
    .returning({ id: users.id });
  const session = await createSession(database.db, clock, { userId: user!.id, persistent: false, ip: '127.0.0.1', userAgent: 'vitest' });
  cookie = `${SESSION_COOKIE}=${session.token}`;
}, 120_000);

afterAll(async () => {
  if (!adminUrl) return;
  await built?.app.close();
  await database?.close();
  await proxy?.cut().catch(() => {});
  await drop?.();
});

describe.skipIf(!adminUrl)('the database away for a while', () => {
  it('answers 503 with Retry-After meanwhile, never a 500; readiness says so; then everything resumes', async () => {
    const get = (url: string) => built.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/wallet')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);

    await proxy.cut();
    const away = await get('/api/wallet');
    expect(away.statusCode, away.body).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json().error.code).toBe('SERVICE_UNAVAILABLE');
    const fil = await built.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie, 'accept-language': 'fil' } });
    expect(fil.statusCode).toBe(503);
    expect(fil.json().error.message).toMatch(/Hindi namin maabot/);
    const ready = await get('/readyz');
    expect(ready.statusCode, ready.body).toBe(503);
    expect(ready.json().checks.database).toBe(false);
    expect((await get('/healthz')).statusCode).toBe(200);
    // A job pass meets the same: it fails (the worker logs it) and changes nothing.
    await expect(runWithdrawalJobs(built.deps)).rejects.toThrow();

    await proxy.open(); // the same port: the pool opens new connections on demand
    // A connection the pool held when the cut came may fail one more request (503 again, cleanly); then it recovers.
    const deadline = Date.now() + 15_000;
    let back = await get('/api/wallet');
    while (back.statusCode !== 200 && Date.now() < deadline) {
      expect(back.statusCode, back.body).toBe(503);
      await new Promise((r) => setTimeout(r, 200));
      back = await get('/api/wallet');
    }
    expect(back.statusCode, back.body).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
    await expect(runWithdrawalJobs(built.deps)).resolves.toEqual({ expired: 0, settled: 0 });
  }, 120_000);
});
