import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import i18next from 'i18next';
import { call, ApiError, knownCode } from '../../lib/api';
import { privacyApi } from '../../../shared/api/privacy';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField, TextAreaField } from '../../ui/Field';
import {
  ACTIVATION_LIMITS,
  dataExportSchema,
  type DataExportInput,
  deletionRequestSchema,
  type DeletionRequestInput,
  type myDeletionRequestResponseSchema,
} from '../../../shared/schemas/activation';
import { errorMessage, showMessage } from '../../lib/server-errors';
import { deletionRejectionReasonKey } from '../../../shared/reasons/catalogue';
import { useDomId } from '../../ui/dom-id';

type MyDeletionRequest = z.infer<typeof myDeletionRequestResponseSchema>;
type DeletionOutput = z.output<typeof deletionRequestSchema>;

const deletionKey = ['privacy', 'deletion-request'] as const;
const resolver = zodResolver(deletionRequestSchema);
const exportResolver = zodResolver(dataExportSchema);

function useDeletionRequest() {
  return useQuery<MyDeletionRequest, ApiError>({
    queryKey: deletionKey,
    queryFn: () => call(privacyApi.myDeletionRequest),
    staleTime: 0,
  });
}

type Download =
  | { readonly status: 'idle' }
  | { readonly status: 'busy' }
  | { readonly status: 'done'; readonly filename: string }
  | { readonly status: 'failed'; readonly message: string };

/**
 * POST /api/privacy/export with the member's password (a session alone downloads nothing), saved as
 * the file the server names; says it is done only once the whole answer has arrived.
 */
async function downloadExport(password: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/privacy/export', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/zip, application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
  } catch {
    throw new ApiError(0, 'FETCH_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
    throw new ApiError(
      response.status,
      knownCode(data?.error?.code),
      data?.error?.message ?? i18next.t('errors.NO_SERVER_RESPONSE'),
      data?.error?.fields ?? {},
    );
  }
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'tapat-my-data.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}

/**
 * Data rights from Settings (DECISIONS.md invariant 9): download everything Tapat holds about the
 * member (a ZIP with their data as JSON and their images), and ask for the deletion of the account
 * (an optional reason, a confirmation; staff handle it). Each says it is done only after the
 * server answered (invariant 7).
 */
export function DataRights() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useDomId();
  const [download, setDownload] = useState<Download>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const deletion = useDeletionRequest();
  const dates = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Manila' }), [i18n.language]);
  const form = useForm<DeletionRequestInput, unknown, DeletionOutput>({ resolver, mode: 'onTouched', defaultValues: { reason: '' } });
  const [askingPassword, setAskingPassword] = useState(false);
  const exportForm = useForm<DataExportInput, unknown, DataExportInput>({ resolver: exportResolver, mode: 'onSubmit', defaultValues: { password: '' } });

  const closePassword = () => {
    setAskingPassword(false);
    exportForm.reset({ password: '' });
  };

  const onDownload = exportForm.handleSubmit(async ({ password }) => {
    setDownload({ status: 'busy' });
    try {
      const filename = await downloadExport(password);
      closePassword();
      setDownload({ status: 'done', filename });
    } catch (error) {
      if (error instanceof ApiError && error.fields.password) {
        // The server's refusal, shown in the member's language.
        exportForm.setError('password', { type: 'server', message: 'activation.privacy.passwordWrong' }, { shouldFocus: true });
        setDownload({ status: 'idle' });
        return;
      }
      closePassword();
      setDownload({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });

  const onRequest = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await call(privacyApi.requestDeletion, { body: values.reason ? { reason: values.reason } : {} });
      await queryClient.invalidateQueries({ queryKey: deletionKey });
      setSent(t('activation.privacy.deletionRequested'));
      setConfirming(false);
      form.reset({ reason: '' });
    } catch (error) {
      setRefusal(showMessage(t, errorMessage(error)));
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: deletionKey });
    }
  });

  const request = deletion.data?.request ?? null;
  const open = request?.status === 'OPEN';
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div>
        <h2 id={titleId} className="text-lg font-bold text-brand">
          {t('activation.privacy.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('activation.privacy.intro')}</p>
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="font-semibold text-ink">{t('activation.privacy.downloadTitle')}</h3>
        <p className="text-sm text-ink">{t('activation.privacy.downloadText')}</p>
        <div>
          <Button
            variant="outline"
            busy={download.status === 'busy'}
            onClick={() => {
              setDownload({ status: 'idle' });
              setAskingPassword(true);
            }}
          >
            {t('activation.privacy.download')}
          </Button>
        </div>
        <div aria-live="polite" className="text-sm">
          {download.status === 'busy' && <p className="text-muted">{t('activation.privacy.preparing')}</p>}
          {download.status === 'done' && <p className="font-medium text-success">{t('activation.privacy.downloaded', { file: download.filename })}</p>}
        </div>
        {download.status === 'failed' && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {t('activation.privacy.downloadFailed')} {download.message}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-ink">{t('activation.privacy.deletionTitle')}</h3>
        <p className="text-sm text-ink">{t('activation.privacy.deletionText')}</p>
        <div aria-live="polite" className="flex flex-col gap-2 text-sm">
          {sent && <p className="font-medium text-success">{sent}</p>}
          {request && (
            <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950" data-testid="deletion-request-status">
              <p>{t(`activation.privacy.status.${request.status}`, { date: dates.format(new Date(request.requestedAt)) })}</p>
              {request.status === 'REJECTED' && request.rejectionReasonCode && (
                <p className="mt-1">{t('activation.privacy.rejectedReason', { reason: t(deletionRejectionReasonKey(request.rejectionReasonCode)) })}</p>
              )}
            </div>
          )}
        </div>
        {deletion.error && (
          <p role="alert" className="text-sm text-danger">
            {deletion.error.message}
          </p>
        )}
        {!open && (
          <div>
            <Button
              variant="outline"
              className="border-accent text-accent hover:bg-red-50"
              disabled={deletion.isPending}
              onClick={() => {
                setRefusal(null);
                setSent(null);
                setConfirming(true);
              }}
            >
              {t('activation.privacy.deletionButton')}
            </Button>
          </div>
        )}
      </div>

      <Dialog
        open={askingPassword}
        onClose={closePassword}
        title={t('activation.privacy.passwordTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={closePassword} disabled={download.status === 'busy'}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={`${titleId}-export`} busy={download.status === 'busy'}>
              {t('activation.privacy.passwordConfirm')}
            </Button>
          </>
        }
      >
        <form id={`${titleId}-export`} onSubmit={onDownload} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-ink">{t('activation.privacy.passwordText')}</p>
          <PasswordField
            label={t('activation.privacy.password')}
            autoComplete="current-password"
            maxLength={256}
            error={exportForm.formState.errors.password?.message}
            {...exportForm.register('password')}
          />
        </form>
      </Dialog>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('activation.privacy.confirmTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={form.formState.isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button variant="accent" type="submit" form={`${titleId}-deletion`} busy={form.formState.isSubmitting}>
              {t('activation.privacy.confirmButton')}
            </Button>
          </>
        }
      >
        <form id={`${titleId}-deletion`} onSubmit={onRequest} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-ink">{t('activation.privacy.confirmText')}</p>
          <TextAreaField
            label={t('activation.privacy.reason')}
            hint={t('activation.privacy.reasonHint')}
            maxLength={ACTIVATION_LIMITS.deletionReasonMax}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {refusal && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {refusal}
            </p>
          )}
        </form>
      </Dialog>
    </section>
  );
}
