import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contractResponseSchema } from '../../../shared/schemas/loans';
import type { LoanStatus } from '../../../shared/states/loan';
import { call, type ApiError } from '../../lib/api';
import { loansApi } from '../../../shared/api/loans';
import { Dialog } from '../../ui/Dialog';
import { LoadState } from '../../ui/ListState';
import { ContractText } from '../loans';
import { DisclosureView } from '../loans';
import { dateTime } from '../../lib/format';
import { loanKeys, useCurrentLoan } from '../loans';

type Contract = z.infer<typeof contractResponseSchema>;

/** Loan statuses that have a contract to show: approved (to sign) and every later one. */
const WITH_CONTRACT: ReadonlySet<LoanStatus> = new Set<LoanStatus>(['APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID']);

function useContract(enabled: boolean) {
  return useQuery<Contract, ApiError>({
    queryKey: [...loanKeys.contract, 'settings'],
    queryFn: () => call(loansApi.contract),
    enabled,
    staleTime: 0,
  });
}

const LINK = 'inline-flex min-h-11 items-center justify-center rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-light';

/**
 * Settings > Contract (specification section 2): the LOAN CONTRACT AGREEMENT of the member's loan
 * as the server renders it (the borrower's ID number masked but its first 3 characters), its final
 * disclosure statement and the PDFs; or 'We haven't received any loan applications so far.'
 */
export function ContractDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const loan = useCurrentLoan();
  const hasContract = loan.data ? WITH_CONTRACT.has(loan.data.status) : false;
  const contract = useContract(open && hasContract);

  const body = () => {
    if (!loan.isSuccess) return <LoadState query={loan} loadingText={t('settings.contract.loading')} />;
    if (!loan.data) return <p className="py-6 text-center text-ink">{t('settings.contract.empty')}</p>;
    if (!hasContract) {
      const closed = loan.data.status === 'REJECTED' || loan.data.status === 'CANCELLED';
      return <p className="py-6 text-center text-ink">{t(closed ? 'settings.contract.noContract' : 'settings.contract.notReady')}</p>;
    }
    if (!contract.isSuccess) return <LoadState query={contract} loadingText={t('settings.contract.loading')} />;
    const c = contract.data;
    return (
      <div className="flex flex-col gap-5">
        <p
          role="status"
          className={`rounded-md border-l-4 p-3 text-sm ${c.signed ? 'border-success bg-green-50 text-green-900' : 'border-info bg-blue-50 text-blue-950'}`}
        >
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
        <ContractText contract={c.contract} headingId="settings-contract-title" />
        <section>
          <h3 className="mb-2 text-base font-bold text-brand">{t('settings.contract.disclosure')}</h3>
          <DisclosureView disclosure={c.disclosure} />
        </section>
      </div>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} size="xl" title={t('settings.contract.title')} closeText={t('settings.contract.close')}>
      {body()}
    </Dialog>
  );
}
