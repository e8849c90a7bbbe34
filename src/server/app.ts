import { providersFor } from './providers/registry';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import type { PreparedDataDir } from './db/data-dir';
import { isAdjustableClock, OffsetClock, systemClock, type Clock } from './clock';
import type { AppDeps } from './deps';
import { answerFrameworkError, AppError, installErrorHandling, serializeErrorForLog } from './http/errors';
import { installOriginCheck } from './http/origin';
import { httpDateOf } from './http/http-date';
import { installJsonCompression } from './http/compression';
import { helmetOptions, installSecurityHeaders } from './http/security-headers';
import { SESSION_COOKIE, sessionPlugin } from './http/session';
import { catalogRoutes } from './modules/catalog/routes';
import { activeCurrencies, publicConfig } from './modules/catalog/service';
import { latestRates, storedRatesProvider } from './providers/fx/store';
import type { FirstReads } from '../shared/web-shell';
import { catalogApi } from '../shared/api/catalog';
import { webShell } from './http/web-shell';
import { lazyPageRenderer, pagePreloads, prerenderedPages, type PageRenderer } from './http/prerender';
import { LANGUAGE_COOKIE, shellLanguage } from './http/language';
import { identityRoutes } from './modules/identity/routes';
import { supportRoutes } from './modules/support/routes';
import { referralRoutes } from './modules/referrals/routes';
import { accountingRoutes } from './modules/accounting/routes';
import { devRoutes } from './modules/dev/routes';
import { installTextGuard } from './http/text-guard';
import { devClockRoutes } from './modules/dev/clock-routes';
import { devServicingRoutes } from './modules/dev/servicing-routes';
import { activationRoutes } from './modules/activation/routes';
import { documentsRoutes } from './modules/documents/routes';
import { placesRoutes } from './modules/places/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { loansRoutes } from './modules/loans/routes';
import { walletRoutes } from './modules/wallet/routes';
import { withdrawalsRoutes } from './modules/withdrawals/routes';
import { startWithdrawalsWorker, type Worker } from './jobs/withdrawals';
import { servicingPass, startServicingWorker, type ServicingWorker } from './jobs/servicing';
import { startDeliveryWorker, type DeliveryWorker } from './jobs/delivery';
import { messageAdaptersFor } from './providers/messages';
import { creditRoutes } from './modules/credit/routes';
import { backofficeRoutes } from './modules/backoffice/routes';
import { repaymentsRoutes } from './modules/repayments/routes';
import { channelPaymentRoutes } from './modules/repayments/channel-routes';
import { payoutCallbackRoutes } from './modules/withdrawals/callback-routes';
import { startChannelPaymentsWorker, type ChannelPaymentsWorker } from './jobs/channel-payments';
import { extensionRoutes } from './modules/repayments/extension-routes';
import { collectionsRoutes } from './modules/collections/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { CompanyProfileHolder } from './company/store';
import { ProductCatalog } from './product/catalog';
import { syncConfiguration } from './product/sync';
import { startRatesRefresh } from './jobs/rates-refresh';
import { responseSerializerCompiler } from './http/serializer';
import { fastifyTrustProxy } from './http/trust-proxy';
import { healthRoutes } from './ops/health-routes';
import { startAdminChannel, type AdminChannel } from './ops/admin-channel';

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

/** How long after listening the public pages' renderer is loaded when no page asked for it first. */
const RENDERER_WARM_MS = 1000;

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

  await app.register(
    async (api) => {
      // The API speaks JSON only: a text/plain body is 415, like any other non-JSON type.
      api.removeContentTypeParser('text/plain');
      // Text the database cannot store (a NUL, an unpaired surrogate) is a 400 naming the field, never a 500 (http/text-guard.ts).
      installTextGuard(api);
      await catalogRoutes(api, deps);
      await identityRoutes(api, deps);
      await supportRoutes(api, deps);
      await referralRoutes(api, deps);
      await activationRoutes(api, deps);
      await documentsRoutes(api, deps);
      await placesRoutes(api, deps);
      await privacyRoutes(api, deps);
      await loansRoutes(api, deps);
      await walletRoutes(api, deps);
      await withdrawalsRoutes(api, deps);
      await creditRoutes(api, deps);
      await backofficeRoutes(api, deps);
      await accountingRoutes(api, deps);
      await repaymentsRoutes(api, deps);
      await channelPaymentRoutes(api, deps);
      await payoutCallbackRoutes(api, deps);
      await extensionRoutes(api, deps);
      await collectionsRoutes(api, deps);
      await deliveryRoutes(api, deps);
      await preferencesRoutes(api, deps);
      if (config.devTools) await devRoutes(api, deps);
      // The worker's own pass: servicing, the ledger's days closed, expired device cookies forgotten.
      if (config.devTools) await devServicingRoutes(api, () => servicingPass(deps));
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
      // `/` is the app's page with the public configuration inlined (below), not the bare file.
      index: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // index.html with the public configuration inlined (src/server/http/web-shell.ts), and the
  // public pages rendered into it by the web app's server bundle when it was built (decision 031).
  const shell = serveWeb ? webShell(indexHtml) : null;
  const given = options.pageRenderer;
  const renderer = !serveWeb
    ? null
    : given
      ? () => Promise.resolve(given)
      : lazyPageRenderer(path.join(config.webDir, '..', 'ssr', 'entry-server.js'), app.log);
  const prerendered = renderer ? prerenderedPages(renderer, app.log) : null;
  if (renderer && !given) {
    // Loaded a moment after the server listens (not before: /readyz first), so the first visitor does not wait for it.
    app.addHook('onListen', () => {
      setTimeout(() => void renderer(), RENDERER_WARM_MS).unref();
    });
  }
  const preloads = pagePreloads(path.join(config.webDir, '.vite', 'manifest.json'));
  /**
   * What the page's first render would ask the API for (decision 072), inlined so that a first visit
   * downloads no schemas to check the answers: no session cookie means signed out; the landing
   * page's calculator gets the currencies and rates GET /api/currencies and /api/rates answer. A
   * read that fails is left out (the browser asks the API as before).
   */
  const firstReads = async (request: FastifyRequest, pathname: string): Promise<FirstReads> => {
    const signedOut = request.cookies[SESSION_COOKIE] ? {} : { signedOut: true as const };
    if (pathname !== '/') return signedOut;
    try {
      const [currencies, rates] = await Promise.all([activeCurrencies(storedRatesProvider(deps.db, deps.clock)), latestRates(deps.db, deps.clock.now())]);
      // Through the routes' own response schemas: the same objects the API would answer.
      return { ...signedOut, currencies: catalogApi.currencies.response[200].parse({ currencies }), rates: catalogApi.rates.response[200].parse(rates) };
    } catch (error) {
      request.log.warn({ err: error }, 'landing page: currencies or rates not inlined');
      return signedOut;
    }
  };
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = publicConfig(deps.config, deps.products.offered);
    const language = shellLanguage(request.cookies[LANGUAGE_COOKIE]);
    const pathname = (request.url.split('?')[0] ?? '/').split('#')[0] ?? '/';
    const page = prerendered ? await prerendered(pathname, language, current, JSON.stringify(current)) : null;
    const reads = await firstReads(request, pathname);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(
        shell?.(
          current,
          page ? { path: pathname, language, html: page.html, head: preloads(page.key, language) } : undefined,
          reads,
          page ? '' : preloads('', language),
        ),
      );
  };
  if (serveWeb) app.get('/', async (request, reply) => sendShell(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !serveWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError(404, 'NOT_FOUND');
    }
    if (url === '/dev/outbox' && !config.devTools) throw new AppError(404, 'NOT_FOUND');
    // A missing built file is 404, not the page: a stale chunk name must fail as a script load, not parse HTML.
    if (url.startsWith('/assets/')) throw new AppError(404, 'NOT_FOUND');
    // The single-page app renders every other page, including its own not-found page.
    return sendShell(request, reply);
  });

  if (options.jobs) {
    const intervalMs = typeof options.jobs === 'object' ? options.jobs.intervalMs : undefined;
    let worker: Worker | null = null;
    let servicing: ServicingWorker | null = null;
    let channels: ChannelPaymentsWorker | null = null;
    let delivery: DeliveryWorker | null = null;
    let stopRates: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      worker = startWithdrawalsWorker(deps, app.log, intervalMs);
      servicing = startServicingWorker(deps, app.log, config.servicingIntervalMs);
      channels = startChannelPaymentsWorker(deps, app.log, intervalMs);
      delivery = startDeliveryWorker(deps, messageAdaptersFor(config.delivery, clock), app.log, intervalMs);
      if (config.rates.provider === 'http') {
        const rates = config.rates;
        stopRates = startRatesRefresh(
          { db: deps.db, clock: deps.clock, log: app.log.child({ job: 'rates refresh' }) },
          { url: rates.url, timeoutMs: rates.timeoutMs, refreshMinutes: rates.refreshMinutes },
        );
      }
    });
    // Graceful shutdown: no new pass starts, and the running one finishes before the database closes.
    app.addHook('preClose', async () => {
      await Promise.all([worker?.stop(), servicing?.stop(), channels?.stop(), delivery?.stop(), stopRates?.()]);
    });
  }
  if (options.adminChannel && database.lock) {
    let channel: AdminChannel | null = null;
    app.addHook('onReady', async () => {
      channel = await startAdminChannel(deps, config.dataDir, app.log);
    });
    app.addHook('preClose', async () => {
      await channel?.close();
    });
  }
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  return { app, deps, database, routes };
}
