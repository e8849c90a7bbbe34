import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireLoopback } from '../../http/loopback';
import { registerRoute } from '../../http/route';
import { devApi } from '../../../shared/api/dev';
import { listOutbox } from './service';

/**
 * Tools for the embedded mode: the outbox, so a person trying the app can read their code.
 * app.ts registers these only when config.devTools is true (never in production), and the outbox
 * (every code ever sent) answers only a client on this machine (loopback): anyone else gets 404.
 */
export async function devRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, devApi.outbox, async (request, reply) => {
    requireLoopback(request);
    reply.header('cache-control', 'no-store');
    return listOutbox(deps, request.query);
  });
}
