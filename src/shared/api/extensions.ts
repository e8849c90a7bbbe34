import { z } from 'zod';
import {
  adminExtensionsQuerySchema,
  adminExtensionsCountSchema,
  adminExtensionsResponseSchema,
  EXTENSION_ERROR_CODES,
  extensionApproveSchema,
  extensionDeclineSchema,
  extensionRequestSchema,
  extensionResponseSchema,
  extensionSignSchema,
  memberExtensionResponseSchema,
} from '../schemas/extensions';
import { contractCodeResponseSchema } from '../schemas/loans';
import { defineRoute } from './define';

const tags = ['extensions'];
const admin = ['admin'];
const params = z.object({ extensionId: z.string().max(64) });
const codeErrors = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_USED', 'CODE_NOT_FOUND', 'CODE_LOCKED'] as const;

/**
 * Extension requests (docs/decisions/016-extensions.md): the borrower's under
 * /api/loans/current/extension (staff accounts are refused), the officer's under /api/admin/extensions.
 */
export const extensionsApi = {
  current: defineRoute({
    method: 'GET',
    path: '/loans/current/extension',
    summary: "What the member may ask for (the product's terms, the request deadline 5 days before the last due date) and their latest extension request",
    tags,
    auth: 'session',
    response: { 200: memberExtensionResponseSchema },
    errors: ['NO_LOAN'],
  }),
  request: defineRoute({
    method: 'POST',
    path: '/loans/current/extension',
    summary: 'Ask for a new term for the remaining principal (at least 5 days before the last due date; one open request; nothing past due)',
    tags,
    auth: 'member',
    body: extensionRequestSchema,
    response: { 201: extensionResponseSchema },
    errors: ['NO_LOAN', ...EXTENSION_ERROR_CODES],
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/loans/current/extension/withdraw',
    summary: 'Withdraw the open extension request',
    tags,
    auth: 'member',
    response: { 200: extensionResponseSchema },
    errors: ['NO_LOAN', 'EXTENSION_NOT_FOUND', 'EXTENSION_STATE'],
  }),
  code: defineRoute({
    method: 'POST',
    path: '/loans/current/extension/code',
    summary: "Send a code by SMS to the member's phone to sign the approved extension's disclosure statement (bound to its SHA-256)",
    tags,
    auth: 'member',
    response: { 200: contractCodeResponseSchema },
    errors: ['NO_LOAN', 'EXTENSION_NOT_FOUND', 'EXTENSION_STATE', 'RATE_LIMITED'],
  }),
  sign: defineRoute({
    method: 'POST',
    path: '/loans/current/extension/sign',
    summary: 'Sign the new disclosure statement with the code: the new schedule takes effect (EXTENSION_CHANGED when the loan changed since)',
    tags,
    auth: 'member',
    body: extensionSignSchema,
    response: { 200: extensionResponseSchema },
    errors: ['NO_LOAN', 'EXTENSION_NOT_FOUND', 'EXTENSION_STATE', 'EXTENSION_CHANGED', ...codeErrors],
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/admin/extensions',
    summary: 'Extension requests, by status (open ones oldest first, others newest first), a page at a time by cursor',
    tags: admin,
    auth: 'staff',
    query: adminExtensionsQuerySchema,
    response: { 200: adminExtensionsResponseSchema },
    errors: [],
  }),
  adminCount: defineRoute({
    method: 'GET',
    path: '/admin/extensions/count',
    summary: 'How many extension requests wait for a decision (the back office menu’s count), and since when the oldest',
    tags: admin,
    auth: 'staff',
    response: { 200: adminExtensionsCountSchema },
    errors: [],
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/admin/extensions/:extensionId/approve',
    summary: 'Approve an extension request (the borrower then signs the new disclosure statement); never on one’s own loan; audited',
    tags: admin,
    auth: 'staff',
    params,
    body: extensionApproveSchema,
    response: { 200: extensionResponseSchema },
    errors: ['EXTENSION_NOT_FOUND', 'EXTENSION_STATE', 'EXTENSION_OVER_CAP', 'CONFLICT_OF_INTEREST'],
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/admin/extensions/:extensionId/decline',
    summary: 'Decline an extension request with a reason code of the fixed catalogue (the note stays internal); audited',
    tags: admin,
    auth: 'staff',
    params,
    body: extensionDeclineSchema,
    response: { 200: extensionResponseSchema },
    errors: ['EXTENSION_NOT_FOUND', 'EXTENSION_STATE', 'CONFLICT_OF_INTEREST'],
  }),
};
