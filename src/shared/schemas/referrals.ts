import { z } from 'zod';

/**
 * Referral codes: each activated member has a code to share; the registration's
 * optional referral code links a new member to its owner. No money moves for referrals.
 */

/** Unambiguous letters and digits: no I, O, 0 or 1 (read aloud or copied from an SMS). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export const myReferralResponseSchema = z.object({
  /** The member's own code. */
  code: z.string(),
  /** How many people registered with it: a number, never who (their privacy). */
  joined: z.number().int().nonnegative(),
});
export type MyReferralResponse = z.infer<typeof myReferralResponseSchema>;

export const adminReferralsResponseSchema = z.object({
  referrals: z.array(
    z.object({
      referrer: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }),
      member: z.object({ id: z.string(), name: z.string() }),
      joinedAt: z.string(),
    }),
  ),
});
export type AdminReferralsResponse = z.infer<typeof adminReferralsResponseSchema>;
