import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { dateOnly, money } from '../../lib/format';
import { Amount } from './Amount';
import { LineStatus } from './LineStatus';
import { PaidChart } from './PaidChart';

/** The next amount due and its date, the total outstanding, overdue and charges, and the paid/remaining chart. */
export function LoanSummary({ view }: { readonly view: ServicingDto }) {
  const { t, i18n } = useTranslation();
  const { totals, nextDue, display } = view;
  const repaid = view.loan.status === 'REPAID';
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-brand-light p-4" data-testid="next-due">
          <dt className="text-sm font-semibold text-muted">{t('servicing.summary.nextDue')}</dt>
          {nextDue && !repaid ? (
            <dd>
              <Amount value={nextDue.amount} display={display} className="text-2xl font-extrabold text-brand" />
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                {t('servicing.summary.nextDueOn', { date: dateOnly(`${nextDue.dueDate}T12:00:00+08:00`, i18n.language) })}
                <LineStatus line={{ status: nextDue.status, daysPastDue: view.lines.find((l) => l.number === nextDue.lineNumber)?.daysPastDue ?? 0 }} />
              </p>
            </dd>
          ) : (
            <dd className="mt-1 font-semibold">{t('servicing.summary.nothingDue')}</dd>
          )}
        </div>
        <div className="rounded-lg bg-slate-50 p-4" data-testid="total-outstanding">
          <dt className="text-sm font-semibold text-muted">{t('servicing.summary.outstanding')}</dt>
          <dd>
            <Amount value={totals.outstanding} display={display} className="text-2xl font-extrabold text-ink" />
            <p className="mt-1 text-xs text-muted">{t('servicing.summary.outstandingHint')}</p>
          </dd>
        </div>
        {totals.overdue !== '0.00' && (
          <div className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3" data-testid="overdue">
            <dt className="text-sm font-semibold text-red-900">{t('servicing.summary.overdue')}</dt>
            <dd className="font-bold text-red-900">
              <Amount value={totals.overdue} display={display} />
            </dd>
          </div>
        )}
        {totals.charges !== '0.00' && (
          <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3">
            <dt className="text-sm font-semibold text-amber-900">{t('servicing.summary.charges')}</dt>
            <dd className="font-bold text-amber-900">
              <Amount value={totals.charges} display={display} />
            </dd>
          </div>
        )}
      </dl>
      {view.arrearsTolerance && !repaid && (
        <p className="text-xs text-muted" data-testid="arrears-tolerance">
          {t('loans.disclosure.arrearsTolerance', { amount: money(view.arrearsTolerance) })}
        </p>
      )}
      <PaidChart paid={totals.paid} remaining={totals.outstanding} />
    </div>
  );
}
