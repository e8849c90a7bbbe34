import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, ApiError, newIdempotencyKey } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../../ui/CodeField';
import { toast } from '../../ui/toast';
import { WITHDRAWAL_CODE_ERROR_CODES, type WithdrawalCodeSent, type WithdrawalView } from '../../../shared/schemas/withdrawals';
import { money } from '../../lib/format';
import { CODE_DIGITS, codeTextValues } from '../../../shared/codes/rules';

const TOAST_ID = 'withdrawal-otp';
/** Refusals of the code itself (src/server/otp answers them for every kind of code). */
const CODE_REFUSALS: ReadonlySet<string> = new Set(WITHDRAWAL_CODE_ERROR_CODES);

export interface CodeDialogProps {
  readonly withdrawal: WithdrawalView;
  /** The times of the code sent last (when it expires, when the next may be sent): the request's answer, or the member's read of the withdrawal; null: not known here. */
  readonly codeSent?: WithdrawalCodeSent | null;
  /** The server accepted the code: the withdrawal is PROCESSING. */
  readonly onConfirmed: (view: WithdrawalView) => void;
  /** The server cancelled the withdrawal: the money is back. */
  readonly onCancelled: (view: WithdrawalView) => void;
  /** The withdrawal left AWAITING_CODE without this dialog (it expired): as the server has it now. */
  readonly onStale: (view: WithdrawalView) => void;
  /**
   * Opened again for a withdrawal whose code went out earlier (it may have expired): the times come
   * with the read of the withdrawal (`codeSent`); without them a new code may be asked for at once
   * (if it is too soon, the server's refusal says until when).
   */
  readonly reopened?: boolean;
  /** Set when the dialog may be closed without cancelling (the withdrawal stays awaiting its code). */
  readonly onClose?: () => void;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The one-time code dialog (specification sections 5 and 8, as DECISIONS.md corrects them): the code
 * went by SMS and is checked on the server; digits only, 6 of them; the toasts 'Verifying OTP.',
 * 'OTP confirmed successfully.' and 'Invalid OTP' with the server's reason; a new code once a
 * minute; cancelling cancels the withdrawal on the server, which gives the money back.
 */
export function CodeDialog({ withdrawal, codeSent = null, onConfirmed, onCancelled, onStale, reopened = false, onClose }: CodeDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | 'cancel' | null>(null);
  /** When the server sends another code: from its answers only (the request's, a resend's, a refusal's Retry-After). */
  const [timers, setTimers] = useState<{ expiresAt: string | null; resendAvailableAt: string | null }>(() => ({
    expiresAt: codeSent?.expiresAt ?? null,
    resendAvailableAt: codeSent?.resendAvailableAt ?? null,
  }));
  /** The key of the confirmation in flight: reused when the same code is sent again after no answer. */
  const confirmKey = useRef<{ code: string; key: string } | null>(null);
  const params = { id: withdrawal.id };

  /** The withdrawal changed state on the server: read it and hand it on. */
  const refresh = async () => {
    try {
      onStale(await call(withdrawalsApi.get, { params }));
    } catch (e) {
      setError(messageOf(e, t('errors.NO_SERVER_RESPONSE')));
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete(code)) {
      setError(t('withdrawals.flow.code.hint'));
      return;
    }
    const key = confirmKey.current?.code === code ? confirmKey.current.key : newIdempotencyKey();
    confirmKey.current = { code, key };
    setBusy('confirm');
    setError(undefined);
    setNotice(null);
    toast.loading(t('withdrawals.flow.toast.verifying'), { id: TOAST_ID });
    try {
      const view = await call(withdrawalsApi.confirm, { params, body: { code }, idempotencyKey: key });
      toast.success(t('withdrawals.flow.toast.confirmed'), { id: TOAST_ID, duration: 500 });
      onConfirmed(view);
    } catch (e) {
      // The server answered: the next try is a new attempt with a key of its own.
      if (e instanceof ApiError && e.status > 0 && e.status < 500) confirmKey.current = null;
      if (e instanceof ApiError && (CODE_REFUSALS.has(e.code) || e.fields.code !== undefined)) {
        toast.warning(t('withdrawals.flow.toast.invalid'), { id: TOAST_ID, duration: 1000 });
        setError(e.message);
        setCode('');
      } else if (e instanceof ApiError && e.code === 'WITHDRAWAL_STATE') {
        toast.dismiss(TOAST_ID);
        await refresh();
      } else {
        const message = messageOf(e, t('errors.NO_SERVER_RESPONSE'));
        toast.error(message, { id: TOAST_ID });
        setError(message);
      }
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(undefined);
    setNotice(null);
    try {
      setTimers(await call(withdrawalsApi.resendCode, { params }));
      setCode('');
      setNotice(t('withdrawals.flow.code.resent'));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'WITHDRAWAL_STATE') await refresh();
      else {
        setError(messageOf(e, t('errors.NO_SERVER_RESPONSE')));
        // Asked too soon: the server says when; the button counts down to it.
        const resendAvailableAt = resendAvailableAtOf(e);
        if (resendAvailableAt) setTimers((now) => ({ ...now, resendAvailableAt }));
      }
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    setError(undefined);
    setNotice(null);
    try {
      onCancelled(await call(withdrawalsApi.cancel, { params }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'WITHDRAWAL_STATE') await refresh();
      else {
        const message = messageOf(e, t('errors.NO_SERVER_RESPONSE'));
        toast.error(message);
        setError(message);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      staticBackdrop={!onClose}
      onClose={onClose ?? (() => undefined)}
      title={t('withdrawals.flow.code.title')}
      footer={
        <>
          {onClose && (
            <Button variant="ghost" onClick={onClose} disabled={busy !== null}>
              {t('withdrawals.flow.code.later')}
            </Button>
          )}
          <Button variant="outline" onClick={() => void cancel()} busy={busy === 'cancel'} disabled={busy !== null}>
            {t('withdrawals.flow.code.cancel')}
          </Button>
        </>
      }
    >
      <form onSubmit={(event) => void confirm(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          {t(reopened ? 'withdrawals.flow.code.reopened' : 'withdrawals.flow.code.sent', {
            reference: withdrawal.reference,
            amount: money(withdrawal.amount),
            ...codeTextValues(),
          })}
        </p>
        <CodeField
          label={t('withdrawals.flow.code.label')}
          hint={t('withdrawals.flow.code.hint')}
          value={code}
          onChange={(value) => {
            setError(undefined);
            setCode(value);
          }}
          error={error}
          autoFocus
          maxDigits={CODE_DIGITS}
          expiresAt={timers.expiresAt}
          resendAvailableAt={timers.resendAvailableAt}
          onResend={() => void resend()}
          resending={busy === 'resend'}
          busy={busy !== null}
        />
        <p aria-live="polite" className="text-sm text-emerald-800">
          {notice}
        </p>
        <Button type="submit" variant="accent" className="self-end" busy={busy === 'confirm'} disabled={busy !== null || !isCodeComplete(code)}>
          {t('withdrawals.flow.code.confirm')}
        </Button>
        <p className="text-xs text-muted">{t('withdrawals.flow.code.never')}</p>
      </form>
    </Dialog>
  );
}
