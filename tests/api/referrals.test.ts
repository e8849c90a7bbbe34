import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, users } from '../../src/server/db/schema';
import { newInviteCode } from '../../src/server/modules/referrals/service';
import { INVITE_CODE_ALPHABET } from '../../src/shared/schemas/referrals';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, get } from '../fixtures/loans';
import { createMember } from '../fixtures/members';
import { registerMember } from './identity-helpers';

/** Referral codes (no money moves). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

const userByPhone = async (phone: string) => (await t.deps.db.select().from(users).where(eq(users.phone, phone)))[0]!;

describe('referral codes', () => {
  it('codes are 8 characters of the unambiguous alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const code = newInviteCode();
      expect(code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
      seen.add(code);
    }
    expect(seen.size).toBe(200);
  });

  it('an activated member gets one lasting code; who registers with it is linked and counted, without names; staff see who referred whom', async () => {
    const referrer = await createActivatedMember(t, { fullName: 'Rosa Referrer' });
    const first = await get(t, referrer.cookie, '/api/member/referral');
    expect(first.statusCode, first.body).toBe(200);
    const { code, joined } = first.json();
    expect(joined).toBe(0);
    expect((await get(t, referrer.cookie, '/api/member/referral')).json().code).toBe(code);
    const transfersBefore = (await t.deps.db.select().from(ledgerTransfers)).length;

    const friend = await registerMember(t, { referralCode: code.toLowerCase() });
    const stranger = await registerMember(t, { referralCode: 'NOSUCHCODE' });
    const friendRow = await userByPhone(friend.phone);
    expect(friendRow.referredBy).toBe(referrer.userId);
    const strangerRow = await userByPhone(stranger.phone);
    expect(strangerRow).toMatchObject({ referredBy: null, referralCode: 'NOSUCHCODE' });

    const after = (await get(t, referrer.cookie, '/api/member/referral')).json();
    expect(after).toEqual({ code, joined: 1 });
    // No money moves for referrals.
    expect((await t.deps.db.select().from(ledgerTransfers)).length).toBe(transfersBefore);

    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const list = (await get(t, officer.cookie, '/api/admin/referrals')).json();
    expect(list.referrals).toContainEqual({
      referrer: { id: referrer.userId, name: 'Rosa Referrer', code },
      member: { id: friendRow.id, name: friendRow.fullName },
      joinedAt: friendRow.createdAt.toISOString(),
    });
    expect(list.referrals.some((r: { member: { id: string } }) => r.member.id === strangerRow.id)).toBe(false);
  });

  it('refuses a member not yet activated (and issues no code), staff, and anyone signed out; members cannot see who referred whom', async () => {
    const fresh = await createMember(t);
    const refused = await get(t, fresh.cookie, '/api/member/referral');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_ACTIVATED');
    expect((await t.deps.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, fresh.userId)))[0]!.code).toBeNull();
    const officer = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    expect((await get(t, officer.cookie, '/api/member/referral')).json().error.code).toBe('STAFF_ACCOUNT');
    expect((await get(t, undefined, '/api/member/referral')).statusCode).toBe(401);
    const member = await createActivatedMember(t);
    expect((await get(t, member.cookie, '/api/admin/referrals')).statusCode).toBe(403);
  });
});
