import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, type ApiError } from '../../lib/api';
import { identityApi } from '../../../shared/api/identity';
import type { EmailStatus } from '../../../shared/schemas/auth';
import { Button } from '../../ui/Button';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../../ui/CodeField';
import { LoadError } from '../../ui/LoadError';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { errorMessage } from '../../lib/server-errors';

const emailKey = ['auth', 'email'] as const;

/**
 * Settings: the member's e-mail address, whether it is verified, and its verification (decision
 * 051): a code e-mailed to it, typed here, checked by the server. "Verified" shows only once the
 * server said so. The answer to "send" is the same whatever the address, so the text after it says
 * "if this address can be verified".
 */
export function EmailCard({ className }: { readonly className: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery<EmailStatus, ApiError>({ queryKey: emailKey, queryFn: () => call(identityApi.email), staleTime: 0 });
  const [timers, setTimers] = useState<{ expiresAt: string | null; resendAvailableAt: string | null } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const answer = await call(identityApi.emailCode);
      setTimers({ expiresAt: answer.codeExpiresAt, resendAvailableAt: answer.resendAvailableAt });
    } catch (failure) {
      const resendAvailableAt = resendAvailableAtOf(failure);
      if (resendAvailableAt) setTimers((before) => ({ expiresAt: before?.expiresAt ?? null, resendAvailableAt }));
      toast.error(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete(code)) return;
    setVerifying(true);
    setError(undefined);
    try {
      const answer = await call(identityApi.emailVerify, { body: { code } });
      queryClient.setQueryData(emailKey, answer);
      setTimers(null);
      setCode('');
      toast.success(t('settings.email.success'));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setVerifying(false);
    }
  };

  const body = () => {
    if (status.isPending) return <Spinner label={t('settings.email.loading')} />;
    if (status.error) {
      return (
        <LoadError
          title={t('settings.email.error')}
          detail={status.error.message}
          retryLabel={t('activation.wizard.retry')}
          onRetry={() => void status.refetch()}
        />
      );
    }
    const { email, verified } = status.data;
    return (
      <div className="mt-2 flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-ink">
          <span className="break-all">{email}</span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${verified ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
            data-testid="email-status"
          >
            {verified ? t('settings.email.verified') : t('settings.email.unverified')}
          </span>
        </p>
        {!verified && (
          <>
            <p className="text-sm text-muted">{t('settings.email.why')}</p>
            {timers === null ? (
              <Button className="self-start" onClick={() => void send()} busy={sending}>
                {t('settings.email.send')}
              </Button>
            ) : (
              <form className="flex flex-col gap-3" onSubmit={(event) => void verify(event)} noValidate>
                <p className="text-sm text-ink" role="status">
                  {t('settings.email.sent', { email })}
                </p>
                <CodeField
                  name="emailCode"
                  label={t('settings.email.code')}
                  value={code}
                  onChange={(value) => {
                    setCode(value);
                    setError(undefined);
                  }}
                  error={error}
                  expiresAt={timers.expiresAt}
                  resendAvailableAt={timers.resendAvailableAt}
                  onResend={() => void send()}
                  resending={sending}
                  busy={verifying}
                />
                <Button type="submit" className="self-start" busy={verifying} disabled={!isCodeComplete(code)}>
                  {t('settings.email.verify')}
                </Button>
              </form>
            )}
          </>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="settings-email" className={className}>
      <h2 id="settings-email" className="text-lg font-bold text-brand">
        {t('settings.email.title')}
      </h2>
      {body()}
    </section>
  );
}
