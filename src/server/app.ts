import { providersFor } from './providers/registry';
import { apiRoutes } from './app/api-routes';
import { installJobs } from './app/jobs';
import { installWeb } from './app/web';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import type { PreparedDataDir } from './db/data-dir';
import { OffsetClock, systemClock, type Clock } from './clock';
import type { AppDeps } from './deps';
import { answerFrameworkError, installErrorHandling, serializeErrorForLog } from './http/errors';
import { installOriginCheck } from './http/origin';
import { httpDateOf } from './http/http-date';
import { installJsonCompression } from './http/compression';
import { helmetOptions, installSecurityHeaders } from './http/security-headers';
import { sessionPlugin } from './http/session';
import { type PageRenderer } from './http/prerender';
import { CompanyProfileHolder } from './company/store';
import { ProductCatalog } from './product/catalog';
import { syncConfiguration } from './product/sync';
import { responseSerializerCompiler } from './http/serializer';
import { fastifyTrustProxy } from './http/trust-proxy';
import { healthRoutes } from './ops/health-routes';

export interface BuildAppOptions {
  readonly config: AppConfig;
  /** An open database; when absent one is opened from the config (and closed with the app). */
  readonly database?: Database;
  /** The embedded DATA_DIR, locked and seeded from the template while the modules loaded (main.ts); without it buildApp does both. */
  readonly preparedDataDir?: Promise<PreparedDataDir>;
  /** Default: the system clock in production; an OffsetClock (moved by POST /api/dev/clock) with config.devTools. */
  readonly clock?: Clock;
  /** pino options, or false for no logs (tests). */
  readonly logger?: boolean | Record<string, unknown>;
  /** Run the background workers (withdrawals, servicing, SMS and e-mail delivery) on an interval: main.ts yes, API tests no (they call their passes). */
  readonly jobs?: boolean | { readonly intervalMs: number };
  /** Open the local admin channel (a Unix socket in DATA_DIR) when the embedded database is ours: main.ts yes. */
  readonly adminChannel?: boolean;
  /** The public pages' renderer; default: the web app's server bundle beside config.webDir (dist/ssr), when built. */
  readonly pageRenderer?: PageRenderer;
}

export interface BuiltApp {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly database: Database;
  /** Every route Fastify registered (method and URL, HEAD included), as the onRoute hook saw them: the route-table test compares it with src/shared/api. */
  readonly routes: readonly { readonly method: string; readonly url: string }[];
}

/**
 * A request's id: the X-Request-Id a proxy sent when it looks like an id (letters, digits, . _ -,
 * at most 64), else a fresh UUID. Logged with every line of the request (reqId) and answered in
 * X-Request-Id.
 */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's compiler factories answering the zod compilers (Fastify types them for Ajv schemas, hence the cast). */
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => responseSerializerCompiler } as unknown as CompilersFactory;

/** Personal data never reaches the logs. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.phone',
  '*.email',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.recipient',
  '*.body',
  '*.redactedBody',
  '*.params',
  '*.detail',
];

/** pino's options: the configured level, personal data redacted, a failed query's SQL never logged; or none (tests). */
function loggerOptions(config: AppConfig, given: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    // A failed query's SQL text and parameters never reach a log line (http/errors.ts).
    serializers: { err: serializeErrorForLog },
    ...(typeof given === 'object' ? given : {}),
  };
}

/** The Fastify app factory, used by main.ts and by the API tests. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      prepared: options.preparedDataDir,
      purpose: 'server',
      template: config.pgliteTemplate,
    }));
  const ownsDatabase = !options.database;
  // The company profile an ADMIN saved (company_profiles) overrides the configured one: every
  // reader of config.company sees the one in force (src/server/company/store.ts).
  const companyProfile = new CompanyProfileHolder(config.company);
  const liveConfig: AppConfig = Object.defineProperty({ ...config }, 'company', { get: () => companyProfile.current, enumerable: true });
  const clock = options.clock ?? (config.devTools ? new OffsetClock() : systemClock);
  const deps: AppDeps = { db: database.db, config: liveConfig, clock, companyProfile, products: new ProductCatalog(), providers: providersFor() };
  await syncConfiguration(deps);

  const logger = loggerOptions(config, options.logger);
  const app = Fastify({
    logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    genReqId: requestId,
    // What Fastify refuses before routing (a URL that does not decode) is answered like any other
    // refusal: our code's catalogue text in the caller's language (http/errors.ts).
    frameworkErrors: answerFrameworkError,
    // Every schema is zod (decision 027): the zod compilers from the start, so Fastify does not
    // load Ajv and fast-json-stringify for its defaults, which nothing here used.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // Shutting down (app.close()): /readyz answers 503 so a load balancer stops sending requests here.
  let accepting = true;
  app.addHook('preClose', async () => {
    accepting = false;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandling(app);

  // The security headers, computed once (src/server/http/security-headers.ts, decision 038).
  installSecurityHeaders(app, helmetOptions(config.production));
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tapat API', version: '0.1.0', description: 'The Tapat borrower and back-office API. Identity comes from the session cookie.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tapat_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The Date header tells the server's time (the clock's, which development may have moved
  // forward): the web app counts down to a code's expiry and the next code by it, not by the
  // browser's own clock (src/web/lib/server-time.ts).
  // One hook for the headers every answer gets: the request id (x-request-id), the Date, and for
  // the API `Cache-Control: no-store` unless the route chose its own: a member's wallet, loan or
  // account must not stay in a shared device's cache or a proxy's (places, the public catalogue,
  // set theirs).
  const dateHeader = httpDateOf(clock);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header('date', dateHeader());
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  installOriginCheck(app, config.publicOrigins);
  installJsonCompression(app);
  // The session and, for the API, the company profile and product versions other processes may
  // have saved: one statement per request (src/server/http/session.ts).
  await app.register(sessionPlugin, deps);

  await healthRoutes(app, database, () => accepting);

  await app.register(async (api) => apiRoutes(api, deps), { prefix: '/api' });

  await installWeb(app, deps, options.pageRenderer);

  installJobs(app, deps, { jobs: options.jobs, adminChannel: Boolean(options.adminChannel && database.lock) });
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  return { app, deps, database, routes };
}
