import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { isFinalWithdrawalStatus } from '../../../shared/states/withdrawal';
import type { MemberWithdrawal, WithdrawalOptions, WithdrawalView } from '../../../shared/schemas/withdrawals';

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  options: ['withdrawals', 'options'] as const,
  list: ['withdrawals', 'list'] as const,
  one: (id: string) => ['withdrawals', 'one', id] as const,
};

/** How often the transfer screen asks for the payout's status while it is not final. */
const STATUS_POLL_MS = 2500;

/** Balance, channel limits, fee, payout account and the 24-hour hold: fresh every time the step shows. */
export function useWithdrawalOptions() {
  return useQuery<WithdrawalOptions, ApiError>({
    queryKey: withdrawalKeys.options,
    queryFn: () => call(withdrawalsApi.options),
    refetchOnMount: 'always',
  });
}

/** The member's own withdrawals, newest first. */
export function useWithdrawals() {
  return useQuery<MemberWithdrawal[], ApiError>({
    queryKey: withdrawalKeys.list,
    queryFn: async () => (await call(withdrawalsApi.list)).withdrawals,
    refetchOnMount: 'always',
  });
}

/** One withdrawal, asked again every STATUS_POLL_MS until its status is final. */
export function useWithdrawalStatus(initial: WithdrawalView) {
  return useQuery<WithdrawalView, ApiError>({
    queryKey: withdrawalKeys.one(initial.id),
    queryFn: () => call(withdrawalsApi.get, { params: { id: initial.id } }),
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data && isFinalWithdrawalStatus(query.state.data.status) ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** After money moved (or came back): the wallet and the withdrawals are read again. */
export function reloadWallet(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['wallet'] }), queryClient.invalidateQueries({ queryKey: withdrawalKeys.all })]).then(
    () => undefined,
  );
}
