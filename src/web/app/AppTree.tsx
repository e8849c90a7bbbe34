import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Toaster } from '../ui/Toaster';
import { OfflineNotice } from '../ui/OfflineNotice';

/**
 * The app around its router: the same tree in the browser (src/web/main.tsx) and on the server
 * (src/web/entry-server.tsx), so a prerendered public page hydrates without a mismatch (the ids of
 * useId depend on the tree's shape). `router` is RouterProvider in the browser, StaticRouterProvider
 * on the server.
 */
export function AppTree({
  queryClient,
  i18n,
  router,
  onMounted,
}: {
  readonly queryClient: QueryClient;
  readonly i18n: I18n;
  readonly router: ReactNode;
  /** Called once the first render is committed (hydration finished): then the language may change. */
  readonly onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {router}
          <Toaster />
          <OfflineNotice />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
