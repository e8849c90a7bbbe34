import { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { createElement, type VNode } from 'preact';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { AppTree } from './app/AppTree';
import { calculatorReady } from './pages/LandingPage';
import { installDocumentTitle, TitleSink, titleElement } from './app/document-title';
import { queryKeys } from './lib/queries';
import { enUpfront } from '../shared/i18n/en/upfront';
import { filUpfront } from '../shared/i18n/fil/upfront';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/i18n/languages';
import type { PublicConfig } from '../shared/schemas/public';
import { CATALOGUE_VALUES } from '../shared/i18n/values';
import { ISLANDS_META } from '../shared/web-shell';
import { IslandRendererContext, type IslandName } from './app/islands/Island';
import { IslandProviders } from './app/islands/IslandProviders';

/**
 * The public pages rendered to HTML on the server (decision 031): built by
 * Vite as an SSR bundle (dist/ssr/entry-server.js), loaded by src/server/http/prerender.ts and
 * called per (page, language, configuration): the first paint needs no JavaScript, and the figures
 * are the live product version's, not a build-time copy. The browser hydrates the same tree
 * (src/web/main.tsx): signed-out, the session still unknown, the configuration the page inlines.
 */

/** The public pages rendered on the server: their route paths, and `*` for the not-found page. */
const PRERENDERED = new Set(['/', '/hiw', '/about', '/contact', '*']);

/**
 * The public pages whose islands (the top bar, the calculator, the footer) the browser hydrates alone
 * (decision 095): everything else on them is text and links. Not the contact page: its form is the
 * page.
 */
const ISLAND_PAGES = new Set(['/', '/hiw', '/about', '*']);

/** The public layout's pages (the first child of the root route), by route object. */
const publicPages = new Map(
  (routes[0]?.children?.[0]?.children ?? []).flatMap((route) => {
    const key = route.index ? '/' : route.path === '*' ? '*' : `/${route.path ?? ''}`;
    return PRERENDERED.has(key) ? [[route, key] as const] : [];
  }),
);

/**
 * The key of the prerendered page a path shows (`/`, `/hiw`, `/about`, `/contact`, or `*` for
 * every path no route matches), or null when the path is not prerendered (sign-in, registration,
 * the signed-in and staff pages: the browser renders them).
 */
export function pageKey(pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.[matches.length - 1]?.route;
  return (last && publicPages.get(last)) ?? null;
}

installDocumentTitle();

const translations: Record<Language, I18n> = Object.fromEntries(
  LANGUAGES.map(({ code }) => {
    const instance = i18next.createInstance();
    void instance.init({
      resources: { en: { translation: enUpfront }, fil: { translation: filUpfront } },
      lng: code,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      interpolation: { escapeValue: false, defaultVariables: { ...CATALOGUE_VALUES } },
      returnNull: false,
      react: { useSuspense: false },
      initAsync: false,
      showSupportNotice: false,
    });
    return [code, instance];
  }),
) as Record<Language, I18n>;

/**
 * The HTML inside #root for a public page in a language with a configuration, every Suspense
 * boundary resolved (the calculator's chunk included); null when the path is not prerendered.
 * Errors are thrown: the caller answers the plain shell instead.
 */
export async function renderPage(pathname: string, language: Language, config: PublicConfig): Promise<string | null> {
  if (pageKey(pathname) === null) return null;
  const html = await renderOnce(pathname, language, config, ISLAND_PAGES.has(pageKey(pathname)!));
  // Never an inline script (the CSP refuses them): every boundary is complete and written in place.
  if (html.includes('<script') || html.includes('<template')) throw new Error(`${pathname} was rendered with an unfinished Suspense boundary`);
  return html;
}

async function renderOnce(pathname: string, language: Language, config: PublicConfig, forIslands: boolean): Promise<string> {
  // The calculator renders in place once its chunk is in (the browser waits for it too before
  // hydrating): the page is rendered in one pass and its ids numbered as the browser numbers them.
  await calculatorReady;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(queryKeys.publicConfig, config);
  // Preact's server renderer (decision 034: the runtime the browser hydrates with) waits for every
  // Suspense boundary (the calculator's chunk included) and writes the whole page in place.
  const tree = (
    <AppTree queryClient={queryClient} i18n={translations[language]} router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
  );
  // The page's <title> (src/web/app/document-title.ts) goes first, where the shell takes it into the head.
  let title: string | null = null;
  // For islands: the page is rendered with a mark where each island goes, then each island alone, as
  // the browser hydrates it (src/web/app/islands/hydrate.tsx): its ids counted from its name.
  const islands: { readonly mark: string; readonly name: IslandName; readonly content: ReactNode }[] = [];
  // The mark carries a token of this render: no text of the page (escaped anyway) can stand for it.
  const token = globalThis.crypto.randomUUID();
  const markIsland = (name: IslandName, content: ReactNode) => {
    const mark = `<!--tapat-island-${token}-${islands.length}-->`;
    islands.push({ mark, name, content });
    return mark;
  };
  const page = forIslands ? <IslandRendererContext.Provider value={markIsland}>{tree}</IslandRendererContext.Provider> : tree;
  let body = await renderToStringAsync(createElement(TitleSink.Provider, { value: (text: string) => void (title = text) }, page as unknown as VNode));
  for (const { mark, name, content } of islands) {
    const alone = (
      <IslandProviders name={name} i18n={translations[language]} queryClient={queryClient}>
        <StaticRouter location={pathname}>{content}</StaticRouter>
      </IslandProviders>
    );
    const islandHtml = renderToString(alone as unknown as VNode);
    body = body.replace(mark, () => islandHtml);
  }
  const head = `${title === null ? '' : titleElement(title)}${forIslands ? `<meta name="${ISLANDS_META}" content="">` : ''}`;
  queryClient.clear();
  return `${head}${body}`;
}
