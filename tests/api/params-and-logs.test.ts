import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/clock';
import type { TestApp } from '../fixtures/app';
import { createStaff, get } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * A numeric parameter outside its database type is a 400 naming it, never a
 * database error (GET /api/admin/audit?cursor=9223372036854775808 was a 500), and the error log
 * line of a failed query carries neither the SQL nor its parameters.
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const SECRET = '+639181234567-secret-parameter';
let database: Database;
let built: BuiltApp;
let t: TestApp;
let officer: TestMember;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'info' });
  const clock = new ManualClock(new Date('2026-11-22T04:00:00Z'));
  database = await openDatabase({});
  built = await buildApp({ config, database, clock, logger: { level: 'info', stream: sink } });
  // A route that fails inside the database with a parameter, as any query could.
  built.app.get('/api/test-only/failing-query', async () => {
    await built.deps.db.execute(sql`select ${SECRET}::bigint as n`);
    return {};
  });
  await built.app.ready();
  t = { ...built, clock, close: async () => undefined };
  officer = await createStaff(t, 'OFFICER');
});
afterAll(async () => {
  await built.app.close();
  await database.close();
});

describe('numeric parameters are checked against their database type', () => {
  it.each([
    ['/api/admin/audit?cursor=9223372036854775808', 'cursor'],
    ['/api/admin/audit?cursor=99999999999999999999', 'cursor'],
    ['/api/admin/audit?cursor=-1', 'cursor'],
    ['/api/admin/audit?cursor=abc', 'cursor'],
    ['/api/admin/audit?limit=2147483648', 'limit'],
    ['/api/admin/audit?limit=1e2', 'limit'],
    ['/api/admin/loans?limit=9223372036854775808', 'limit'],
    ['/api/admin/withdrawals?limit=0x10', 'limit'],
    ['/api/loans/quote?amount=200000&term=99999999999', 'term'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await get(t, officer.cookie, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('the largest bigint cursor is accepted (an empty page)', async () => {
    const res = await get(t, officer.cookie, '/api/admin/audit?cursor=9223372036854775807');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('nothing above was logged as an error', () => {
    expect(lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
  });
});

describe('a failed query is logged without its SQL or parameters', () => {
  it('answers 500 INTERNAL and logs the error type, code and a redacted message only', async () => {
    lines.length = 0;
    const res = await get(t, officer.cookie, '/api/test-only/failing-query');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    const errorLines = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    expect(errorLines).toHaveLength(1);
    const line = errorLines[0]!;
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('639181234567');
    expect(line).not.toMatch(/select/i);
    expect(line).not.toContain('::bigint');
    const logged = JSON.parse(line) as { err: { message: string; params?: unknown; query?: unknown; cause?: { code?: string; message: string } } };
    expect(logged.err.message).toMatch(/^Failed query: \[redacted\]/);
    expect(logged.err.params).toBe('[redacted]');
    expect(logged.err.query).toBe('[redacted]');
    // The database's own error keeps its SQLSTATE (22P02: invalid text representation), not the value.
    expect(logged.err.cause?.code).toBe('22P02');
    expect(logged.err.cause?.message).toContain('[redacted]');
  });
});
