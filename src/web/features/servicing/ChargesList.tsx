import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { dateOnly, money, percent } from '../../lib/format';

/** Every late charge with how it was computed (rate, overdue amount, days, the cap), and what is paid or waived. */
export function ChargesList({ view }: { readonly view: ServicingDto }) {
  const { t, i18n } = useTranslation();
  if (view.charges.length === 0) return <p className="text-sm text-muted">{t('servicing.charges.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100" data-testid="charges">
      {view.charges.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 py-2 text-sm">
          <div className="flex justify-between gap-3">
            <p className="font-semibold">
              {t('servicing.charges.on', { number: c.lineNumber, date: dateOnly(`${c.businessDate}T12:00:00+08:00`, i18n.language) })}
            </p>
            <p className="font-bold whitespace-nowrap tabular-nums">{money(c.amount)}</p>
          </div>
          <p>{t(`repayments.chargeKind.${c.kind}`, { rate: percent(c.basis.ratePercent), overdue: money(c.basis.overdueAmount), days: c.basis.daysLate })}</p>
          {c.basis.capped && (
            <p className="text-xs text-muted">
              {t('repayments.chargeKind.capped')} {t('servicing.charges.uncapped', { uncapped: money(c.basis.uncapped), headroom: money(c.basis.headroom) })}
            </p>
          )}
          {c.reducedFrom && (
            <p className="text-xs">{t('servicing.charges.reduced', { from: money(c.reducedFrom), reason: t('repayments.waiveReason.FAIR_ALLOCATION') })}</p>
          )}
          <p className="text-xs">
            {c.waived
              ? `${t('servicing.charges.waived')}${c.waiveReasonCode ? `: ${t(`repayments.waiveReason.${c.waiveReasonCode}`)}` : ''}`
              : `${t('servicing.charges.paid', { amount: money(c.paid) })} · ${t('servicing.charges.outstanding', { amount: money(c.outstanding) })}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
