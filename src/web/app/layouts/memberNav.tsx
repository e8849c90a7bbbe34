import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../../lib/queries';
import { isActivated } from '../../../shared/states/account';
import type { WalletSummary } from '../../../shared/schemas/loans';
import { LineIcon } from '../../ui/LineIcon';

/** Imported when first called: the route's schemas stay out of every page's first JavaScript. */
const walletSummaryRoute = () => import('../../../shared/api/wallet').then((m) => m.walletApi.summary);

/** Loan statuses that have a schedule to show on /loan (disbursed, being repaid, or repaid). */
const SERVICED = new Set(['DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID']);

/**
 * The member navigation of specification section 2, shared by the side bar and the bottom bar.
 * Until the account is activated, Wallet and Settings lead to /activate (section 6).
 */
export type MemberIcon = 'home' | 'wallet' | 'loan' | 'settings' | 'activate' | 'signOut';

export interface MemberNavItem {
  readonly key: 'home' | 'wallet' | 'loan' | 'settings' | 'activate';
  /** The page the item stands for (decides aria-current). */
  readonly path: string;
  /** Where the link goes: `path`, or /activate while the item is locked. */
  readonly to: string;
  readonly locked: boolean;
  readonly current: boolean;
}

export function useMemberNav(): MemberNavItem[] {
  const { pathname } = useLocation();
  const user = useSession().data;
  const activated = user ? isActivated(user.accountState) : false;
  // 'My loan' appears once a loan has been disbursed (the wallet summary carries the loan's status).
  const wallet = useQuery<WalletSummary>({ queryKey: ['wallet'], queryFn: () => call(walletSummaryRoute), enabled: activated, staleTime: 30_000 });
  const hasLoanPage = activated && wallet.data?.status != null && SERVICED.has(wallet.data.status);
  const items: { key: MemberNavItem['key']; path: string; gated: boolean }[] = [
    { key: 'home', path: '/dash', gated: false },
    { key: 'wallet', path: '/wallet', gated: true },
    ...(hasLoanPage ? [{ key: 'loan' as const, path: '/loan', gated: true }] : []),
    { key: 'settings', path: '/settings', gated: true },
    { key: 'activate', path: '/activate', gated: false },
  ];
  return items.map(({ key, path, gated }) => {
    const locked = gated && !activated;
    return { key, path, to: locked ? '/activate' : path, locked, current: pathname === path || pathname.startsWith(`${path}/`) };
  });
}

const PATHS: Record<MemberIcon, string> = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2Zm13 7h.01',
  loan: 'M7 3h7l5 5v13H7zM14 3v5h5M10 12h6M10 16h6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.3 7.3 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.3 7.3 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.3 7.3 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.3 7.3 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  activate: 'M9 12l2 2 4-4m5 2a8 8 0 1 1-16 0 8 8 0 0 1 16 0Z',
  signOut: 'M15 16l4-4-4-4m4 4H9m4 8H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h7',
};

export function NavIcon({ name, className = 'h-5 w-5' }: { readonly name: MemberIcon; readonly className?: string }) {
  return <LineIcon d={PATHS[name]} className={className} strokeWidth={1.8} />;
}

export function LockIcon({ className = 'h-3.5 w-3.5' }: { readonly className?: string }) {
  return <LineIcon d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" className={className} />;
}
