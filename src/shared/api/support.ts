import { z } from 'zod';
import { contactMessageSchema } from '../schemas/contact';
import {
  supportAssignSchema,
  supportInboxQuerySchema,
  supportInboxResponseSchema,
  supportMessageParams,
  supportMessageResponseSchema,
  supportReplySchema,
} from '../schemas/support-inbox';
import { defineRoute } from './define';

const admin = ['admin'];
const actionErrors = ['NOT_FOUND', 'SUPPORT_STATE', 'CONFLICT'] as const;

/** The help page's contact form, and the support inbox for staff (OFFICER, ADMIN; every action audited). */
export const supportApi = {
  contact: defineRoute({
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to support; answered only once it is stored',
    tags: ['support'],
    auth: 'public',
    body: contactMessageSchema,
    response: { 201: z.object({ message: z.string() }) },
    errors: ['RATE_LIMITED'],
  }),
  inbox: defineRoute({
    method: 'GET',
    path: '/admin/support/messages',
    summary: 'Contact-form messages for staff, newest first, filtered by status, a page at a time',
    tags: admin,
    auth: 'staff',
    query: supportInboxQuerySchema,
    response: { 200: supportInboxResponseSchema },
    errors: [],
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/admin/support/messages/:messageId/assign',
    summary: 'Assign a message to a staff member (NEW -> IN_PROGRESS)',
    tags: admin,
    auth: 'staff',
    params: supportMessageParams,
    body: supportAssignSchema,
    response: { 200: supportMessageResponseSchema },
    errors: actionErrors,
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/admin/support/messages/:messageId/reply',
    summary:
      "Answer by e-mail (plain text) to the address the person gave (-> ANSWERED); a signed-in sender's only when it is their verified address (EMAIL_NOT_VERIFIED otherwise)",
    tags: admin,
    auth: 'staff',
    params: supportMessageParams,
    body: supportReplySchema,
    response: { 200: supportMessageResponseSchema },
    errors: [...actionErrors, 'EMAIL_NOT_VERIFIED'],
  }),
  close: defineRoute({
    method: 'POST',
    path: '/admin/support/messages/:messageId/close',
    summary: 'Close a message (-> CLOSED)',
    tags: admin,
    auth: 'staff',
    params: supportMessageParams,
    response: { 200: supportMessageResponseSchema },
    errors: actionErrors,
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/admin/support/messages/:messageId/reopen',
    summary: 'Reopen a closed message (CLOSED -> IN_PROGRESS)',
    tags: admin,
    auth: 'staff',
    params: supportMessageParams,
    response: { 200: supportMessageResponseSchema },
    errors: actionErrors,
  }),
};
