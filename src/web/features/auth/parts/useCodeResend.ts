import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/server-errors';
import { resendAvailableAtOf } from '../../../ui/CodeField';
import { toast } from '../../../ui/toast';
import type { CodeTimes } from './CodeEntry';

/**
 * The resend of the code step (registration and recovery): asks the server for a new code and takes
 * its times; a refusal stays on screen until dismissed, one asked too soon counts the button down to
 * the time the server said (Retry-After), and one saying the attempt is gone (`expiredCode`) starts
 * the flow again.
 */
export function useCodeResend({
  send,
  times,
  onTimes,
  onSent,
  expiredCode,
  onExpired,
  toastId,
}: {
  /** Asks the server for a new code; its answer's times. */
  readonly send: () => Promise<CodeTimes>;
  readonly times: CodeTimes;
  readonly onTimes: (times: CodeTimes) => void;
  /** A new code went out (the code typed so far is cleared, the success said). */
  readonly onSent: () => void;
  readonly expiredCode: 'REGISTRATION_EXPIRED' | 'RECOVERY_EXPIRED';
  readonly onExpired: () => void;
  readonly toastId: string;
}): { readonly resending: boolean; readonly resend: () => Promise<void> } {
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      onTimes(await send());
      onSent();
    } catch (error) {
      toast.error(errorMessage(error), { id: toastId, duration: Infinity });
      // Asked too soon: the server says when; the button counts down to it.
      const resendAt = resendAvailableAtOf(error);
      if (resendAt) onTimes({ ...times, resendAvailableAt: resendAt });
      if (error instanceof ApiError && error.code === expiredCode) onExpired();
    } finally {
      setResending(false);
    }
  };
  return { resending, resend };
}
