import { useRef, useState } from 'react';
import { call, ApiError, newIdempotencyKey } from '../../../lib/api';
import { useTimers } from '../../../lib/useTimers';
import type { LoanApplicationRequest, LoanApplicationResponse } from '../../../../shared/schemas/loans';

/** How long the Submit button stays disabled after a press (against a double tap). */
const SUBMIT_LOCK_MS = 2000;

/**
 * POST /api/loans/applications with an Idempotency-Key that stays the same while the same
 * application is retried (so the server answers it once), a lock against double taps, and the
 * answer or refusal handed to the caller.
 */
export function useLoanSubmission({
  onSubmitted,
  onRefused,
}: {
  readonly onSubmitted: (answer: LoanApplicationResponse) => void;
  readonly onRefused: (error: unknown) => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [locked, setLocked] = useState(false);
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const later = useTimers();

  const submit = async (body: LoanApplicationRequest) => {
    if (submitting) return;
    const serialised = JSON.stringify(body);
    if (idempotency.current?.body !== serialised) idempotency.current = { key: newIdempotencyKey(), body: serialised };
    setSubmitting(true);
    setLocked(true);
    later(() => setLocked(false), SUBMIT_LOCK_MS);
    try {
      const answer = await call(() => import('../../../../shared/api/loans').then((m) => m.loansApi.apply), { body, idempotencyKey: idempotency.current.key });
      idempotency.current = null;
      onSubmitted(answer);
    } catch (error) {
      onRefused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, locked };
}

/** Whether a refusal says the member already has a loan ('You already have a loan!'). */
export function isLoanExists(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'LOAN_EXISTS';
}
