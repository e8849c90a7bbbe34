import { z } from 'zod';
import { adminOutboxQuerySchema, adminOutboxResponseSchema, outboxMessageIdParamsSchema } from '../schemas/outbox-admin';
import { defineRoute } from './define';

const tags = ['admin'];

/** Message delivery in the back office (OFFICER, ADMIN). */
export const deliveryApi = {
  outbox: defineRoute({
    method: 'GET',
    path: '/admin/outbox',
    summary: 'SMS and e-mail delivery, newest first: dead and failing by default; recipients masked, bodies redacted; paginated',
    tags,
    auth: 'staff',
    query: adminOutboxQuerySchema,
    response: { 200: adminOutboxResponseSchema },
    errors: [],
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/admin/outbox/:messageId/retry',
    summary: 'Send a dead (or failing) message again now, with a fresh set of attempts (audited); 409 for any other message',
    tags,
    auth: 'staff',
    params: outboxMessageIdParamsSchema,
    response: { 200: z.object({ id: z.string(), status: z.literal('QUEUED') }) },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
