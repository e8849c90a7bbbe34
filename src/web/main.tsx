import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './app/i18n';
import './styles.css';
import { createRouter } from './app/router';
import { Toaster } from './ui/Toaster';

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
    </QueryClientProvider>
  </StrictMode>,
);
