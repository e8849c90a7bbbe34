import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { creditScoreResponseSchema } from '../../../shared/schemas/member-settings';
import { creditScoreOf } from './service';

/** The Settings credit score: always the session's member. */
export async function creditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/member/credit-score',
    {
      schema: {
        tags: ['member'],
        summary: 'The credit score out of 1000 and each of its components (points, maximum, why)',
        response: { 200: creditScoreResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return creditScoreOf(deps, requireUser(request).userId);
    },
  );
}
