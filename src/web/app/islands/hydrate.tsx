import { hydrateRoot, createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { createPath, Router, type Navigator, type To } from 'react-router';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { IslandProviders } from './IslandProviders';
import type { IslandName } from './Island';
import { TopNav } from '../layouts/TopNav';
import { Footer } from '../layouts/Footer';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { StaticPageContext } from '../../lib/static-page';
import { inlinedConfig } from '../../lib/queries';
import type { PublicConfig } from '../../../shared/schemas/public';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Navigation on a page whose islands are hydrated alone: every link is a visit to the server's page
 * (the app's router is not loaded here), as it would be without JavaScript.
 */
const documentNavigator: Navigator = {
  createHref: href,
  encodeLocation: (to) => {
    const url = new URL(href(to), window.location.href);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/**
 * Each island's content, as the page's layout and the landing page render it (same props, same
 * order). The calculator is its own chunk (preloaded with the landing page, src/server/http/prerender.ts).
 */
async function islandContent(name: IslandName, config: PublicConfig): Promise<ReactNode> {
  switch (name) {
    case 'header':
      return <TopNav />;
    case 'footer':
      return <Footer />;
    case 'calculator': {
      const { LoanCalculator } = await import('../../features/public/LoanCalculator');
      return <LoanCalculator products={config.products} />;
    }
  }
}

const ISLANDS: readonly IslandName[] = ['header', 'calculator', 'footer'];
const isIsland = (name: string | undefined): name is IslandName => ISLANDS.includes(name as IslandName);

/** A task of its own for each island: no single long task holds the page (decision 095). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the islands of a public page the server rendered for them (src/web/entry-server.tsx): the
 * top bar, the calculator, the footer, one after the other, each in its own task, with the same
 * texts, queries and location; the rest of the page stays the server's HTML. The offline notice,
 * which the server never renders, is drawn beside them.
 */
export async function hydrateIslands(container: HTMLElement, queryClient: QueryClient): Promise<void> {
  const config = inlinedConfig;
  if (!config) throw new Error('An islands page without its inlined configuration.');
  const location = createPath(window.location);
  for (const element of container.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (!isIsland(name)) continue;
    const content = await islandContent(name, config);
    await nextTask();
    hydrateRoot(
      element,
      <StaticPageContext.Provider value>
        <IslandProviders name={name} i18n={i18next} queryClient={queryClient}>
          <Router location={location} navigator={documentNavigator}>
            {content}
          </Router>
        </IslandProviders>
      </StaticPageContext.Provider>,
    );
  }
  // Every island answers from now on (a click before its island was hydrated did nothing): the page
  // says so, for whoever waits on it (the browser tests).
  document.documentElement.dataset.hydrated = 'islands';
  const notice = document.createElement('div');
  document.body.append(notice);
  createRoot(notice).render(
    <IslandProviders name="header" i18n={i18next} queryClient={queryClient}>
      <OfflineNotice />
    </IslandProviders>,
  );
}
