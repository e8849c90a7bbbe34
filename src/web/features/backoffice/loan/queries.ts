import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiError, newIdempotencyKey } from '../../../lib/api';
import { loansApi } from '../../../../shared/api/loans';
import type { AdminLoanDetail, approveRequestSchema, rejectRequestSchema } from '../../../../shared/schemas/loans';
import type { z } from 'zod';
import { adminKeys } from '../queries';

export type LoanAction = 'review' | 'approve' | 'reject' | 'disburse';

/** One action with its checked body (approve and reject only). */
export type LoanActionRequest =
  | { readonly action: 'review' }
  | { readonly action: 'approve'; readonly body: z.infer<typeof approveRequestSchema> }
  | { readonly action: 'reject'; readonly body: z.infer<typeof rejectRequestSchema> }
  | { readonly action: 'disburse' };

/** What the server answered: the loan's new status, or what a disbursement credited. */
export type LoanActionAnswer =
  { readonly kind: 'status'; readonly status: AdminLoanDetail['loan']['status'] } | { readonly kind: 'disbursed'; readonly walletCredited: string };

/** GET /api/admin/loans/:id: the application with its member, assessments and the actions the server permits. */
export function useAdminLoan(loanId: string) {
  return useQuery<AdminLoanDetail, ApiError>({
    queryKey: adminKeys.loan(loanId),
    queryFn: () => call(loansApi.adminDetail, { params: { loanId } }),
  });
}

/**
 * POST /api/admin/loans/:id/{review,approve,reject,disburse}. A disbursement keeps one
 * Idempotency-Key until the server has answered it (prepareDisburse makes it when the dialog
 * opens), so a retry after a lost answer is the same disbursement. The loan is read again after
 * every answer, a refusal too.
 */
export function useLoanAction(loanId: string) {
  const queryClient = useQueryClient();
  const disburseKey = useRef<string | null>(null);
  const mutation = useMutation<LoanActionAnswer, ApiError, LoanActionRequest>({
    mutationFn: async (request) => {
      if (request.action === 'disburse') {
        const answer = await call(loansApi.disburse, {
          params: { loanId },
          body: {},
          idempotencyKey: disburseKey.current ?? newIdempotencyKey(),
        });
        disburseKey.current = null;
        return { kind: 'disbursed', walletCredited: answer.transfer.walletCredited };
      }
      const answer =
        request.action === 'review'
          ? await call(loansApi.review, { params: { loanId }, body: {} })
          : request.action === 'approve'
            ? await call(loansApi.approve, { params: { loanId }, body: request.body })
            : await call(loansApi.reject, { params: { loanId }, body: request.body });
      return { kind: 'status', status: answer.loan.status };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.loan(loanId) }),
  });
  const prepareDisburse = () => {
    if (disburseKey.current === null) disburseKey.current = newIdempotencyKey();
  };
  return { ...mutation, prepareDisburse };
}
