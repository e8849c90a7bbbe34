import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError, newIdempotencyKey } from '../../lib/api';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import type { PayoffQuoteDto, ReceiptDto, ServicingDto } from '../../../shared/schemas/repayments';
import { dateTime, money } from '../../lib/format';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import { Amount } from './Amount';
import { reloadAfterPayment, useWalletBalance } from './queries';
import { ReceiptView } from './ReceiptView';

function QuoteRows({ quote, display }: { readonly quote: PayoffQuoteDto; readonly display: ServicingDto['display'] }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['principal', quote.principal],
    ['interest', quote.interest],
    ['fees', quote.fees],
    ['charges', quote.charges],
    ['penalty', quote.prepaymentPenalty],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm tabular-nums" data-testid="payoff-quote">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted">{t(`servicing.payoff.${key}`)}</dt>
          <dd className="text-right whitespace-nowrap">{money(value)}</dd>
        </div>
      ))}
      <dt className="text-emerald-800">{t('servicing.payoff.rebate')}</dt>
      <dd className="text-right whitespace-nowrap text-emerald-800" data-testid="payoff-rebate">
        − {money(quote.interestRebate)}
      </dd>
      {quote.feeRebate !== '0.00' && (
        <>
          <dt className="text-emerald-800">{t('servicing.payoff.feeRebate')}</dt>
          <dd className="text-right whitespace-nowrap text-emerald-800" data-testid="payoff-fee-rebate">
            − {money(quote.feeRebate)}
          </dd>
        </>
      )}
      <dt className="border-t border-slate-200 pt-1 font-bold">{t('servicing.payoff.total')}</dt>
      <dd className="border-t border-slate-200 pt-1 text-right font-bold" data-testid="payoff-total">
        <Amount value={quote.total} display={display} />
      </dd>
    </dl>
  );
}

/** The closing statement of a repaid loan: the closing payment and everything paid on the loan. */
function ClosingStatement({ view }: { readonly view: ServicingDto }) {
  const { t, i18n } = useTranslation();
  const closing = [...view.payments].reverse().find((p) => p.remainingBalance === '0.00');
  return (
    <div className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 p-4 text-sm text-emerald-950" data-testid="closing-statement">
      <p className="font-bold">{t('servicing.payoff.closed')}</p>
      <p className="mt-2 font-semibold">{t('servicing.payoff.closingHeading')}</p>
      {closing && (
        <p className="mt-1">
          {t('servicing.payoff.closingText', {
            loan: view.loan.loanNumber,
            date: dateTime(closing.receivedAt, i18n.language),
            reference: closing.reference,
            amount: money(closing.amount),
          })}
        </p>
      )}
      <p className="mt-1">{t('servicing.payoff.closingPaid', { amount: money(view.totals.paid) })}</p>
    </div>
  );
}

/**
 * Early payoff (RA 11765): a quote valid to the end of the Philippine day with
 * outstanding principal, interest earned to date and the unearned interest rebated, then paying it
 * from the wallet, which closes the loan (REPAID). A stale or expired quote is refused by the server
 * with its own message; a new quote is one click away.
 */
export function Payoff({ view, onPayByChannel }: { readonly view: ServicingDto; readonly onPayByChannel?: (amount: string) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const wallet = useWalletBalance();
  const [quote, setQuote] = useState<{ readonly quote: PayoffQuoteDto; readonly key: string } | null>(null);
  const [receipt, setReceipt] = useState<ReceiptDto | null>(null);
  const [busy, setBusy] = useState<'quote' | 'pay' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (what: 'quote' | 'pay', action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
      if (what === 'pay' && e instanceof ApiError && e.status === 409) setQuote(null);
    } finally {
      setBusy(null);
    }
  };
  const requestQuote = () =>
    run('quote', async () => {
      const answer = await call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.payoffQuote));
      setQuote({ quote: answer.quote, key: newIdempotencyKey() });
    });
  const pay = (q: { readonly quote: PayoffQuoteDto; readonly key: string }) =>
    run('pay', async () => {
      const answer = await call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.payoff), {
        body: { quoteId: q.quote.quoteId },
        idempotencyKey: q.key,
      });
      setReceipt(answer.receipt);
      setQuote(null);
      toast.success(t('servicing.payoff.closed'));
      await reloadAfterPayment(queryClient);
    });

  if (receipt) return <ReceiptView receipt={receipt} display={view.display} />;
  if (view.loan.status === 'REPAID') return <ClosingStatement view={view} />;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{t('servicing.payoff.intro')}</p>
      {error && (
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      {quote ? (
        <div className="flex flex-col gap-3">
          <h3 className="font-bold">{t('servicing.payoff.quoteHeading')}</h3>
          <p className="text-sm text-muted" data-testid="payoff-valid-until">
            {t('servicing.payoff.validUntil', { date: dateTime(quote.quote.validUntil, i18n.language) })}
          </p>
          <QuoteRows quote={quote.quote} display={view.display} />
          {quote.quote.accrual && (
            <p className="text-xs text-muted">
              {t('servicing.payoff.method', {
                balance: money(quote.quote.accrual.balance),
                days: quote.quote.accrual.days,
                periodDays: quote.quote.accrual.periodDays,
              })}
            </p>
          )}
          <PayoffShort quote={quote.quote} balance={wallet.data?.wallet} onPayByChannel={onPayByChannel} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="outline" onClick={() => setQuote(null)} disabled={busy !== null}>
              {t('servicing.payoff.cancel')}
            </Button>
            <Button
              variant="accent"
              busy={busy === 'pay'}
              // Never offered beyond what the wallet holds: the sentence above says why and offers the rest through a channel.
              disabled={!coveredBy(quote.quote, wallet.data?.wallet)}
              aria-describedby={coveredBy(quote.quote, wallet.data?.wallet) ? undefined : 'payoff-short-text'}
              onClick={() => void pay(quote)}
            >
              {t('servicing.payoff.pay', { amount: money(quote.quote.total) })}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" className="self-start" busy={busy === 'quote'} onClick={() => void requestQuote()}>
          {t('servicing.payoff.request')}
        </Button>
      )}
    </div>
  );
}

/** True when the wallet (loaded) holds the quote's total. */
function coveredBy(quote: PayoffQuoteDto, balance: string | undefined): boolean {
  if (balance === undefined) return false;
  return (parseAmount(balance) ?? 0n) >= (parseAmount(quote.total) ?? 0n);
}

/** When the wallet holds less than the payoff: how much less, and the rest through a payment channel on the same page. */
function PayoffShort({
  quote,
  balance,
  onPayByChannel,
}: {
  readonly quote: PayoffQuoteDto;
  readonly balance: string | undefined;
  readonly onPayByChannel: ((amount: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  if (balance === undefined || coveredBy(quote, balance)) return null;
  const short = toDecimalString((parseAmount(quote.total) ?? 0n) - (parseAmount(balance) ?? 0n));
  return (
    <div className="flex flex-col gap-2 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950" data-testid="payoff-short">
      <p id="payoff-short-text">{t('servicing.payoff.short', { balance: money(balance), amount: money(quote.total), short: money(short) })}</p>
      {onPayByChannel && (
        <Button variant="outline" className="self-start" data-testid="payoff-rest-by-channel" onClick={() => onPayByChannel(short)}>
          {t('servicing.pay.payRestByChannel', { amount: money(short) })}
        </Button>
      )}
    </div>
  );
}
