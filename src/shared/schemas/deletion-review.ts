import { z } from 'zod';
import { DELETION_REJECTION_REASONS } from '../reasons/catalogue';
import { DELETION_STATUSES } from '../states/deletion';
import { isRealInstant, pageLimitParam } from './params';

/**
 * The data-deletion review in the back office (docs/decisions/029-data-deletion-review.md):
 * the members' requests newest first a page at a time, filtered by status; a request's detail with
 * what a completion would erase and what the law makes the lender keep; the ADMIN's decision.
 */

/** The cursor of the list: the last request's time (to the millisecond) and id, as nextCursor gave it. */
export const DELETION_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const deletionListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(DELETION_STATUSES).optional()),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(DELETION_CURSOR, { error: 'errors.cursor' })
      .refine((c) => isRealInstant(c.slice(0, 24)), { error: 'errors.cursor' })
      .optional(),
  ),
  limit: pageLimitParam(100, 25),
});
export type DeletionListQuery = z.infer<typeof deletionListQuerySchema>;

export const deletionRequestParams = z.object({ requestId: z.uuid({ error: 'errors.requestId' }) });

export const deletionRequestRowSchema = z.object({
  id: z.string(),
  memberId: z.string().nullable(),
  /** The name when the request was made: kept as the record of the request after a completion. */
  memberName: z.string(),
  /** The member's own words: shown as text, never as HTML. */
  reason: z.string().nullable(),
  status: z.enum(DELETION_STATUSES),
  requestedAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  rejectionReasonCode: z.enum(DELETION_REJECTION_REASONS).nullable(),
});
export type DeletionRequestRow = z.infer<typeof deletionRequestRowSchema>;

export const deletionListResponseSchema = z.object({
  requests: z.array(deletionRequestRowSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DeletionListResponse = z.infer<typeof deletionListResponseSchema>;

/** What a completion erases or replaces (each an i18n key under backoffice.deletion.erase). */
const ERASED_CATEGORIES = ['ACCOUNT', 'PERSONAL', 'ADDRESS', 'REFERENCES', 'IDENTITY', 'DOCUMENTS', 'PAYOUT_ACCOUNT', 'CONTACT_MESSAGES', 'SESSIONS'] as const;
/** What the lender keeps, linked to the anonymised member (each an i18n key under backoffice.deletion.keep). */
const KEPT_CATEGORIES = ['LOANS', 'LEDGER', 'CONSENTS', 'AUDIT', 'MESSAGES_SENT', 'REQUEST'] as const;
/** Why a completion is refused now (each an i18n key under backoffice.deletion.blockers). */
/**
 * What stops a member's erasure: anything that can still move money for them (decision 060: cash
 * paid on an open payment reference after the erasure would land in a wallet nobody can sign in to),
 * and a staff account (decision 047).
 */
export const DELETION_BLOCKERS = [
  'OPEN_LOAN',
  'WALLET_BALANCE',
  'PENDING_WITHDRAWAL',
  'OPEN_PAYMENT_REFERENCE',
  'OFFICER_PAYMENT_AWAITING_APPROVAL',
  'STAFF_ACCOUNT',
] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

export const deletionDetailSchema = z.object({
  request: deletionRequestRowSchema,
  /** Null once the member is anonymised (or the account is gone). */
  member: z
    .object({
      phone: z.string(),
      email: z.string(),
      accountState: z.string(),
      registeredAt: z.string(),
    })
    .nullable(),
  erased: z.array(z.object({ category: z.enum(ERASED_CATEGORIES), count: z.number().int() })),
  /** count null: not counted. */
  kept: z.array(z.object({ category: z.enum(KEPT_CATEGORIES), count: z.number().int().nullable() })),
  /** The years of RECORD_RETENTION_YEARS, and the date (Philippine calendar) they give after the last loan closed; null without a closed loan. */
  retentionYears: z.number().int(),
  keptUntil: z.string().nullable(),
  /** Why COMPLETE would be refused now; empty when it may go ahead. */
  blockers: z.array(z.enum(DELETION_BLOCKERS)),
});
export type DeletionDetail = z.infer<typeof deletionDetailSchema>;

export const deletionRejectSchema = z.strictObject({
  reasonCode: z.enum(DELETION_REJECTION_REASONS, { error: 'validation.deletionRejectionReason' }),
});

export const deletionDecisionResponseSchema = z.object({ request: deletionRequestRowSchema });
