import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import type { WalletSummary } from '../../../shared/schemas/loans';

const servicingKeys = { current: ['servicing', 'current'] as const };

/** The member's loan being serviced (GET /api/loans/current/servicing), or null when they have none (NO_LOAN). */
export function useServicing() {
  return useQuery<ServicingDto | null, ApiError>({
    queryKey: servicingKeys.current,
    queryFn: async () => {
      try {
        return await call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.servicing));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NO_LOAN') return null;
        throw error;
      }
    },
    refetchOnMount: 'always',
  });
}

/** The wallet's available balance (the payment form's upper bound; the server checks it again). */
export function useWalletBalance() {
  return useQuery<WalletSummary, ApiError>({
    queryKey: ['wallet'],
    queryFn: () => call(() => import('../../../shared/api/wallet').then((m) => m.walletApi.summary)),
  });
}

/** After a payment: the loan, the wallet and the loan status elsewhere are reloaded. */
export async function reloadAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: servicingKeys.current }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['loans', 'current'] }),
  ]);
}

/** Where a payment's receipt PDF is served (member only, own payments only). */
export function receiptPdfUrl(paymentId: string): string {
  return `/api/loans/current/payments/${encodeURIComponent(paymentId)}/receipt.pdf`;
}
