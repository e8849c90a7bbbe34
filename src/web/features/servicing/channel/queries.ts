import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiError } from '../../../lib/api';
import type { ChannelPaymentDto, ChannelPaymentRequest } from '../../../../shared/schemas/channel-payments';

const channelPaymentKeys = { list: ['loans', 'current', 'channel-payments'] as const };

export interface ChannelPaymentList {
  readonly payments: ChannelPaymentDto[];
  readonly provider: 'SIMULATED' | 'XENDIT' | 'NONE';
}

/** The member's payment references; asked again every 5 s while one waits for payment, so its status changes show by themselves. */
export function useChannelPayments() {
  return useQuery<ChannelPaymentList, ApiError>({
    queryKey: channelPaymentKeys.list,
    queryFn: () => call(() => import('../../../../shared/api/channel-payments').then((m) => m.channelPaymentsApi.list)),
    refetchInterval: (query) => (query.state.data?.payments.some((p) => p.status === 'PENDING') ? 5_000 : false),
  });
}

/** Asks for a payment reference (the caller keeps one Idempotency-Key per request body, so a retry is the same reference). */
export function useCreateChannelPayment() {
  const client = useQueryClient();
  return useMutation<{ payment: ChannelPaymentDto }, ApiError, { body: ChannelPaymentRequest; key: string }>({
    mutationFn: ({ body, key }) =>
      call(() => import('../../../../shared/api/channel-payments').then((m) => m.channelPaymentsApi.create), { body, idempotencyKey: key }),
    onSuccess: () => client.invalidateQueries({ queryKey: channelPaymentKeys.list }),
  });
}
