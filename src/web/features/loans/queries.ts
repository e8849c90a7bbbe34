import { useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import type { LoanView } from '../../../shared/schemas/loans';

export const loanKeys = {
  current: ['loans', 'current'] as const,
  contract: ['loans', 'contract'] as const,
};

/** The member's open loan, else the latest closed one, else null. */
export function useCurrentLoan() {
  return useQuery<LoanView | null, ApiError>({
    queryKey: loanKeys.current,
    queryFn: async () => (await call(() => import('../../../shared/api/loans').then((m) => m.loansApi.current))).loan,
  });
}
