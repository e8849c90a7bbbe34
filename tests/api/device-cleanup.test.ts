import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { trustedDevices, users } from '../../src/server/db/schema';
import { DAY } from '../../src/server/clock';
import { startServicingWorker } from '../../src/server/jobs/servicing';
import { DEVICE_TTL_MS, forgetExpiredDevices } from '../../src/server/sessions/devices';
import { registerMember, signIn } from './identity-helpers';

/**
 * Decision 050's device rows expire after DEVICE_TTL_MS, but issueDevice forgets only the expired
 * devices of the member it issues to: a member who never signs in again kept theirs for ever. The
 * servicing worker's pass deletes every member's expired devices, in batches.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function userIdOf(phone: string): Promise<string> {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row!.id;
}

async function deviceCount(userId: string): Promise<number> {
  return (await t.deps.db.select({ id: trustedDevices.id }).from(trustedDevices).where(eq(trustedDevices.userId, userId))).length;
}

describe('expired device cookies', () => {
  it('are deleted by the servicing worker pass; devices still valid, and at their very last moment, stay', async () => {
    const gone = await registerMember(t);
    const kept = await registerMember(t);
    const [goneId, keptId] = [await userIdOf(gone.phone), await userIdOf(kept.phone)];
    t.clock.advance(100 * DAY);
    // The second member signs in again from another browser: a second device, expiring 100 days after the first two.
    expect((await signIn(t, kept.phone, kept.password)).statusCode).toBe(200);
    expect([await deviceCount(goneId), await deviceCount(keptId)]).toEqual([1, 2]);

    const worker = startServicingWorker(t.deps, t.app.log, 3_600_000);
    try {
      // One millisecond before the first member's device expires: nothing is deleted.
      t.clock.advance(DEVICE_TTL_MS - 100 * DAY - 1);
      expect((await worker.tick()).expiredDevices).toBe(0);
      expect([await deviceCount(goneId), await deviceCount(keptId)]).toEqual([1, 2]);

      t.clock.advance(1);
      expect((await worker.tick()).expiredDevices).toBe(2);
      expect([await deviceCount(goneId), await deviceCount(keptId)]).toEqual([0, 1]);
      // A second pass finds nothing more.
      expect((await worker.tick()).expiredDevices).toBe(0);

      t.clock.advance(100 * DAY);
      expect((await worker.tick()).expiredDevices).toBe(1);
      expect(await deviceCount(keptId)).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('go in batches: a pass stops after its batch limit and the next pass takes the rest', async () => {
    const m = await registerMember(t);
    const userId = await userIdOf(m.phone);
    const now = t.clock.now();
    const expired = Array.from({ length: 7 }, (_, i) => ({
      userId,
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      createdAt: new Date(now.getTime() - DEVICE_TTL_MS - (i + 1) * DAY),
      expiresAt: new Date(now.getTime() - (i + 1) * DAY),
    }));
    const inserted = await t.deps.db.insert(trustedDevices).values(expired).returning({ id: trustedDevices.id });
    const remaining = async () =>
      (
        await t.deps.db
          .select({ id: trustedDevices.id })
          .from(trustedDevices)
          .where(
            inArray(
              trustedDevices.id,
              inserted.map((r) => r.id),
            ),
          )
      ).length;

    // Batches of 3, at most 2 a pass: 6 deleted, 1 left for the next pass; the member's valid device stays.
    expect(await forgetExpiredDevices(t.deps.db, t.clock, 3, 2)).toBe(6);
    expect(await remaining()).toBe(1);
    expect(await forgetExpiredDevices(t.deps.db, t.clock, 3, 2)).toBe(1);
    expect(await remaining()).toBe(0);
    expect(await deviceCount(userId)).toBe(1);
    expect(await forgetExpiredDevices(t.deps.db, t.clock, 3, 2)).toBe(0);
  });
});
