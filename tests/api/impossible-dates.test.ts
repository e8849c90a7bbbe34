import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * A date or a cursor of the right shape that names no real day (month 13, 30 February, hour 25)
 * is refused with 400 and the catalogue's words, like any malformed one: it never reaches the
 * database (where it was a 500).
 */
let t: TestApp;
let officer: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  admin = await createStaff(t, 'ADMIN', 'Admin Ria Santos');
});
afterAll(async () => {
  await t.close();
});

describe('impossible dates and cursors', () => {
  it.each([
    ['the withdrawals reconciliation', '/api/admin/withdrawals/reconciliation?date=2026-13-45'],
    ['the withdrawals reconciliation (30 February)', '/api/admin/withdrawals/reconciliation?date=2026-02-30'],
    ['a closed day', '/api/admin/trial-balances/2026-02-30'],
    ['the closed days list', '/api/admin/trial-balances?before=2026-00-10'],
    ['the collections queue', '/api/admin/collections?cursor=2026-13-45.1'],
  ])('%s: 400', async (_name, url) => {
    const res = await get(t, officer.cookie, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('a loan’s reminders (an hour 25 in the cursor): 400 before the loan is looked up', async () => {
    const res = await get(t, officer.cookie, `/api/admin/loans/${randomUUID()}/reminders?cursor=2026-11-24T25:61:61.999Z_${randomUUID()}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('the deletion requests list (30 February in the cursor): 400', async () => {
    const res = await get(t, admin.cookie, `/api/admin/deletion-requests?cursor=2026-02-30T10:00:00.000Z_${randomUUID()}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('real days and instants still pass', async () => {
    expect((await get(t, officer.cookie, '/api/admin/withdrawals/reconciliation?date=2024-02-29')).statusCode).toBe(200);
    expect((await get(t, officer.cookie, '/api/admin/collections?cursor=2026-12-22.17')).statusCode).toBe(200);
    expect((await get(t, admin.cookie, `/api/admin/deletion-requests?cursor=2026-11-24T07:37:33.123Z_${randomUUID()}`)).statusCode).toBe(200);
  });
});
