import { z } from 'zod';
import { optionalBigintIdParam, pageLimitParam, UUID_PATTERN } from './params';

/**
 * The audit log: what staff did, who, when, from where. Written by
 * src/server/audit in the same transaction as the change; read by GET /api/admin/audit (OFFICER,
 * ADMIN), newest first, a page at a time.
 */
export const AUDIT_ACTIONS = [
  'LOAN_START_REVIEW',
  'LOAN_APPROVE',
  'LOAN_REJECT',
  'LOAN_DISBURSE',
  'DOCUMENT_VIEW',
  'APPLICATION_VIEW',
  'COMPANY_PROFILE_UPDATE',
  'PRODUCT_VERSION_CREATE',
  'PRODUCT_RETIRE',
  'PRODUCT_CREATE',
  'STAFF_CREATE',
  'WITHDRAWAL_MARK_PAID',
  'WITHDRAWAL_MARK_FAILED',
  'WITHDRAWAL_FAIL_REQUESTED',
  'WITHDRAWAL_FAIL_REQUEST_WITHDRAWN',
  'LOAN_PAYMENT_RECORD',
  'LOAN_PAYMENT_APPROVE',
  'CHANNEL_PAYMENT_HELD_CREDIT_REQUEST',
  'CHANNEL_PAYMENT_HELD_CREDIT',
  'LOAN_CHARGE_WAIVE',
  'LOAN_EXTENSION_APPROVE',
  'LOAN_EXTENSION_DECLINE',
  'LOAN_CHARGE_WAIVE_REQUEST',
  'LOAN_CHARGE_WAIVE_REQUEST_MOOT',
  'LOAN_RESERVICED',
  'LOAN_CHARGE_REVERSED',
  'LOAN_NOTE_ADD',
  'OUTBOX_RETRY',
  'SUPPORT_ASSIGN',
  'SUPPORT_REPLY',
  'SUPPORT_CLOSE',
  'SUPPORT_REOPEN',
  'DELETION_REQUEST_REJECT',
  'DELETION_REQUEST_COMPLETE',
  'DELETION_REQUEST_VIEW',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECT_TYPES = [
  'LOAN',
  'MEMBER',
  'COMPANY_PROFILE',
  'PRODUCT',
  'USER',
  'WITHDRAWAL',
  'OUTBOX_MESSAGE',
  'CONTACT_MESSAGE',
  'DELETION_REQUEST',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/audit query: every filter optional; from and to are Philippine calendar dates, both inclusive. */
export const auditQuerySchema = z
  .object({
    actor: z.preprocess(blankToUndefined, z.string().regex(UUID_PATTERN, { error: 'errors.userId' }).optional()),
    action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS).optional()),
    subjectType: z.preprocess(blankToUndefined, z.enum(AUDIT_SUBJECT_TYPES).optional()),
    subjectId: z.preprocess(blankToUndefined, z.string().max(64).optional()),
    from: z.preprocess(blankToUndefined, z.iso.date({ error: 'errors.date' }).optional()),
    to: z.preprocess(blankToUndefined, z.iso.date({ error: 'errors.date' }).optional()),
    /** The nextCursor of the previous page. */
    cursor: optionalBigintIdParam('errors.cursor'),
    limit: pageLimitParam(200, 50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'errors.fromAfterTo', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const auditActorSchema = z.object({ id: z.string().nullable(), name: z.string(), role: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Everyone who appears in the log, for the actor filter. */
  actors: z.array(auditActorSchema.extend({ id: z.string() })),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
