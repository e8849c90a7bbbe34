import { z } from 'zod';
import { EXTENSION_DECLINE_REASONS } from '../reasons/catalogue';
import { EXTENSION_STATUSES } from '../states/extension';
import { STATUS_COLOURS } from '../states/loan';
import { disclosureSchema, internalNoteSchema, moneySchema, signRequestSchema } from './loans';
import { pageLimitParam } from './params';

/**
 * Contracts of the extension-request API (docs/decisions/016-extensions.md), used
 * by the route and the form. Amounts are decimal strings in PHP (decision 004).
 */

export const EXTENSION_ERROR_CODES = [
  /** 409: the loan is not disbursed and being repaid. */
  'EXTENSION_NOT_SERVICED',
  /** 409: less than 5 days before the last due date. */
  'EXTENSION_TOO_LATE',
  /** 409: something is past due. */
  'EXTENSION_PAST_DUE',
  /** 409: a line to re-schedule is partly paid. */
  'EXTENSION_PARTLY_PAID',
  /** 400: the term is not one of the product's, or does not end later. */
  'EXTENSION_TERM',
  /** 409: the cost would pass the cap. */
  'EXTENSION_OVER_CAP',
  /** 409: a request is already open. */
  'EXTENSION_OPEN',
  /** 404: no such request, or none in progress. */
  'EXTENSION_NOT_FOUND',
  /** 409: the request is not in a state that allows this action. */
  'EXTENSION_STATE',
  /** 409: the loan changed since the approval: read the new disclosure and ask for a new code. */
  'EXTENSION_CHANGED',
] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const extensionStatusSchema = z.enum(EXTENSION_STATUSES);

export const extensionRequestSchema = z.strictObject({
  term: z.number({ error: 'extensions.errors.termNotOffered' }).int({ error: 'extensions.errors.termNotOffered' }).min(1).max(600),
});
export const extensionSignSchema = signRequestSchema;
export const extensionApproveSchema = z.strictObject({ note: internalNoteSchema.optional() }).nullish();
export const extensionDeclineSchema = z.strictObject({ reasonCode: z.enum(EXTENSION_DECLINE_REASONS), note: internalNoteSchema.optional() });

export const extensionSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  loanNumber: z.string(),
  status: extensionStatusSchema,
  statusColor: z.enum(STATUS_COLOURS),
  /** i18n key of the borrower's message (extensions.status.<STATUS>) and its English text. */
  statusMessageKey: z.string(),
  statusMessage: z.string(),
  newTerm: z.number().int(),
  fromLine: z.number().int(),
  remainingPrincipal: moneySchema,
  newEndDate: isoDate,
  fee: moneySchema,
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.object({ code: z.enum(EXTENSION_DECLINE_REASONS), key: z.string(), text: z.string() }).nullable(),
  signedAt: z.string().nullable(),
  /**
   * The new disclosure statement of the remaining principal: the offer to sign (APPROVED, computed
   * now from the loan as it is) or the signed snapshot (EFFECTIVE); null otherwise.
   */
  disclosure: disclosureSchema.nullable(),
  documentsSha256: z.string().nullable(),
  /** The whole loan's interest, fees and charges once extended, and the cap over the extended term. */
  totalCost: moneySchema.nullable(),
  costCap: moneySchema.nullable(),
});
export type ExtensionDto = z.infer<typeof extensionSchema>;

export const memberExtensionResponseSchema = z.object({
  eligibility: z.object({
    /** The product's terms (months) for the remaining principal. */
    terms: z.array(z.number().int()),
    currentEndDate: isoDate.nullable(),
    /** The last day a request is accepted (5 days before the current end). */
    requestDeadline: isoDate.nullable(),
    noticeDays: z.number().int(),
  }),
  /** The latest request (open, or the last decided one), or null. */
  extension: extensionSchema.nullable(),
});
export const extensionResponseSchema = z.object({ extension: extensionSchema });

export const adminExtensionsQuerySchema = z.object({
  status: extensionStatusSchema.optional(),
  /** One loan's requests only (its servicing page). */
  loanId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'errors.loanId' }).optional()),
  /** The nextCursor of the previous page (an extension id); absent: the first page. */
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('errors.cursor').optional()),
  limit: pageLimitParam(100, 20),
});
export const adminExtensionItemSchema = extensionSchema.extend({ memberId: z.string(), memberName: z.string(), staffNote: z.string().nullable() });
export const adminExtensionsResponseSchema = z.object({
  items: z.array(adminExtensionItemSchema),
  /** The cursor of the next page, null on the last one (a keyset on (requested_at, id): no offset, no total). */
  nextCursor: z.string().nullable(),
});
export type AdminExtensionItem = z.infer<typeof adminExtensionItemSchema>;
/** The back office menu's count: requests waiting for an officer's decision (REQUESTED), and the oldest one's time. */
export const adminExtensionsCountSchema = z.object({ requested: z.number().int(), oldestRequestedAt: z.string().nullable() });
