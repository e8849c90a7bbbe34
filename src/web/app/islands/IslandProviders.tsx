import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { IdScopeContext, idScope } from '../../ui/dom-id';
import type { IslandName } from './Island';

/**
 * What an island has around it when it is rendered alone, on the server (src/web/entry-server.tsx)
 * and in the browser (./hydrate.tsx): the texts, the queries, a fresh count of its ids. The router
 * comes from the caller (the server's static location, the browser's document navigation).
 */
export function IslandProviders({
  name,
  i18n,
  queryClient,
  children,
}: {
  readonly name: IslandName;
  readonly i18n: I18n;
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}) {
  // One count for the island's life: ids taken later (a dialog opened) go on from it.
  const [scope] = useState(() => idScope(name));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <IdScopeContext.Provider value={scope}>{children}</IdScopeContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
