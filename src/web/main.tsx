import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import i18next from 'i18next';
import { chosenLanguage, i18nReady } from './app/i18n';
import './styles.css';
import { createRouter } from './app/router';
import { AppTree } from './app/AppTree';
import { installDocumentTitle } from './app/document-title';
import { calculatorReady } from './pages/LandingPage';

installDocumentTitle();

const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 60_000, refetchOnWindowFocus: false } },
});
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
/** After the first commit: the language chosen in this browser, if the page was rendered in another. */
const applyChosenLanguage = () => {
  if (i18next.language !== chosenLanguage) void i18next.changeLanguage(chosenLanguage);
};
const tree = <AppTree queryClient={queryClient} i18n={i18next} router={<RouterProvider router={router} />} onMounted={applyChosenLanguage} />;

/** Resolves once the router has loaded the first page's code (a lazy route), so it renders the page, not its fallback. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// A public page the server rendered (decision 031) is hydrated: the same tree, in the language it
// was rendered in, once that language's texts and the page's code are loaded; then the language
// chosen in this browser applies if it differs. A page saved for another path (the service
// worker's offline copy of `/`) or without the server's HTML is rendered afresh.
if (container.dataset.ssrPath === window.location.pathname && container.firstElementChild) {
  // The landing page's calculator too (src/web/pages/LandingPage.tsx): hydrated in one pass, as the
  // server rendered it. A chunk that fails to load does not stop hydration: the page shows its error.
  void Promise.all([i18nReady, routerReady(), calculatorReady.catch(() => undefined)]).then(() => {
    hydrateRoot(container, tree);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(tree);
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
