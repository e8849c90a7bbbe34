import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { routeErrors, type RouteBody, type RouteHeaders, type RouteParams, type RouteQuery, type RouteResult, type RouteSpec } from '../../shared/api/define';
import { apiErrorSchema, ERROR_STATUS } from '../../shared/schemas/errors';
import { enforceDeclaredAccess } from './session';

/** The request a route's handler receives: params, query, body and headers as its schemas parse them. */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
  Headers: RouteHeaders<R>;
}>;

/** A handler returns the success answer (sent with the route's first success status) or the reply it sent itself. */
export type RouteHandler<R extends RouteSpec> = (request: RouteRequest<R>, reply: FastifyReply) => Promise<RouteResult<R> | FastifyReply>;

/** Fastify options a few routes need besides the schema (the upload's body limit, a hook before the body is read, a hot read's sessionInStatement). */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'config'>;

/** The Fastify schema of a table entry: its request schemas, its success answers and one error answer per status its errors use. */
function fastifySchemaOf(route: RouteSpec) {
  const response: Record<number, z.ZodType> = { ...route.response };
  for (const code of routeErrors(route)) response[ERROR_STATUS[code]] ??= apiErrorSchema;
  return {
    tags: [...route.tags],
    summary: route.summary,
    ...(route.auth === 'public' || route.auth === 'callback' || route.auth === 'loopback' ? {} : { security: [{ session: [] }] }),
    ...(route.consumes ? { consumes: [...route.consumes] } : {}),
    ...(route.produces ? { produces: [...route.produces] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.headers ? { headers: route.headers } : {}),
    response,
  };
}

/**
 * Registers one entry of the route table (src/shared/api) with its handler: method, path and
 * schemas come from the entry, so the server, the OpenAPI document (@fastify/swagger reads the
 * registered schemas) and the web client (src/web/lib/api.ts) share one contract. The handler is
 * the guard and one service call.
 */
export function registerRoute<R extends RouteSpec>(app: FastifyInstance, route: R, handler: RouteHandler<R>, extras: RouteExtras = {}): void {
  const config = { ...extras.config, access: route.auth };
  // The declared access, enforced before the body is read (after the app's hook has read the
  // session); a route that reads its session in its own statement is checked when it has it.
  const guard = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      if (!request.routeOptions.config.sessionInStatement) enforceDeclaredAccess(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  const own = extras.onRequest === undefined ? [] : Array.isArray(extras.onRequest) ? extras.onRequest : [extras.onRequest];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: fastifySchemaOf(route),
    ...extras,
    config,
    onRequest: [guard, ...own],
    handler: (request, reply) => handler(request as unknown as RouteRequest<R>, reply),
  });
}
