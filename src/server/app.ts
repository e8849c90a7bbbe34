import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { isAdjustableClock, OffsetClock, systemClock, type Clock } from './clock';
import type { AppDeps } from './deps';
import { AppError, installErrorHandling, serializeErrorForLog } from './http/errors';
import { installOriginCheck } from './http/origin';
import { sessionPlugin } from './http/session';
import { catalogRoutes } from './modules/catalog/routes';
import { identityRoutes } from './modules/identity/routes';
import { supportRoutes } from './modules/support/routes';
import { devRoutes } from './modules/dev/routes';
import { devClockRoutes } from './modules/dev/clock-routes';
import { activationRoutes } from './modules/activation/routes';
import { documentsRoutes } from './modules/documents/routes';
import { placesRoutes } from './modules/places/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { loansRoutes } from './modules/loans/routes';
import { walletRoutes } from './modules/wallet/routes';
import { withdrawalsRoutes } from './modules/withdrawals/routes';
import { startWithdrawalsWorker, type Worker } from './jobs/withdrawals';
import { startServicingWorker, type ServicingWorker } from './jobs/servicing';
import { startDeliveryWorker, type DeliveryWorker } from './jobs/delivery';
import { messageAdaptersFor } from './providers/messages';
import { creditRoutes } from './modules/credit/routes';
import { backofficeRoutes } from './modules/backoffice/routes';
import { repaymentsRoutes } from './modules/repayments/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { CompanyProfileHolder } from './company/store';
import { ProductCatalog } from './product/catalog';
import { syncConfiguration } from './product/sync';

export interface BuildAppOptions {
  readonly config: AppConfig;
  /** An open database; when absent one is opened from the config (and closed with the app). */
  readonly database?: Database;
  /** Default: the system clock in production; an OffsetClock (moved by POST /api/dev/clock) with config.devTools. */
  readonly clock?: Clock;
  /** pino options, or false for no logs (tests). */
  readonly logger?: boolean | Record<string, unknown>;
  /** Run the background workers (withdrawals, servicing, SMS and e-mail delivery) on an interval: main.ts yes, API tests no (they call their passes). */
  readonly jobs?: boolean | { readonly intervalMs: number };
}

export interface BuiltApp {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly database: Database;
}

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

/** The Fastify app factory, used by main.ts and by the API tests. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.database;
  // The company profile an ADMIN saved (company_profiles) overrides the configured one: every
  // reader of config.company sees the one in force (src/server/company/store.ts).
  const companyProfile = new CompanyProfileHolder(config.company);
  const liveConfig: AppConfig = Object.defineProperty({ ...config }, 'company', { get: () => companyProfile.current, enumerable: true });
  const clock = options.clock ?? (config.devTools ? new OffsetClock() : systemClock);
  const deps: AppDeps = { db: database.db, config: liveConfig, clock, companyProfile, products: new ProductCatalog() };
  await syncConfiguration(deps);

  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: { paths: REDACT, censor: '[redacted]' },
          // A failed query's SQL text and parameters never reach a log line (http/errors.ts).
          serializers: { err: serializeErrorForLog },
          ...(typeof options.logger === 'object' ? options.logger : {}),
        };
  const app = Fastify({ logger, trustProxy: config.trustProxy, bodyLimit: 64 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: config.production,
    crossOriginEmbedderPolicy: false,
  });
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
  app.addHook('onSend', async (_request, reply) => {
    reply.header('date', clock.now().toUTCString());
  });
  installOriginCheck(app, config.publicOrigins);
  await app.register(sessionPlugin, deps);
  // The company profile and product versions other processes may have saved (one small query).
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await syncConfiguration(deps);
  });

  await app.register(
    async (api) => {
      // The API speaks JSON only: a text/plain body is 415, like any other non-JSON type.
      api.removeContentTypeParser('text/plain');
      await catalogRoutes(api, deps);
      await identityRoutes(api, deps);
      await supportRoutes(api, deps);
      await activationRoutes(api, deps);
      await documentsRoutes(api, deps);
      await placesRoutes(api, deps);
      await privacyRoutes(api, deps);
      await loansRoutes(api, deps);
      await walletRoutes(api, deps);
      await withdrawalsRoutes(api, deps);
      await creditRoutes(api, deps);
      await backofficeRoutes(api, deps);
      await repaymentsRoutes(api, deps);
      await deliveryRoutes(api, deps);
      await preferencesRoutes(api, deps);
      if (config.devTools) await devRoutes(api, deps);
      if (config.devTools && isAdjustableClock(clock)) await devClockRoutes(api, clock);
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.webDir, 'index.html');
  const serveWeb = config.serveWeb && existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      preCompressed: true,
      wildcard: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !serveWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError(404, 'NOT_FOUND');
    }
    if (url === '/dev/outbox' && !config.devTools) throw new AppError(404, 'NOT_FOUND');
    // The single-page app renders every other page, including its own not-found page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  if (options.jobs) {
    const intervalMs = typeof options.jobs === 'object' ? options.jobs.intervalMs : undefined;
    let worker: Worker | null = null;
    let servicing: ServicingWorker | null = null;
    let delivery: DeliveryWorker | null = null;
    app.addHook('onReady', async () => {
      worker = startWithdrawalsWorker(deps, app.log, intervalMs);
      servicing = startServicingWorker(deps, app.log);
      delivery = startDeliveryWorker(deps, messageAdaptersFor(config.delivery, clock), app.log, intervalMs);
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
      await servicing?.stop();
      await delivery?.stop();
    });
  }
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  return { app, deps, database };
}
