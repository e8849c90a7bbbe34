import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/errors';
import { phoneDigits } from '../../shared/phone/phone';
import { text, type CatalogueText } from '../../shared/i18n/text';

/**
 * Conflict of interest: no staff member may act on a loan or a withdrawal of their own,
 * nor on one of a member who shares their phone number or e-mail address (compared by digits and
 * without letter case, so "+63 917..." and "0917..." or "Ana@X.ph" and "ana@x.ph" are the same).
 * An e-mail address links the two only when the member verified it (decisions 051, 055): an
 * address a member merely typed proves nothing, and counting it would let a member pick which
 * officer decides by typing the others' addresses. The staff account's address counts as recorded
 * (an ADMIN set it, and `user:create` marks it verified). Phones are proved at registration: they
 * always count.
 * Infrastructure beside the modules, like the audit writer: loans and withdrawals both ask it.
 */
const CONFLICT_OF_INTEREST_MESSAGE = text('errors.CONFLICT_OF_INTEREST');

/** A phone's comparable form: its national significant digits (the last 10, as Philippine numbers are written). */
function phoneKey(phone: string): string {
  const digits = phoneDigits(phone);
  return digits.length > 10 ? digits.slice(-10) : digits;
}

function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Why `staffUserId` may not act on `memberId`'s loan or withdrawal, or null. */
export async function conflictOfInterest(db: DbOrTx, staffUserId: string, memberId: string): Promise<CatalogueText | null> {
  if (staffUserId === memberId) return CONFLICT_OF_INTEREST_MESSAGE;
  const rows = await db
    .select({ id: users.id, phone: users.phone, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(inArray(users.id, [staffUserId, memberId]));
  const staff = rows.find((r) => r.id === staffUserId);
  const member = rows.find((r) => r.id === memberId);
  if (!staff || !member) return null;
  if (phoneKey(staff.phone) === phoneKey(member.phone)) return CONFLICT_OF_INTEREST_MESSAGE;
  if (member.emailVerifiedAt !== null && emailKey(staff.email) === emailKey(member.email)) return CONFLICT_OF_INTEREST_MESSAGE;
  return null;
}

/** 403 CONFLICT_OF_INTEREST when the staff member may not act on the member's loan or withdrawal. */
export async function assertNoConflict(db: DbOrTx, staffUserId: string, memberId: string): Promise<void> {
  const conflict = await conflictOfInterest(db, staffUserId, memberId);
  if (conflict) throw new AppError(403, 'CONFLICT_OF_INTEREST', conflict);
}
