import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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
async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * The server bundle at `file`, loaded with the first page asked for (or `warm()`), not while the
 * server starts: the bundle and the web app's libraries took a noticeable part of a fresh start
 * (decision 031). Loaded once; a bundle that fails to load is logged once and the plain shell is
 * sent from then on.
 */
export function lazyPageRenderer(file: string, log: FastifyBaseLogger): () => Promise<PageRenderer | null> {
  let loaded: Promise<PageRenderer | null> | undefined;
  return () =>
    (loaded ??= loadPageRenderer(file).catch((error: unknown) => {
      log.error({ err: error, file }, 'loading the public pages renderer failed; the plain shell is sent');
      return null;
    }));
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
export function prerenderedPages(loadRenderer: () => Promise<PageRenderer | null>, log: FastifyBaseLogger) {
  const cache = new Map<string, Promise<string | null>>();
  return async (pathname: string, language: Language, config: PublicConfig, configJson: string): Promise<{ key: string; html: string } | null> => {
    const renderer = await loadRenderer();
    if (!renderer) return null;
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

/**
 * The modules each prerendered page needs before the browser can take it over (besides the entry),
 * by page key (`''`: the plain shell): the islands' code for the pages whose islands are hydrated alone (decision 095), the
 * whole app's start and the page's own chunk for the contact page. A browser that takes an islands
 * page over whole (a signed-in visitor, another language chosen) loads the app's start after.
 */
const ISLANDS = 'app/islands/hydrate.tsx';
const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': [ISLANDS, 'features/public/LoanCalculator.tsx'],
  '/hiw': [ISLANDS],
  '/about': [ISLANDS],
  '/contact': ['app/start.tsx', 'pages/ContactPage.tsx'],
  '*': [ISLANDS],
  /** The shell without a prerendered page (sign-in, registration, the signed-in and staff pages). */
  '': ['app/start.tsx'],
};
const LANGUAGE_MODULES: Readonly<Partial<Record<Language, string>>> = { fil: '../shared/i18n/fil/upfront.ts' };

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

/**
 * `<link rel="modulepreload">` tags for a prerendered page's own code (its lazy chunk and what it
 * imports, beyond what index.html already preloads) and its language's texts, read from Vite's
 * manifest: the browser fetches them with the page instead of after the entry asks, so the page is
 * hydrated (interactive) sooner. Empty without a manifest.
 */
export function pagePreloads(manifestFile: string): (page: string, language: Language) => string {
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const memo = new Map<string, string>();
  return (page, language) => {
    const id = `${page}\n${language}`;
    let tags = memo.get(id);
    if (tags === undefined) {
      const wanted = [...(PAGE_MODULES[page] ?? []), LANGUAGE_MODULES[language]].filter((key): key is string => key !== undefined);
      tags = [...closure(wanted)]
        .filter((key) => !entry.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
        .join('');
      memo.set(id, tags);
    }
    return tags;
  };
}
