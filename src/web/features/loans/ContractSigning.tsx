import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../../ui/CodeField';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import type { LoanView } from '../../../shared/schemas/loans';
import type { z } from 'zod';
import type { contractCodeResponseSchema, contractResponseSchema } from '../../../shared/schemas/loans';
import { ContractText } from './ContractText';
import { DisclosureView } from './DisclosureView';
import { loanKeys } from './queries';

type Contract = z.infer<typeof contractResponseSchema>;
type CodeSent = z.infer<typeof contractCodeResponseSchema>;

/**
 * Signing the LOAN CONTRACT AGREEMENT: the contract and the final disclosure
 * from the server, SEND CODE, the code from the SMS, SIGN. The page says 'signed' only after the
 * server has answered that it is.
 */
export function ContractSigning({ loan }: { readonly loan: LoanView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'sign' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const contract = useQuery<Contract, ApiError>({
    queryKey: [...loanKeys.contract, loan.id, loan.status],
    queryFn: () => call(() => import('../../../shared/api/loans').then((m) => m.loansApi.contract)),
    enabled: open,
  });

  const sendCode = async () => {
    setBusy('code');
    setError(undefined);
    try {
      setSent(await call(() => import('../../../shared/api/loans').then((m) => m.loansApi.contractCode)));
      setCode('');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
      // Asked too soon: the server says when; the button counts down to it.
      const resendAvailableAt = resendAvailableAtOf(e);
      if (resendAvailableAt) setSent((now) => (now ? { ...now, resendAvailableAt } : now));
    } finally {
      setBusy(null);
    }
  };

  const sign = async () => {
    if (!isCodeComplete(code)) {
      setError(t('validation.otp'));
      return;
    }
    setBusy('sign');
    setError(undefined);
    try {
      await call(() => import('../../../shared/api/loans').then((m) => m.loansApi.sign), { body: { code } });
      toast.success(t('loans.sign.signed'));
      setOpen(false);
      setCode('');
      setSent(null);
      await queryClient.invalidateQueries({ queryKey: loanKeys.current });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button variant="accent" onClick={() => setOpen(true)}>
        {t('loans.sign.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => busy === null && setOpen(false)}
        size="xl"
        title={t('loans.sign.title')}
        footer={
          <Button variant="outline" onClick={() => setOpen(false)} disabled={busy !== null}>
            {t('loans.sign.close')}
          </Button>
        }
      >
        {contract.data ? (
          <div className="flex flex-col gap-5">
            <ContractText contract={contract.data.contract} />
            <section>
              <h3 className="mb-2 text-base font-bold text-brand">{t('loans.sign.finalDisclosure')}</h3>
              <DisclosureView disclosure={contract.data.disclosure} />
            </section>
            <p className="text-xs break-all text-muted">{t('loans.sign.sha', { sha: contract.data.documentsSha256 })}</p>
            <div className="flex flex-col gap-3 rounded-lg bg-brand-light p-4">
              {sent && <p role="status">{t('loans.sign.sent', { to: sent.sentTo })}</p>}
              {sent ? (
                <>
                  <CodeField
                    label={t('loans.sign.code')}
                    value={code}
                    onChange={setCode}
                    error={error}
                    expiresAt={sent.expiresAt}
                    resendAvailableAt={sent.resendAvailableAt}
                    onResend={() => void sendCode()}
                    resending={busy === 'code'}
                    busy={busy !== null}
                  />
                  <Button variant="accent" className="self-start" onClick={() => void sign()} busy={busy === 'sign'} disabled={busy !== null}>
                    {t('loans.sign.sign')}
                  </Button>
                </>
              ) : (
                <Button className="self-start" onClick={() => void sendCode()} busy={busy === 'code'} disabled={busy !== null}>
                  {t('loans.sign.sendCode')}
                </Button>
              )}
            </div>
          </div>
        ) : contract.isError ? (
          <p role="alert" className="text-accent">
            {contract.error.message}
          </p>
        ) : (
          <Spinner label={t('loans.sign.loading')} />
        )}
      </Dialog>
    </>
  );
}
