import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import i18next from 'i18next';
import { chosenLanguage, i18nReady } from './i18n';
import { createRouter } from './router';
import { AppTree } from './AppTree';
import { calculatorReady } from '../pages/LandingPage';

/**
 * The whole app in #root: every page but the public pages whose islands are hydrated alone
 * (src/web/main.tsx chooses). A public page the server rendered whole (decision 031: the contact
 * page) is hydrated: the same tree, in the language it was rendered in, once that language's texts
 * and the page's code are loaded; then the language chosen in this browser applies if it differs.
 * Any other page (a page saved for another path, the service worker's offline copy of `/`, a page
 * rendered for islands that this browser shows otherwise) is rendered afresh.
 */
export function startApp(container: HTMLElement, queryClient: QueryClient, { hydrate }: { readonly hydrate: boolean }): void {
  const router = createRouter();
  /** After the first commit: the language chosen in this browser, if the page was rendered in another; the page marked as answering. */
  const applyChosenLanguage = () => {
    if (i18next.language !== chosenLanguage) void i18next.changeLanguage(chosenLanguage);
    // The app's first render is committed: the page answers (the browser tests wait on it).
    document.documentElement.dataset.hydrated = 'app';
  };
  const tree = <AppTree queryClient={queryClient} i18n={i18next} router={<RouterProvider router={router} />} onMounted={applyChosenLanguage} />;

  /** Resolves once the router has loaded the first page's code (a lazy route), so it renders the page, not its fallback. */
  const routerReady = (): Promise<void> => {
    if (router.state.initialized) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  };

  const ready = () => Promise.all([i18nReady, routerReady(), calculatorReady.catch(() => undefined)]);

  if (hydrate) {
    // The landing page's calculator too (src/web/pages/LandingPage.tsx): hydrated in one pass, as the
    // server rendered it. A chunk that fails to load does not stop hydration: the page shows its error.
    void ready().then(() => hydrateRoot(container, tree));
  } else if (container.firstElementChild) {
    // The server's page stays on screen until the app's is ready, then gives way in one step (no
    // loading frame in between: a signed-in member on the landing page).
    void ready().then(() => {
      container.replaceChildren();
      createRoot(container).render(tree);
    });
  } else {
    createRoot(container).render(tree);
  }
}
