import { randomInt } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import type { SessionAuth } from '../../sessions/store';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, type AdminReferralsResponse, type MyReferralResponse } from '../../../shared/schemas/referrals';
import { isActivated, type AccountState } from '../../../shared/states/account';
import { text } from '../../../shared/i18n/text';

/** 8 characters of a 32-character alphabet from the CSPRNG: 2^40 codes, not guessed by trying. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * GET /api/member/referral: the activated member's code (issued on the first look, kept for good)
 * and how many people registered with it. Nothing about who they are.
 */
export async function myReferral(deps: AppDeps, auth: SessionAuth): Promise<MyReferralResponse> {
  if (!isActivated(auth.accountState as AccountState)) throw new AppError(403, 'NOT_ACTIVATED', text('loans.errors.notActivated'));
  let [me] = await deps.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, auth.userId));
  if (!me) throw new AppError(401, 'UNAUTHENTICATED');
  for (let attempt = 0; !me?.code && attempt < 5; attempt += 1) {
    try {
      await deps.db
        .update(users)
        .set({ inviteCode: newInviteCode() })
        .where(and(eq(users.id, auth.userId), isNull(users.inviteCode)));
    } catch (error) {
      if (uniqueViolation(error) === null) throw error; // another member has that code: draw again
    }
    [me] = await deps.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, auth.userId));
  }
  if (!me?.code) throw new AppError(500, 'INTERNAL');
  const [joined] = await deps.db.select({ n: count() }).from(users).where(eq(users.referredBy, auth.userId));
  return { code: me.code, joined: joined?.n ?? 0 };
}

/** GET /api/admin/referrals: who referred whom, newest first (staff only). */
export async function listReferrals(deps: AppDeps): Promise<AdminReferralsResponse> {
  const referrer = alias(users, 'referrer');
  const rows = await deps.db
    .select({
      referrerId: referrer.id,
      referrerName: referrer.fullName,
      referrerCode: referrer.inviteCode,
      memberId: users.id,
      memberName: users.fullName,
      joinedAt: users.createdAt,
    })
    .from(users)
    .innerJoin(referrer, eq(referrer.id, users.referredBy))
    .orderBy(desc(users.createdAt))
    .limit(500);
  return {
    referrals: rows.map((r) => ({
      referrer: { id: r.referrerId, name: r.referrerName, code: r.referrerCode },
      member: { id: r.memberId, name: r.memberName },
      joinedAt: r.joinedAt.toISOString(),
    })),
  };
}
