import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { migrationsFolder } from '../../src/server/paths';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';

/**
 * Migration 0026: staff accounts created before decision 055 (addresses unverified) become verified
 * as of their creation, as new ones are, unless another account verified the same address; of staff
 * accounts sharing an unverified address, only the first created. Its SQL is applied here to rows
 * as they were before it (the test database already ran it, on no such rows).
 */

const MIGRATION = readFileSync(path.join(migrationsFolder, '0026_staff-emails-verified.sql'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const verifiedAt = async (id: string) => (await t.deps.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, id)))[0]!.at;
const createdAt = async (id: string) => (await t.deps.db.select({ at: users.createdAt }).from(users).where(eq(users.id, id)))[0]!.at;
const setCreated = (id: string, at: Date) => t.deps.db.update(users).set({ createdAt: at }).where(eq(users.id, id));
const migrate = () => t.deps.db.execute(sql.raw(MIGRATION));

describe('migration 0026: staff addresses verified', () => {
  it('is in the journal after 0025', () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0026_staff-emails-verified');
    expect(at).toBeGreaterThan(0);
    expect(journal.entries[at]!.idx).toBe(26);
    expect(journal.entries[at - 1]!.tag).toBe('0025_payoff-fees-and-moot-waivers');
  });

  it('verifies a pre-055 staff address as of the account’s creation, unless another account verified it', async () => {
    const alone = await createMember(t, { role: 'OFFICER', email: 'officer.alone@lender.example', emailVerified: false });
    const claimed = await createMember(t, { role: 'OFFICER', email: 'officer.claimed@lender.example', emailVerified: false });
    const owner = await createMember(t, { email: 'officer.claimed@lender.example' }); // a member who proved the mailbox
    const typed = await createMember(t, { role: 'ADMIN', email: 'admin.typed@lender.example', emailVerified: false });
    const stranger = await createMember(t, { email: 'admin.typed@lender.example', emailVerified: false }); // only typed it
    const first = await createMember(t, { role: 'OFFICER', email: 'shared.desk@lender.example', emailVerified: false });
    const second = await createMember(t, { role: 'OFFICER', email: 'shared.desk@lender.example', emailVerified: false });
    await setCreated(first.userId, new Date('2026-01-05T01:00:00Z'));
    await setCreated(second.userId, new Date('2026-03-05T01:00:00Z'));
    const member = await createMember(t, { email: 'member.unverified@example.com', emailVerified: false });
    const already = await createMember(t, { role: 'OFFICER', email: 'officer.new@lender.example' });
    const alreadyAt = await verifiedAt(already.userId);
    const ownerAt = await verifiedAt(owner.userId);

    await migrate();

    expect(await verifiedAt(alone.userId)).toEqual(await createdAt(alone.userId));
    expect(await verifiedAt(claimed.userId)).toBeNull();
    expect(await verifiedAt(owner.userId)).toEqual(ownerAt);
    expect(await verifiedAt(typed.userId)).toEqual(await createdAt(typed.userId));
    expect(await verifiedAt(stranger.userId)).toBeNull();
    expect(await verifiedAt(first.userId)).toEqual(new Date('2026-01-05T01:00:00Z'));
    expect(await verifiedAt(second.userId)).toBeNull();
    expect(await verifiedAt(member.userId)).toBeNull();
    expect(await verifiedAt(already.userId)).toEqual(alreadyAt);

    // Applied again, it changes nothing (and the unique index on verified addresses holds).
    await migrate();
    expect(await verifiedAt(second.userId)).toBeNull();
    expect(await verifiedAt(claimed.userId)).toBeNull();
  });

  it('leaves a staff address another account verified in another letter case', async () => {
    const staff = await createMember(t, { role: 'OFFICER', email: 'Mixed.Case@Lender.example', emailVerified: false });
    await createMember(t, { email: 'mixed.case@lender.example' });
    await migrate();
    expect(await verifiedAt(staff.userId)).toBeNull();
  });
});
