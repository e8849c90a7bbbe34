import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/Field';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../../../ui/CodeField';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import type { contractCodeResponseSchema } from '../../../../shared/schemas/loans';
import type { ExtensionDto, memberExtensionResponseSchema } from '../../../../shared/schemas/extensions';
import { DisclosureView } from '../../loans';
import { dateOnly, formatIsoDate, money } from '../../../lib/format';

type Current = z.infer<typeof memberExtensionResponseSchema>;
type CodeSent = z.infer<typeof contractCodeResponseSchema>;

const extensionKeys = { current: ['extension', 'current'] as const };

/**
 * The borrower's extension request (docs/decisions/016-extensions.md): the terms
 * the product offers and the last day to ask, the request, its status (a declined one with the
 * catalogue's reason), and once approved the new disclosure statement to read and sign with a code.
 * Says "in force" only after the server answered that it is. Mount it on the borrower's /loan page.
 */
export function ExtensionRequest({ onChanged }: { readonly onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery<Current, ApiError>({
    queryKey: extensionKeys.current,
    queryFn: () => call(() => import('../../../../shared/api/extensions').then((m) => m.extensionsApi.current)),
  });
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'request' | 'withdraw' | 'code' | 'sign' | null>(null);
  const [error, setError] = useState<string | undefined>();

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: extensionKeys.current });
    onChanged?.();
  };

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(kind);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      const message = e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE');
      if (kind === 'sign' || kind === 'request') setError(message);
      else toast.error(message);
      // A code asked for too soon: the server says when; the button counts down to it.
      const resendAvailableAt = kind === 'code' ? resendAvailableAtOf(e) : null;
      if (resendAvailableAt) setSent((now) => (now ? { ...now, resendAvailableAt } : now));
    } finally {
      setBusy(null);
    }
  };

  const sendCode = () =>
    run('code', async () => {
      setSent(await call(() => import('../../../../shared/api/extensions').then((m) => m.extensionsApi.code)));
      setCode('');
    });

  if (current.isPending) return <Spinner label={t('extensions.title')} />;
  if (current.isError) {
    return (
      <p role="alert" className="text-accent">
        {current.error.message}
      </p>
    );
  }
  const { eligibility, extension } = current.data;
  const open = extension && (extension.status === 'REQUESTED' || extension.status === 'APPROVED') ? extension : null;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="extension-title" data-testid="extension-request">
      <h2 id="extension-title" className="text-lg font-bold text-brand">
        {t('extensions.title')}
      </h2>
      {extension && <ExtensionStatusLine extension={extension} />}
      {open?.status === 'APPROVED' && open.disclosure && (
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-bold text-brand">{t('extensions.offer.title')}</h3>
          <p>{t('extensions.offer.fromLine', { from: open.fromLine })}</p>
          <DisclosureView disclosure={open.disclosure} extension />
          {open.fee !== '0.00' && (
            <p>
              {t('extensions.offer.fee')}: {money(open.fee)}
            </p>
          )}
          <div className="flex flex-col gap-3 rounded-lg bg-brand-light p-4">
            {sent && <p role="status">{t('extensions.offer.codeSent', { phone: sent.sentTo })}</p>}
            {!sent && (
              <Button className="self-start" busy={busy === 'code'} disabled={busy !== null} onClick={() => void sendCode()}>
                {t('extensions.offer.sendCode')}
              </Button>
            )}
            {sent && (
              <>
                <CodeField
                  label={t('extensions.offer.code')}
                  value={code}
                  onChange={setCode}
                  error={error}
                  expiresAt={sent.expiresAt}
                  resendAvailableAt={sent.resendAvailableAt}
                  onResend={() => void sendCode()}
                  resending={busy === 'code'}
                  busy={busy !== null}
                />
                <Button
                  variant="accent"
                  className="self-start"
                  busy={busy === 'sign'}
                  disabled={busy !== null}
                  onClick={() =>
                    void run('sign', async () => {
                      if (!isCodeComplete(code)) {
                        setError(t('validation.otp'));
                        return;
                      }
                      await call(() => import('../../../../shared/api/extensions').then((m) => m.extensionsApi.sign), { body: { code } });
                      toast.success(t('extensions.offer.signed'));
                      setSent(null);
                      setCode('');
                      await refresh();
                    })
                  }
                >
                  {t('extensions.offer.sign')}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      {open ? (
        <Button
          variant="outline"
          className="self-start"
          busy={busy === 'withdraw'}
          disabled={busy !== null}
          onClick={() =>
            void run('withdraw', async () => {
              await call(() => import('../../../../shared/api/extensions').then((m) => m.extensionsApi.withdraw));
              await refresh();
            })
          }
        >
          {t('extensions.withdraw')}
        </Button>
      ) : (
        eligibility.requestDeadline && (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void run('request', async () => {
                await call(() => import('../../../../shared/api/extensions').then((m) => m.extensionsApi.request), { body: { term: Number(term) } });
                await refresh();
              });
            }}
          >
            <p>{t('extensions.intro', { days: eligibility.noticeDays, deadline: formatIsoDate(eligibility.requestDeadline, i18n.language) })}</p>
            <SelectField label={t('extensions.newTerm')} value={term} onChange={(event) => setTerm(event.target.value)} required>
              <option value="" disabled>
                {t('extensions.chooseTerm')}
              </option>
              {eligibility.terms.map((months) => (
                <option key={months} value={months}>
                  {t('extensions.months', { count: months })}
                </option>
              ))}
            </SelectField>
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <Button type="submit" className="self-start" busy={busy === 'request'} disabled={busy !== null || term === ''}>
              {t('extensions.request')}
            </Button>
          </form>
        )
      )}
    </section>
  );
}

function ExtensionStatusLine({ extension }: { readonly extension: ExtensionDto }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="rounded-lg border border-line p-3" data-testid="extension-status">
      <p className="font-semibold">{t(`extensions.statusLabel.${extension.status}`)}</p>
      <p>{t(extension.statusMessageKey)}</p>
      <p className="text-sm text-muted">
        {t('extensions.requested', {
          date: dateOnly(extension.requestedAt, i18n.language),
          months: extension.newTerm,
          principal: money(extension.remainingPrincipal),
        })}
      </p>
      {extension.declineReason && <p>{t(extension.declineReason.key)}</p>}
    </div>
  );
}
