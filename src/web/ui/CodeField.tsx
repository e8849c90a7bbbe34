import { forwardRef, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { OtpInput, type OtpInputProps } from './OtpInput';
import { ApiError } from '../lib/api';
import { serverNow } from '../lib/server-time';
import { formatCountdown, useNow } from '../lib/useNow';
import { CODE_INPUT_MAX_DIGITS, isCodeShaped } from '../../shared/codes/rules';

/**
 * What the code field shows at a moment of the server's clock: whether a new code may be asked
 * for (and the wait if not), and whether the code sent last has expired. Every time comes from
 * the server's answers (resendAvailableAt, expiresAt, a refusal's Retry-After), never from a
 * minute the browser keeps itself.
 */
export interface CodeTimerState {
  /** Milliseconds until the server sends another code; 0: it may be asked for now. */
  readonly resendWaitMs: number;
  /** Milliseconds the code sent last has left; null when the server gave no expiry. */
  readonly expiresInMs: number | null;
  readonly expired: boolean;
}

export function codeTimerState(now: number, resendAvailableAt: string | null, expiresAt: string | null | undefined): CodeTimerState {
  const resendAt = resendAvailableAt ? Date.parse(resendAvailableAt) : Number.NaN;
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const expiresInMs = Number.isNaN(expiry) ? null : Math.max(0, expiry - now);
  return {
    resendWaitMs: Number.isNaN(resendAt) ? 0 : Math.max(0, resendAt - now),
    expiresInMs,
    expired: expiresInMs === 0,
  };
}

/**
 * When the server will send another code, from a refusal that says so (429 with Retry-After: a
 * code asked for too soon), as an ISO time on the server's clock; null when the refusal did not.
 */
export function resendAvailableAtOf(error: unknown, now: number = serverNow()): string | null {
  if (!(error instanceof ApiError) || error.retryAfterSeconds === null) return null;
  return new Date(now + error.retryAfterSeconds * 1000).toISOString();
}

/** Whether what was typed has the shape of a code (the one rule, src/shared/codes/rules.ts, that the routes' schemas use). */
export const isCodeComplete = isCodeShaped;

/** OtpInput's props (the box) and the code's times (from the server's answers). */
export interface CodeFieldProps extends Omit<OtpInputProps, 'id'> {
  /** When the code sent last expires, from the server's answer; shown with the time left. Absent: not shown. */
  readonly expiresAt?: string | null;
  /** When the server sends another code (its answer's resendAvailableAt, or resendAvailableAtOf a refusal); null: now. */
  readonly resendAvailableAt: string | null;
  /** Asks the server for a new code. */
  readonly onResend: () => void;
  readonly resending?: boolean;
  /** Another action of the form is running (the resend waits for it). */
  readonly busy?: boolean;
}

/**
 * The one-time code entry of every flow that sends a code (registration, sign-in recovery, contract
 * and extension signing, payout account change, withdrawals): the digits-only box, the code's
 * expiry, and the resend button with its countdown to the time the SERVER said the next code may
 * be sent. The form around it submits the code; the server checks it.
 */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  {
    value,
    onChange,
    onBlur,
    name,
    label,
    hint,
    error,
    disabled = false,
    autoFocus,
    maxDigits = CODE_INPUT_MAX_DIGITS,
    expiresAt,
    resendAvailableAt,
    onResend,
    resending = false,
    busy = false,
  },
  ref,
) {
  const { t, i18n } = useTranslation();
  const now = useNow(!disabled);
  const state = codeTimerState(now, resendAvailableAt, expiresAt);
  const clock = useMemo(() => new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }), [i18n.language]);
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return (
    <div className="flex flex-col gap-2">
      <OtpInput
        ref={ref}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        label={label}
        hint={hint}
        error={error}
        disabled={disabled}
        autoFocus={autoFocus}
        maxDigits={maxDigits}
      />
      {state.expiresInMs !== null && (
        <p className={`text-sm ${state.expired ? 'font-semibold text-danger' : 'text-muted'}`} data-testid="code-expiry">
          {state.expired ? t('common.code.expired') : t('common.code.expiresAt', { time: clock.format(expiry), left: formatCountdown(state.expiresInMs) })}
        </p>
      )}
      {!disabled && (
        <Button variant="ghost" className="self-start px-2" onClick={onResend} busy={resending} disabled={busy || resending || state.resendWaitMs > 0}>
          {state.resendWaitMs > 0 ? t('common.code.resendIn', { time: formatCountdown(state.resendWaitMs) }) : t('common.code.resend')}
        </Button>
      )}
    </div>
  );
});
