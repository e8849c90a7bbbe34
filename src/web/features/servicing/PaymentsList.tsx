import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { dateTime, money } from '../../lib/format';
import { receiptPdfUrl } from './queries';

/** Every payment on the loan, newest first, each with its receipt PDF and what it left owing. */
export function PaymentsList({ view }: { readonly view: ServicingDto }) {
  const { t, i18n } = useTranslation();
  if (view.payments.length === 0) return <p className="text-sm text-muted">{t('servicing.payments.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100" data-testid="payments">
      {[...view.payments].reverse().map((p) => (
        <li key={p.paymentId} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="font-semibold">
              {t(`servicing.payments.kind.${p.kind}`)} · {t('servicing.payments.item', { reference: p.reference, amount: money(p.amount) })}
            </p>
            <p className="text-xs text-muted">
              {dateTime(p.receivedAt, i18n.language)} · {t(`servicing.receipt.source.${p.source}`)}
            </p>
            <p className="text-xs">
              {(['charges', 'fees', 'interest', 'principal'] as const)
                .filter((k) => p.allocation[k] !== '0.00')
                .map((k) => `${t(`repayments.component.${k === 'charges' ? 'CHARGE' : k.toUpperCase()}`)} ${money(p.allocation[k])}`)
                .join(' · ')}
            </p>
            <p className="text-xs font-semibold">
              {p.remainingBalance !== null
                ? `${t('servicing.receipt.remaining')}: ${money(p.remainingBalance)}`
                : t(p.status === 'CREDITED_TO_WALLET' ? 'servicing.receipt.creditedToWallet' : 'servicing.receipt.pending')}
            </p>
          </div>
          <a className="min-h-11 shrink-0 content-center font-semibold text-brand underline underline-offset-4" href={receiptPdfUrl(p.paymentId)} download>
            {t('servicing.payments.pdf', { reference: p.reference })}
          </a>
        </li>
      ))}
    </ul>
  );
}
