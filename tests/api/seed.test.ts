import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { acquireDataDirLock } from '../../src/server/db/data-dir-lock';
import { run } from '../fixtures/processes';

/**
 * The newcomer's path (README, "Try it in five minutes"): `npm run seed` on a fresh, empty DATA_DIR
 * with the server stopped, then the server on that DATA_DIR at the real time, where a seeded
 * borrower and a seeded officer sign in and see the states the seed printed. The production code
 * budgets are in force (the seed spaces its registrations; it never raises a limit). Also: the seed
 * refuses a database with users and a DATA_DIR held by a server, each time saying what to do, and a
 * failure leaves DATA_DIR as it was.
 */
const root = mkdtempSync(path.join(tmpdir(), 'tapat-seed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The seed as `npm run seed` runs it, with the default code budgets (the test run sets none in its environment). */
function seed(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { DATA_DIR: dataDir, ...env }, 600_000);
}

const MEMBER_PASSWORD = 'Demo member kalamansi 2048';

describe('npm run seed', () => {
  it(
    'fills a fresh DATA_DIR in one run; the server then shows each state to a borrower and an officer; a second run is refused',
    { timeout: 900_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const first = await seed(dataDir);
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toContain('+639990000101  Demo officer one narra 4096');
      expect(first.stdout).toContain('+639175550033  Demo member kalamansi 2048          borrower: overdue loan with late charges');
      expect(first.stdout).toContain('member, loan REJECTED');
      expect(readdirSync(root)).toEqual(['data']);

      // The server on the seeded DATA_DIR, at the real time (the seed's history lies in the past).
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'silent' });
      const { app } = await buildApp({ config, logger: false });
      try {
        const signIn = async (phone: string, password = MEMBER_PASSWORD) => {
          const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password, remember: false } });
          expect(res.statusCode, res.body).toBe(200);
          const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('tapat_sid='));
          return cookie!.split(';')[0]!;
        };
        const get = async (cookie: string, url: string) => {
          const res = await app.inject({ method: 'GET', url, headers: { cookie } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
          return res.json();
        };

        const loanOf = async (phone: string) => (await get(await signIn(phone), '/api/loans/current')).loan?.status;
        expect(await loanOf('+639175550031')).toBe('ACTIVE');
        expect(await loanOf('+639175550033')).toBe('OVERDUE');
        expect(await loanOf('+639175550021')).toBe('PENDING');
        expect(await loanOf('+639175550023')).toBe('APPROVED');

        const onTime = await get(await signIn('+639175550031'), '/api/loans/current/servicing');
        expect(onTime.lines.filter((l: { status: string }) => l.status === 'PAID').length).toBeGreaterThanOrEqual(3);
        expect(onTime.lines.some((l: { status: string }) => l.status === 'OVERDUE')).toBe(false);
        const overdue = await get(await signIn('+639175550033'), '/api/loans/current/servicing');
        expect(overdue.charges.length).toBeGreaterThan(0);
        expect(overdue.lines.filter((l: { status: string }) => l.status === 'OVERDUE').length).toBeGreaterThanOrEqual(3);
        const ahead = await get(await signIn('+639175550032'), '/api/loans/current/servicing');
        // The prepayment paid the last lines' principal (the term shortened); the next instalment is still due.
        expect(ahead.lines.at(-1).status).toBe('PAID');
        expect(ahead.nextDue.lineNumber).toBeLessThan(6);
        const extended = await get(await signIn('+639175550034'), '/api/loans/current/servicing');
        expect(extended.lines.length).toBeGreaterThan(24);
        expect((await get(await signIn('+639175550036'), '/api/loans/current/extension')).extension.status).toBe('REQUESTED');
        expect((await get(await signIn('+639175550025'), '/api/loans/current')).loan?.status ?? 'REJECTED').toBe('REJECTED');

        const officer = await signIn('+639990000101', 'Demo officer one narra 4096');
        const queue = JSON.stringify(await get(officer, '/api/admin/loans'));
        for (const name of ['Gloria Santos', 'Hector Villanueva', 'Jun Bautista']) expect(queue).toContain(name);
        expect(JSON.stringify(await get(officer, '/api/admin/collections'))).toContain('Perla Domingo');
        expect(JSON.stringify(await get(officer, '/api/admin/support/messages'))).toContain('7-Eleven');
        const lastWithdrawal = async (phone: string) => (await get(await signIn(phone), '/api/withdrawals')).withdrawals[0].status;
        expect(await lastWithdrawal('+639175550033')).toBe('PAID');
        expect(await lastWithdrawal('+639175550032')).toBe('FAILED');
        expect(await lastWithdrawal('+639175550031')).toBe('CANCELLED');
        expect(await lastWithdrawal('+639175550034')).toBe('EXPIRED');
      } finally {
        await app.close();
      }

      const again = await seed(dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has');
      expect(again.stderr).toContain('npm run db:reset && npm run seed');
    },
  );

  it('refuses a DATA_DIR a server holds, saying to stop it and run seed before start', async () => {
    const dataDir = path.join(root, 'held');
    const lock = acquireDataDirLock(dataDir, 'server');
    try {
      const res = await seed(dataDir);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('npm run seed && npm start');
    } finally {
      lock.release();
    }
  });

  it('leaves DATA_DIR as it was when a step fails, and says so', { timeout: 300_000 }, async () => {
    // One code per number block an hour: the second registration is refused (429) at once.
    const dataDir = path.join(root, 'failing');
    const res = await seed(dataDir, { OTP_ANON_PER_PREFIX_HOURLY: '1' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('429');
    expect(res.stderr).toContain('is as it was');
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(`${dataDir}.seeding`)).toBe(false);
  });
});
