import { useTranslation } from 'react-i18next';
import type { ReceiptDto, ServicingDto } from '../../../shared/schemas/repayments';
import { loanStatusLabelKey } from '../../../shared/states/loan';
import { allocationText as allocationWords, excessText } from '../../../shared/loan/receipt-text';
import { renderCatalogueText } from '../../lib/catalogue-text';
import { dateTime, formatIsoDate, money } from '../../lib/format';
import type { TFunction } from 'i18next';

/** One part of a payment in the borrower's words (shared/loan/receipt-text.ts, the receipt PDF's words too). */
export function allocationText(t: TFunction, a: ReceiptDto['allocations'][number], language: string): string {
  return renderCatalogueText(
    t,
    allocationWords(a, (d) => formatIsoDate(d, language)),
  );
}
import { Amount } from './Amount';
import { receiptPdfUrl } from './queries';

/** A payment's receipt: reference, amount, how it was applied (per line and part), the remaining balance, and the PDF. */
export function ReceiptView({ receipt, display }: { readonly receipt: ReceiptDto; readonly display: ServicingDto['display'] }) {
  const { t, i18n } = useTranslation();
  const excess = excessText(receipt);
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="receipt">
      <p className="text-base font-bold text-brand" data-testid="receipt-reference">
        {t('servicing.receipt.heading', { reference: receipt.reference })}
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
        <dt className="text-muted">{t('servicing.receipt.amount')}</dt>
        <dd className="text-right font-semibold">
          <Amount value={receipt.amount} display={display} />
        </dd>
        <dt className="text-muted">{t('servicing.receipt.received')}</dt>
        <dd className="text-right">
          {dateTime(receipt.receivedAt, i18n.language)} · {t(`servicing.receipt.source.${receipt.source}`)}
        </dd>
      </dl>
      <div>
        <p className="font-semibold">{t('servicing.receipt.allocation')}</p>
        <ul className="mt-1 flex flex-col divide-y divide-slate-100" data-testid="receipt-allocations">
          {receipt.allocations.map((a, i) => (
            <li key={i} className="flex justify-between gap-3 py-1">
              <span data-purpose={a.purpose}>{allocationText(t, a, i18n.language)}</span>
              <span className="whitespace-nowrap tabular-nums">{money(a.amount)}</span>
            </li>
          ))}
        </ul>
      </div>
      {excess && <p data-testid="receipt-excess">{renderCatalogueText(t, excess)}</p>}
      {receipt.remainingBalance !== null ? (
        <p className="flex justify-between gap-3 border-t border-slate-200 pt-2 font-bold" data-testid="receipt-remaining">
          <span>{t('servicing.receipt.remaining')}</span>
          <Amount value={receipt.remainingBalance} display={display} />
        </p>
      ) : (
        <p className="font-semibold text-amber-900">
          {t(receipt.status === 'CREDITED_TO_WALLET' ? 'servicing.receipt.creditedToWallet' : 'servicing.receipt.pending')}
        </p>
      )}
      <p className="text-muted">
        <span data-testid="receipt-loan-status">{t('servicing.receipt.status', { status: t(loanStatusLabelKey(receipt.loanStatus)) })}</span>
      </p>
      <a className="min-h-11 content-center font-semibold text-brand underline underline-offset-4" href={receiptPdfUrl(receipt.paymentId)} download>
        {t('servicing.receipt.pdf')}
      </a>
    </div>
  );
}
