import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';
import { MemberLayout } from './layouts/MemberLayout';
import { RequireAuth } from './guards/RequireAuth';
import { RouteError } from '../pages/RouteError';
import LandingPage from '../pages/LandingPage';
import { PageLoading } from './PageLoading';
import { loadMemberTexts } from './i18n';

type PageModule = { default: React.ComponentType };
/** Pages other than the landing page load on demand, so the first visit downloads only what it shows. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
/** A signed-in page (or one that shows their texts): its code and the member-area texts load together. */
const memberPage = (load: () => Promise<PageModule>) => async () => {
  const [module] = await Promise.all([load(), loadMemberTexts()]);
  return { Component: module.default };
};

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
          { path: 'dev/outbox', lazy: memberPage(() => import('../pages/DevOutboxPage')) },
          { path: '*', lazy: page(() => import('../pages/NotFoundPage')) },
        ],
      },
      {
        element: <RequireAuth allowed={['MEMBER']} />,
        children: [
          {
            element: <MemberLayout />,
            children: [
              { path: 'dash', lazy: memberPage(() => import('../pages/DashPage')) },
              { path: 'wallet', lazy: memberPage(() => import('../pages/WalletPage')) },
              { path: 'loan', lazy: memberPage(() => import('../pages/LoanPage')) },
              { path: 'settings', lazy: memberPage(() => import('../pages/SettingsPage')) },
              { path: 'activate', lazy: memberPage(() => import('../pages/ActivatePage')) },
            ],
          },
        ],
      },
      {
        // The back office: staff only, its code split from the borrower bundle.
        element: <RequireAuth allowed={['OFFICER', 'ADMIN']} />,
        children: [
          {
            path: 'admin',
            lazy: memberPage(() => import('./layouts/AdminLayout')),
            children: [
              { index: true, lazy: memberPage(() => import('../pages/admin/AdminQueuePage')) },
              { path: 'loans/:loanId', lazy: memberPage(() => import('../pages/admin/AdminLoanPage')) },
              { path: 'loans/:loanId/servicing', lazy: memberPage(() => import('../pages/admin/AdminServicingPage')) },
              { path: 'collections', lazy: memberPage(() => import('../pages/admin/AdminCollectionsPage')) },
              { path: 'extensions', lazy: memberPage(() => import('../pages/admin/AdminExtensionsPage')) },
              { path: 'portfolio', lazy: memberPage(() => import('../pages/admin/AdminPortfolioPage')) },
              { path: 'audit', lazy: memberPage(() => import('../pages/admin/AdminAuditPage')) },
              { path: 'settings', lazy: memberPage(() => import('../pages/admin/AdminSettingsPage')) },
              { path: 'products', lazy: memberPage(() => import('../pages/admin/AdminProductsPage')) },
              { path: 'withdrawals', lazy: memberPage(() => import('../pages/admin/AdminWithdrawalsPage')) },
              { path: 'withdrawals/reconciliation', lazy: memberPage(() => import('../pages/admin/AdminReconciliationPage')) },
              { path: 'trial-balances', lazy: memberPage(() => import('../pages/admin/AdminTrialBalancesPage')) },
              { path: 'outbox', lazy: memberPage(() => import('../pages/admin/AdminOutboxPage')) },
              { path: 'held-payments', lazy: memberPage(() => import('../pages/admin/AdminHeldPaymentsPage')) },
              { path: 'support', lazy: memberPage(() => import('../pages/admin/AdminSupportPage')) },
              { path: 'deletion-requests', lazy: memberPage(() => import('../pages/admin/AdminDeletionPage')) },
              { path: 'deletion-requests/:requestId', lazy: memberPage(() => import('../pages/admin/AdminDeletionPage')) },
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
