import { useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { activationApi } from '../../../shared/api/activation';
import { memberApi } from '../../../shared/api/member';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import type { CreditScoreResponse, PayoutAccountResponse } from '../../../shared/schemas/member-settings';
import type { WithdrawalView } from '../../../shared/schemas/withdrawals';

export const settingsKeys = {
  creditScore: ['member', 'credit-score'] as const,
  payoutAccount: ['member', 'payout-account'] as const,
  withdrawals: ['withdrawals', 'list'] as const,
};

/** GET /api/member/credit-score */
export function useCreditScore() {
  return useQuery<CreditScoreResponse, ApiError>({
    queryKey: settingsKeys.creditScore,
    queryFn: () => call(memberApi.creditScore),
  });
}

/** GET /api/member/payout-account: the account (in full for the reveal) and the withdrawal hold. */
export function usePayoutAccount(enabled = true) {
  return useQuery<PayoutAccountResponse, ApiError>({
    queryKey: settingsKeys.payoutAccount,
    queryFn: () => call(activationApi.payoutAccount),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/withdrawals: the member's own, newest first. */
export function useWithdrawals(enabled: boolean) {
  return useQuery<WithdrawalView[], ApiError>({
    queryKey: settingsKeys.withdrawals,
    queryFn: async () => (await call(withdrawalsApi.list)).withdrawals,
    enabled,
    staleTime: 0,
    // While a payout is under way the dialog follows it (PROCESSING -> PAID or FAILED).
    refetchInterval: (query) => (query.state.data?.some((w) => w.status === 'AWAITING_CODE' || w.status === 'PROCESSING') ? 5000 : false),
  });
}
