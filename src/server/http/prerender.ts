import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/i18n/languages';
import type { PublicConfig } from '../../shared/schemas/public';

/**
 * What the web app's server bundle (src/web/entry-server.tsx, built by Vite into dist/ssr) offers:
 * which prerendered page a path shows, and that page's HTML for a language and a configuration.
 */
export interface PageRenderer {
  pageKey(pathname: string): string | null;
  renderPage(pathname: string, language: Language, config: PublicConfig): Promise<string | null>;
}

/** The server bundle at `file`, or null when it was not built (Vite's dev server, a bare index.html). */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** Entries kept; the oldest go first. A key is (page, language, configuration), so few are live. */
const CACHE_ENTRIES = 64;

/**
 * Prerendered public pages cached by (page, language, configuration): the configuration is live
 * (an administrator publishes a new product version or edits the company profile), so a page is
 * rendered again the first time it is asked for with a new one, never from a build-time copy.
 * A render that fails is logged and answers null (the caller sends the plain shell, which the
 * browser renders as before).
 */
export function prerenderedPages(renderer: PageRenderer, log: FastifyBaseLogger) {
  const cache = new Map<string, Promise<string | null>>();
  return async (pathname: string, language: Language, config: PublicConfig, configJson: string): Promise<{ key: string; html: string } | null> => {
    const page = renderer.pageKey(pathname);
    if (page === null) return null;
    const version = createHash('sha256').update(configJson).digest('base64url').slice(0, 16);
    // A not-found page is rendered at its own path (a nav link may be active on it, /about/x); the
    // bounded cache keeps stray paths from growing it.
    const key = `${page === '*' ? pathname : page}\n${language}\n${version}`;
    let html = cache.get(key);
    if (!html) {
      html = renderer.renderPage(page === '*' ? pathname : page, language, config).catch((error: unknown) => {
        log.error({ err: error, page }, 'prerendering a public page failed; the plain shell is sent');
        cache.delete(key);
        return null;
      });
      cache.set(key, html);
      while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    const result = await html;
    return result === null ? null : { key: page, html: result };
  };
}
