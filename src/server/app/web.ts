import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { LANGUAGE_COOKIE, shellLanguage } from '../http/language';
import { lazyPageRenderer, pagePreloads, prerenderedPages, type PageRenderer } from '../http/prerender';
import { SESSION_COOKIE } from '../http/session';
import { webShell } from '../http/web-shell';
import { activeCurrencies, publicConfig } from '../modules/catalog/service';
import { latestRates, storedRatesProvider } from '../providers/fx/store';
import { catalogApi } from '../../shared/api/catalog';
import type { FirstReads } from '../../shared/web-shell';

/** How long after listening the public pages' renderer is loaded when no page asked for it first. */
const RENDERER_WARM_MS = 1000;

/**
 * The web app (config.serveWeb, when built): its files, precompressed and cached by name; its page,
 * index.html with the public configuration and the first reads inlined and, for the public pages,
 * their HTML from the web app's server bundle (decisions 031, 072, 095); the not-found handler
 * (the API's 404, a missing built file's 404, else the page).
 */
export async function installWeb(app: FastifyInstance, deps: AppDeps, pageRenderer: PageRenderer | undefined): Promise<void> {
  const { config } = deps;
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
  const given = pageRenderer;
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
}
