import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireRole } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { adminOutboxQuerySchema, adminOutboxResponseSchema, outboxMessageIdParamsSchema } from '../../../shared/schemas/outbox-admin';
import { listOutboxForStaff, retryMessage } from './admin';

const STAFF = ['OFFICER', 'ADMIN'] as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Message delivery in the back office (OFFICER, ADMIN): GET /api/admin/outbox, POST /api/admin/outbox/{messageId}/retry. */
export async function deliveryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'SMS and e-mail delivery, newest first: dead and failing by default; recipients masked, bodies redacted; paginated',
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, STAFF);
      reply.header('cache-control', 'no-store');
      return listOutboxForStaff(deps, request.query);
    },
  );

  r.post(
    '/admin/outbox/:messageId/retry',
    {
      schema: {
        tags,
        summary: 'Send a dead (or failing) message again now, with a fresh set of attempts (audited); 409 for any other message',
        params: outboxMessageIdParamsSchema,
        response: { 200: z.object({ id: z.string(), status: z.literal('QUEUED') }), ...errors },
      },
    },
    async (request) => retryMessage(deps, requireRole(request, STAFF), request.params.messageId, { ip: request.ip }),
  );
}
