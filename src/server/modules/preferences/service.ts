import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import type { MemberLanguage } from '../../../shared/schemas/language';

/** Stores the language the member's SMS and e-mail are written in (their own account: the caller's user id). */
export async function setMemberLanguage(deps: AppDeps, userId: string, input: MemberLanguage): Promise<MemberLanguage> {
  await deps.db.update(users).set({ language: input.language, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
  return { language: input.language };
}
