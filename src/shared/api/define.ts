import type { z } from 'zod';
import type { ErrorCode } from '../schemas/errors';

/**
 * One typed contract per endpoint (docs/decisions/027-route-table.md). Every API
 * route is an entry of a table in this folder, one file per area: the server registers it from the
 * entry (src/server/http/route.ts: method, path, schemas, the OpenAPI document), and the web calls it
 * through the same entry (src/web/lib/api.ts `call`), typed from its schemas and its answer checked
 * against the response schema at run time. Framework-free: zod and the shared schemas only.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call the route; the handler's guard enforces it (src/server/http/session.ts), the entry
 * documents it and adds the refusals it implies to the route's errors (IMPLIED_ERRORS).
 * - public: anyone; session: a signed-in user (member or staff); member: a signed-in member, not staff;
 * - staff: OFFICER or ADMIN; admin: ADMIN only; loopback: this machine only (development tools);
 * - callback: a payment provider, verified by its token.
 */
export type RouteAuth = 'public' | 'session' | 'member' | 'staff' | 'admin' | 'loopback' | 'callback';

export interface RouteSpec {
  readonly method: HttpMethod;
  /** Relative to /api, Fastify's form: '/withdrawals/:id'. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The success answers by status (a 204 is z.null()); an empty object for a route that answers bytes. */
  readonly response: { readonly [status: number]: z.ZodType };
  /** The error codes the route answers besides those its auth and input imply (IMPLIED_ERRORS). */
  readonly errors: readonly ErrorCode[];
  readonly summary: string;
  readonly tags: readonly string[];
  readonly auth: RouteAuth;
  /** Content types of a body that is not JSON (an upload). */
  readonly consumes?: readonly string[];
  /** Content types of an answer that is not JSON (a PDF, an image, a ZIP). */
  readonly produces?: readonly string[];
}

/** An entry of the table, its types kept exactly (the schemas' own types reach server and web). */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

/** The refusals a route answers by who may call it. */
export const AUTH_ERRORS: { readonly [A in RouteAuth]: readonly ErrorCode[] } = {
  public: [],
  session: ['UNAUTHENTICATED'],
  member: ['UNAUTHENTICATED', 'STAFF_ACCOUNT'],
  staff: ['UNAUTHENTICATED', 'FORBIDDEN'],
  admin: ['UNAUTHENTICATED', 'FORBIDDEN'],
  loopback: ['NOT_FOUND'],
  callback: ['CALLBACK_UNVERIFIED'],
};

/** Every error code a route answers: its own, its auth's, and VALIDATION_FAILED when it reads any input. */
export function routeErrors(route: RouteSpec): readonly ErrorCode[] {
  const input: ErrorCode[] = route.params || route.query || route.body ? ['VALIDATION_FAILED'] : [];
  return [...new Set<ErrorCode>([...input, ...AUTH_ERRORS[route.auth], ...route.errors])];
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The statuses of a route's success answers (2xx). */
type SuccessStatus<R extends RouteSpec> = Extract<keyof R['response'], 200 | 201 | 202 | 204>;

/** What the handler returns and the web receives: the success schema's output (one of them, if several). */
export type RouteResult<R extends RouteSpec> = [SuccessStatus<R>] extends [never] ? unknown : Out<R['response'][SuccessStatus<R>]>;
export type RouteParams<R extends RouteSpec> = Out<R['params']>;
export type RouteQuery<R extends RouteSpec> = Out<R['query']>;
export type RouteBody<R extends RouteSpec> = Out<R['body']>;
export type RouteHeaders<R extends RouteSpec> = Out<R['headers']>;

/** What a caller sends: the request schemas' input types (the server parses them). */
export type RouteParamsInput<R extends RouteSpec> = In<R['params']>;
export type RouteQueryInput<R extends RouteSpec> = In<R['query']>;
export type RouteBodyInput<R extends RouteSpec> = In<R['body']>;

/** The route's path with its parameters filled in, each one URI-encoded: '/withdrawals/:id' → '/withdrawals/w%2F1'. */
export function routePath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
