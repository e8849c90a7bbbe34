import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requireUser } from '../../http/session';
import { memberApi } from '../../../shared/api/member';
import { creditLimitsOf, creditScoreOf } from './service';

/** The Settings credit score: always the session's member. */
export async function creditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, memberApi.creditScore, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return creditScoreOf(deps, requireUser(request).userId);
  });
  registerRoute(app, memberApi.creditLimits, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return creditLimitsOf(deps, requireUser(request).userId);
  });
}
