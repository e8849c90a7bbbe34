import { useQuery } from '@tanstack/react-query';
import { api, type ApiError } from '../../lib/api';
import type { LoanView } from '../../../shared/schemas/loans';
import type { MemberAccountResponse } from '../../../shared/schemas/activation';

export const loanKeys = {
  current: ['loans', 'current'] as const,
  contract: ['loans', 'contract'] as const,
  account: ['member', 'account'] as const,
};

/** The member's open loan, else the latest closed one, else null. */
export function useCurrentLoan() {
  return useQuery<LoanView | null, ApiError>({
    queryKey: loanKeys.current,
    queryFn: async () => (await api<{ loan: LoanView | null }>('/loans/current')).loan,
  });
}

/** The payout account (masked but the first 3 characters) for the confirmation dialog. */
export function useMemberAccount(enabled: boolean) {
  return useQuery<MemberAccountResponse, ApiError>({
    queryKey: loanKeys.account,
    queryFn: () => api<MemberAccountResponse>('/member/account'),
    enabled,
    staleTime: 60_000,
  });
}
