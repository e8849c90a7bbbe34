import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { contactMessageSchema } from '../../../shared/schemas/contact';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { CONTACT_SENT_MESSAGE, sendContactMessage } from './service';
import { requireRole } from '../../http/session';
import { STAFF_ROLES } from '../../../shared/states/roles';
import {
  supportAssignSchema,
  supportInboxQuerySchema,
  supportInboxResponseSchema,
  supportMessageParams,
  supportMessageResponseSchema,
  supportReplySchema,
} from '../../../shared/schemas/support-inbox';
import { assignMessage, listInbox, moveMessage, replyToMessage } from './inbox';

const contactResponseSchema = z.object({ message: z.string() });

/** The contact form of the help page. */
export async function supportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to support; answered only once it is stored',
        body: contactMessageSchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await sendContactMessage(deps, request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
      return reply.code(201).send({ message: CONTACT_SENT_MESSAGE });
    },
  );

  // The support inbox for staff (OFFICER, ADMIN); every action is audited.
  const tags = ['admin'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  r.get(
    '/admin/support/messages',
    {
      schema: {
        tags,
        summary: 'Contact-form messages for staff, newest first, filtered by status, a page at a time',
        querystring: supportInboxQuerySchema,
        response: { 200: supportInboxResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return listInbox(deps, request.query);
    },
  );
  r.post(
    '/admin/support/messages/:messageId/assign',
    {
      schema: {
        tags,
        summary: 'Assign a message to a staff member (NEW -> IN_PROGRESS)',
        params: supportMessageParams,
        body: supportAssignSchema,
        response: { 200: supportMessageResponseSchema, ...errors },
      },
    },
    async (request) => assignMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, request.body, { ip: request.ip }),
  );
  r.post(
    '/admin/support/messages/:messageId/reply',
    {
      schema: {
        tags,
        summary: 'Answer by e-mail (plain text) to the address the person gave (-> ANSWERED)',
        params: supportMessageParams,
        body: supportReplySchema,
        response: { 200: supportMessageResponseSchema, ...errors },
      },
    },
    async (request) => replyToMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, request.body, { ip: request.ip }),
  );
  r.post(
    '/admin/support/messages/:messageId/close',
    { schema: { tags, summary: 'Close a message (-> CLOSED)', params: supportMessageParams, response: { 200: supportMessageResponseSchema, ...errors } } },
    async (request) => moveMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, 'CLOSE', { ip: request.ip }),
  );
  r.post(
    '/admin/support/messages/:messageId/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a closed message (CLOSED -> IN_PROGRESS)',
        params: supportMessageParams,
        response: { 200: supportMessageResponseSchema, ...errors },
      },
    },
    async (request) => moveMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, 'REOPEN', { ip: request.ip }),
  );
}
