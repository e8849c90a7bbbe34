import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './app/i18n';
import './styles.css';
import { createRouter } from './app/router';
import { Toaster } from './ui/Toaster';
import { OfflineNotice } from './ui/OfflineNotice';

const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 60_000, refetchOnWindowFocus: false } },
});
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <OfflineNotice />
    </QueryClientProvider>
  </StrictMode>,
);

// The service worker (src/web/service-worker.js, emitted as /sw.js by the production build): the
// app installs, and the public pages and calculator open offline. Registered after the page has
// loaded, so it never competes with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, an old browser): the app works as before, online only.
    });
  });
}
