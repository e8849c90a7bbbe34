import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contractResponseSchema } from '../../../shared/schemas/loans';
import { api, type ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { DisclosureView } from '../loans/DisclosureView';
import { dateTime } from '../loans/format';
import { loanKeys } from '../loans/queries';

type Contract = z.infer<typeof contractResponseSchema>;

/** The contract, or null when the member has no loan (404); a loan not approved yet answers 409 with its reason. */
function useContract(enabled: boolean) {
  return useQuery<Contract | null, ApiError>({
    queryKey: [...loanKeys.contract, 'settings'],
    queryFn: async () => {
      try {
        return await api<Contract>('/loans/current/contract');
      } catch (error) {
        if ((error as ApiError).status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
    retry: false,
  });
}

const LINK =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-light';

/**
 * Settings > Contract (specification section 2): the LOAN CONTRACT AGREEMENT of the member's loan
 * as the server renders it (the borrower's ID number masked but its first 3 characters), its final
 * disclosure statement and the PDFs; or 'We haven't received any loan applications so far.'
 */
export function ContractDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const contract = useContract(open);

  const body = () => {
    if (contract.isPending) return <Spinner label={t('settings.contract.loading')} />;
    if (contract.isError) {
      return (
        <p role="status" className="py-6 text-center text-ink">
          {contract.error.message}
        </p>
      );
    }
    const c = contract.data;
    if (!c) return <p className="py-6 text-center text-ink">{t('settings.contract.empty')}</p>;
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className={`rounded-md border-l-4 p-3 text-sm ${c.signed ? 'border-success bg-green-50 text-green-900' : 'border-info bg-blue-50 text-blue-950'}`}>
          {c.signed && c.signedAt ? t('settings.contract.signedOn', { date: dateTime(c.signedAt, i18n.language) }) : t('settings.contract.unsigned')}
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={LINK} href="/api/loans/current/contract.pdf" download>
            {t('settings.contract.downloadContract')}
          </a>
          <a className={LINK} href="/api/loans/current/disclosure.pdf" download>
            {t('settings.contract.downloadDisclosure')}
          </a>
        </div>
        <article className="flex flex-col gap-3 text-sm" aria-labelledby="settings-contract-title">
          <h3 id="settings-contract-title" className="text-base font-bold text-brand">
            {c.contract.title}
          </h3>
          {c.contract.sections.map((section) => (
            <section key={section.heading}>
              <h4 className="font-semibold">{section.heading}</h4>
              {section.paragraphs.map((p, i) => (
                <p key={i} className="mt-1">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </article>
        <section>
          <h3 className="mb-2 text-base font-bold text-brand">{t('settings.contract.disclosure')}</h3>
          <DisclosureView disclosure={c.disclosure} />
        </section>
      </div>
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title={t('settings.contract.title')}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('settings.contract.close')}
        </Button>
      }
    >
      {body()}
    </Dialog>
  );
}
