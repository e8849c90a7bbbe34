import { QueryClient } from '@tanstack/react-query';
import { chosenLanguage, i18nReady } from './app/i18n';
import { installDocumentTitle } from './app/document-title';
import { ISLANDS_META } from '../shared/web-shell';
import { inlinedFirstReads } from './lib/first-reads';
import './styles.css';

installDocumentTitle();

const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 60_000, refetchOnWindowFocus: false } },
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/** The server rendered this page (decision 031) for this location, in this language. */
const renderedHere = container.dataset.ssrPath === window.location.pathname && container.firstElementChild !== null;
const inChosenLanguage = container.dataset.ssrLang === chosenLanguage;
/** And for its islands to be hydrated alone (decision 095): a signed-out visitor's public page. */
const forIslands = renderedHere && document.querySelector(`meta[name="${ISLANDS_META}"]`) !== null;
/** The server saw no session cookie (decision 072): no session can exist. */
const signedOut = inlinedFirstReads().signedOut === true;

const startWhole = (hydrate: boolean) => import('./app/start').then(({ startApp }) => startApp(container, queryClient, { hydrate }));

// A signed-out visitor on a public page in the language they chose: only the islands (the top bar,
// the calculator, the footer) are hydrated, each in a task of its own; the app's router and the rest
// of the page's code are not loaded. Anyone else (signed in, another language chosen in this
// browser, any other page) gets the whole app: hydrating a page the server rendered whole, or
// rendering afresh one rendered for islands.
if (forIslands && signedOut && inChosenLanguage) {
  void Promise.all([import('./app/islands/hydrate'), i18nReady])
    .then(([{ hydrateIslands }]) => hydrateIslands(container, queryClient))
    .catch(() => startWhole(false));
} else {
  void startWhole(renderedHere && !forIslands);
}

// The service worker (src/web/service-worker.js, emitted as /sw.js by the production build): the
// app installs, and the public pages and calculator open offline. Registered after the page has
// loaded and the main thread is idle (decision 091), so neither it nor its install's downloads
// compete with the first paint or the hydration.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, an old browser): the app works as before, online only.
    });
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
}
