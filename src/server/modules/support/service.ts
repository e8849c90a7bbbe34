import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { contactMessages } from '../../db/schema';
import { HOUR } from '../../clock';
import { AppError } from '../../http/errors';
import type { contactMessageSchema } from '../../../shared/schemas/contact';

const CONTACT_MAX_PER_IP_PER_HOUR = 5;
export const CONTACT_SENT_MESSAGE = 'Message sent.';

export type ContactMessageData = z.output<typeof contactMessageSchema>;

/**
 * Stores a contact-form message for staff (DECISIONS.md section 2: acknowledged only once it is
 * stored). The consent time is recorded; the user id only when a session is present. At most five
 * messages an hour from one address (counted in the database).
 */
export async function sendContactMessage(deps: AppDeps, input: ContactMessageData, ctx: { ip: string; userId: string | null }): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Messages from one address take turns, so that a burst cannot slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ctx.ip}`}))`);
    const recent = await tx
      .select({ createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(and(eq(contactMessages.ip, ctx.ip), gt(contactMessages.createdAt, new Date(now.getTime() - HOUR))))
      .orderBy(desc(contactMessages.createdAt))
      .limit(1)
      .offset(CONTACT_MAX_PER_IP_PER_HOUR - 1);
    const oldestCounted = recent[0];
    if (oldestCounted) {
      const wait = Math.max(1, Math.ceil((oldestCounted.createdAt.getTime() + HOUR - now.getTime()) / 1000));
      throw new AppError(429, 'RATE_LIMITED', undefined, undefined, { 'retry-after': String(wait) });
    }
    await tx.insert(contactMessages).values({
      name: input.name,
      email: input.email,
      message: input.message,
      consentAt: now,
      ip: ctx.ip,
      userId: ctx.userId,
      createdAt: now,
    });
  });
}
