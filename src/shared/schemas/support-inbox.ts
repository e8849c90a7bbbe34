import { z } from 'zod';
import { SUPPORT_STATUSES } from '../states/support';
import { optionalBigintIdParam, pageLimitParam } from './params';

/**
 * The support inbox: contact-form messages for staff (OFFICER, ADMIN), newest
 * first a page at a time, filtered by status; assignment, reply by e-mail, close and reopen.
 */
export const SUPPORT_REPLY_MAX = 2000;
const SUPPORT_REPLY_MIN = 5;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const supportInboxQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(SUPPORT_STATUSES).optional()),
  /** The nextCursor of the previous page. */
  cursor: optionalBigintIdParam('errors.cursor'),
  limit: pageLimitParam(100, 25),
});
export type SupportInboxQuery = z.infer<typeof supportInboxQuerySchema>;

export const supportMessageParams = z.object({ messageId: z.uuid({ error: 'errors.messageId' }) });

const supportStaffSchema = z.object({ id: z.string(), name: z.string() });

export const supportMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The person's own words: shown as text, never as HTML. */
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** Sent while signed in: the member's id (from the session, never the form). */
  memberId: z.string().nullable(),
  assignedTo: supportStaffSchema.nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportInboxResponseSchema = z.object({
  messages: z.array(supportMessageSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Staff a message can be assigned to. */
  staff: z.array(supportStaffSchema),
});
export type SupportInboxResponse = z.infer<typeof supportInboxResponseSchema>;

export const supportAssignSchema = z.strictObject({ staffId: z.uuid({ error: 'validation.supportStaff' }) });

/** The officer's own words, sent by e-mail as plain text to the address the person gave. */
export const supportReplySchema = z.strictObject({
  text: z
    .string({ error: 'validation.supportReply' })
    .trim()
    .min(SUPPORT_REPLY_MIN, { error: 'validation.supportReply' })
    .max(SUPPORT_REPLY_MAX, { error: 'validation.supportReply' }),
});

export const supportMessageResponseSchema = z.object({ message: supportMessageSchema });
