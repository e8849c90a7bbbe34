import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';
import { MemberLayout } from './layouts/MemberLayout';
import { RequireAuth } from './guards/RequireAuth';
import { RouteError } from '../pages/RouteError';
import LandingPage from '../pages/LandingPage';
import { PageLoading } from './PageLoading';

type PageModule = { default: React.ComponentType };
/** Pages other than the landing page load on demand, so the first visit downloads only what it shows. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** The route table of specification section 2, plus account recovery and the embedded outbox. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first page's code loads (pages other than the landing page are lazy).
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'hiw', lazy: page(() => import('../pages/HowItWorksPage')) },
          { path: 'about', lazy: page(() => import('../pages/AboutPage')) },
          { path: 'contact', lazy: page(() => import('../pages/ContactPage')) },
          { path: 'login', lazy: page(() => import('../pages/LoginPage')) },
          { path: 'register', lazy: page(() => import('../pages/RegisterPage')) },
          { path: 'recover', lazy: page(() => import('../pages/RecoverPage')) },
          { path: 'dev/outbox', lazy: page(() => import('../pages/DevOutboxPage')) },
          { path: '*', lazy: page(() => import('../pages/NotFoundPage')) },
        ],
      },
      {
        element: <RequireAuth allowed={['MEMBER']} />,
        children: [
          {
            element: <MemberLayout />,
            children: [
              { path: 'dash', lazy: page(() => import('../pages/DashPage')) },
              { path: 'wallet', lazy: page(() => import('../pages/WalletPage')) },
              { path: 'settings', lazy: page(() => import('../pages/SettingsPage')) },
              { path: 'activate', lazy: page(() => import('../pages/ActivatePage')) },
            ],
          },
        ],
      },
      {
        // The back office (issue 4, item 8): staff only, its code split from the borrower bundle.
        element: <RequireAuth allowed={['OFFICER', 'ADMIN']} />,
        children: [
          {
            path: 'admin',
            lazy: page(() => import('./layouts/AdminLayout')),
            children: [
              { index: true, lazy: page(() => import('../pages/admin/AdminQueuePage')) },
              { path: 'loans/:loanId', lazy: page(() => import('../pages/admin/AdminLoanPage')) },
              { path: 'audit', lazy: page(() => import('../pages/admin/AdminAuditPage')) },
              { path: 'settings', lazy: page(() => import('../pages/admin/AdminSettingsPage')) },
              { path: 'withdrawals', lazy: page(() => import('../pages/admin/AdminWithdrawalsPage')) },
              { path: 'withdrawals/reconciliation', lazy: page(() => import('../pages/admin/AdminReconciliationPage')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
