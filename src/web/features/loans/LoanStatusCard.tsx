import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import type { LoanView } from '../../../shared/schemas/loans';
import { DisclosureView } from './DisclosureView';
import { ContractSigning } from './ContractSigning';
import { OfferAcceptance } from './OfferAcceptance';
import { loanReasonKey } from '../../../shared/reasons/catalogue';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { dateOnly, dateTime, formatIsoDate, money } from '../../lib/format';
import { loanKeys } from './queries';
import { renderCatalogueText } from '../../lib/catalogue-text';
import { timelineEntryText } from './timeline-entry';
import { loanStatusLabelKey } from '../../../shared/states/loan';

/** The member's loan: status (text, colour, icon), statement, numbers, timeline, cancel, signing and downloads. */
export function LoanStatusCard({ loan, onApplyAgain }: { readonly loan: LoanView; readonly onApplyAgain?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'cancel' | 'disclosure' | null>(null);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      await call(() => import('../../../shared/api/loans').then((m) => m.loansApi.cancel), { body: {} });
      toast.success(t('loans.status.cancelled'));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: loanKeys.current });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className={`flex gap-3 rounded-lg border-l-4 p-4 ${COLOUR_BG[loan.statusColor]}`} data-testid="loan-status">
        <StatusIcon name={loan.statusIcon} colour={loan.statusColor} />
        <div className="min-w-0">
          <p className={`font-bold uppercase ${COLOUR_TEXT[loan.statusColor]}`}>{t(loanStatusLabelKey(loan.status))}</p>
          <p className="mt-1 text-sm text-ink">{renderCatalogueText(t, loan.statusTexts.message)}</p>
          {loan.rejectionReasonCode && (
            <p className="mt-1 text-sm font-semibold" data-testid="rejection-reason">
              {t('loans.status.rejectionReason', { reason: t(loanReasonKey(loan.rejectionReasonCode)) })}
            </p>
          )}
        </div>
      </div>
      {loan.statusTexts.statement && (
        <div className="rounded-lg bg-slate-50 p-4 text-sm">
          <p className="font-bold text-brand">{renderCatalogueText(t, loan.statusTexts.statement)}</p>
          {loan.statusTexts.statementMessage && <p className="mt-1">{renderCatalogueText(t, loan.statusTexts.statementMessage)}</p>}
        </div>
      )}
      {loan.status === 'APPROVED' && <OfferAcceptance loan={loan} />}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t('loans.status.loanNumber')}</dt>
          <dd className="font-semibold">{loan.loanNumber}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('loans.status.amount')}</dt>
          <dd className="font-semibold tabular-nums">{money(loan.amount)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('loans.status.term')}</dt>
          <dd className="font-semibold" data-testid="loan-term">
            {t('loans.panel.months', { count: loan.inForce?.term ?? loan.term })}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('loans.status.instalment')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="loan-instalment">
            {money(loan.inForce?.instalment ?? loan.disclosure.regularInstalment)}
          </dd>
        </div>
        {loan.inForce && (
          <p className="col-span-2 text-sm sm:col-span-4" data-testid="loan-extended">
            {t('extensions.inForce', { from: loan.inForce.fromLine, end: formatIsoDate(loan.inForce.endDate, i18n.language) })}
          </p>
        )}
        <div className="col-span-2">
          <dt className="text-muted">{t('loans.status.applied')}</dt>
          <dd className="font-semibold">{dateOnly(loan.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {loan.canSign && <ContractSigning loan={loan} />}
        <Button variant="outline" onClick={() => setDialog('disclosure')}>
          {t('loans.status.viewDisclosure')}
        </Button>
        {loan.canCancel && (
          <Button variant="ghost" onClick={() => setDialog('cancel')}>
            {t('loans.status.cancel')}
          </Button>
        )}
        {!loan.open && onApplyAgain && (
          <Button variant="accent" onClick={onApplyAgain}>
            {t('loans.status.applyAgain')}
          </Button>
        )}
      </div>
      {loan.contract && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-semibold">{t('loans.status.downloads')}</p>
          <a className="min-h-11 content-center font-semibold text-brand underline underline-offset-4" href={loan.contract.contractUrl} download>
            {t('loans.status.contractPdf')}
          </a>
          <a className="min-h-11 content-center font-semibold text-brand underline underline-offset-4" href={loan.contract.disclosureUrl} download>
            {t('loans.status.disclosurePdf')}
          </a>
        </div>
      )}
      <section aria-labelledby="loan-timeline">
        <h3 id="loan-timeline" className="font-bold text-brand">
          {t('loans.status.timeline')}
        </h3>
        <ol className="mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm">
          {loan.timeline.map((entry, i) => (
            <li key={i}>
              <p className="font-semibold">{timelineEntryText(t, entry)}</p>
              <p className="text-xs text-muted">{dateTime(entry.at, i18n.language)}</p>
              {entry.reasonCode && <p className="text-xs">{t(loanReasonKey(entry.reasonCode))}</p>}
            </li>
          ))}
        </ol>
      </section>

      <Dialog
        open={dialog === 'cancel'}
        onClose={() => !busy && setDialog(null)}
        title={t('loans.status.cancelTitle')}
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(null)} disabled={busy}>
              {t('loans.status.keep')}
            </Button>
            <Button variant="accent" onClick={() => void cancel()} busy={busy}>
              {t('loans.status.cancelConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('loans.status.cancelText')}</p>
      </Dialog>
      <Dialog open={dialog === 'disclosure'} onClose={() => setDialog(null)} size="xl" title={t('loans.disclosure.title')}>
        <DisclosureView disclosure={loan.disclosure} />
      </Dialog>
    </div>
  );
}
