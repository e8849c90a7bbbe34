import { useTranslation } from 'react-i18next';
import type { DisclosureDto } from '../../../shared/schemas/loans';
import { formatIsoDate } from '../../lib/format';
import { money, percent } from '../../lib/format';
import { financeChargeText } from '../../../shared/loan/charge-text';
import { instalmentLabelKey, scheduleText } from '../../../shared/loan/schedule-text';
import { renderCatalogueText } from '../../lib/catalogue-text';

function Row({ label, value, strong = false }: { readonly label: string; readonly value: string; readonly strong?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-2 ${strong ? 'font-bold text-brand' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The Disclosure Statement (BSP Circular 730): amount financed, each finance charge, net proceeds,
 * total payable, the effective interest rate a month and a year, the cost cap and the full schedule;
 * the non-finance charges (0.00 lines), the statement's Philippine date, the borrower and the
 * lender's certified-correct signatory when the statement carries them (older signed ones do not).
 * Every number is the server's (one schedule engine); nothing is computed here.
 */
export function DisclosureView({
  disclosure,
  extension = false,
}: {
  readonly disclosure: DisclosureDto;
  /**
   * The statement of an extension (docs/decisions/016-extensions.md): nothing is paid out, and the
   * schedule counts from the day the current period began, so the application's wording (net
   * proceeds reaching the wallet, a preview dated from the disbursement) would be wrong.
   */
  readonly extension?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const d = disclosure;
  const sum = (pick: (line: DisclosureDto['schedule'][number]) => string) => {
    let total = 0n;
    for (const line of d.schedule) total += BigInt(pick(line).replace('.', ''));
    const s = total.toString().padStart(3, '0');
    return money(`${s.slice(0, -2)}.${s.slice(-2)}`);
  };
  const chargeLabel = (charge: DisclosureDto['financeCharges'][number]) => {
    const words = financeChargeText(d, charge);
    return typeof words === 'string' ? words : renderCatalogueText(t, words);
  };
  const st = d.statement;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-muted">{t('loans.disclosure.intro')}</p>
      {d.product && (
        <dl data-testid="disclosure-product">
          <Row label={t('loans.disclosure.product')} value={i18n.language.startsWith('fil') ? d.product.names.fil : d.product.names.en} strong />
        </dl>
      )}
      {st && (
        <dl data-testid="disclosure-statement">
          <Row label={t('loans.disclosure.statementDate')} value={formatIsoDate(st.date, i18n.language)} />
          {st.borrower && (
            <>
              <Row label={t('loans.disclosure.borrower')} value={st.borrower.name} />
              <Row label={t('loans.disclosure.borrowerAddress')} value={st.borrower.address ?? t('loans.disclosure.noAddress')} />
            </>
          )}
        </dl>
      )}
      {st?.issue === 'REISSUED_AT_DISBURSEMENT' && (
        <p className="rounded-md bg-amber-50 p-3 text-xs" data-testid="disclosure-reissued">
          {t('loans.disclosure.reissued', { date: formatIsoDate(d.scheduleStartDate, i18n.language) })}
        </p>
      )}
      <dl>
        <Row label={t('loans.disclosure.amountFinanced')} value={money(d.amountFinanced)} strong />
        <div className="border-b border-slate-100 py-2">
          <dt className="font-semibold">{t('loans.disclosure.financeCharges')}</dt>
          <dd>
            <ul className="mt-1 flex flex-col gap-1 pl-3">
              {d.financeCharges.map((charge) => (
                <li key={charge.code} className="flex flex-wrap justify-between gap-x-4">
                  <span>
                    {chargeLabel(charge)} <span className="text-muted">({t(`loans.disclosure.paidAs.${charge.paidAs}`)})</span>
                  </span>
                  <span className="tabular-nums">{money(charge.amount)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <Row label={t('loans.disclosure.totalFinanceCharge')} value={money(d.totalFinanceCharge)} />
        {d.nonFinanceCharges && (
          <div className="border-b border-slate-100 py-2" data-testid="non-finance-charges">
            <dt className="font-semibold">{t('loans.disclosure.nonFinanceCharges')}</dt>
            <dd>
              <ul className="mt-1 flex flex-col gap-1 pl-3">
                {d.nonFinanceCharges.map((charge) => (
                  <li key={charge.code} className="flex flex-wrap justify-between gap-x-4">
                    <span>{t(`loans.disclosure.nonFinance.${charge.code}`)}</span>
                    <span className="tabular-nums">{money(charge.amount)}</span>
                  </li>
                ))}
                <li className="flex flex-wrap justify-between gap-x-4 font-semibold">
                  <span>{t('loans.disclosure.totalNonFinanceCharges')}</span>
                  <span className="tabular-nums">{money(d.totalNonFinanceCharges ?? '0.00')}</span>
                </li>
              </ul>
              <p className="mt-1 text-xs text-muted">{t('loans.disclosure.nonFinanceNote')}</p>
            </dd>
          </div>
        )}
        {extension ? (
          <Row label={t('loans.disclosure.extension.paidOut')} value={t('loans.disclosure.extension.nothingPaidOut')} strong />
        ) : (
          <Row label={t('loans.disclosure.netProceeds')} value={money(d.netProceeds)} strong />
        )}
        <Row label={t('loans.disclosure.totalPayable')} value={money(d.totalPayable)} strong />
        <Row label={t(instalmentLabelKey(d))} value={money(d.regularInstalment)} />
        <Row label={t('loans.disclosure.instalments')} value={String(d.numberOfInstalments)} />
        <Row label={t('loans.disclosure.timing')} value={renderCatalogueText(t, scheduleText(d))} />
        <Row
          label={t('loans.disclosure.nominalRate')}
          value={t('loans.disclosure.nominalRateValue', { rate: percent(d.nominalMonthlyRatePercent), model: t(`loans.disclosure.model.${d.interestModel}`) })}
        />
        <Row
          label={t('loans.disclosure.eir')}
          value={t('loans.disclosure.eirValue', { monthly: percent(d.eir.monthlyPercent), annual: percent(d.eir.annualPercent) })}
          strong
        />
      </dl>
      <p className="text-muted">
        {t('loans.disclosure.costCap', { percent: percent(d.costCap.annualPercent), cap: money(d.costCap.capAmount), fines: money(d.costCap.maxFines) })}
      </p>
      <p className="text-muted">
        {t('loans.disclosure.penalties', {
          daily: percent(d.penalties.dailyRatePercent),
          grace: d.penalties.graceDays,
          collection: percent(d.penalties.collectionChargePercent),
        })}
      </p>
      {d.penalties.arrearsTolerance && <p className="text-muted">{t('loans.disclosure.arrearsTolerance', { amount: money(d.penalties.arrearsTolerance) })}</p>}
      <div>
        <h3 className="font-bold text-brand">{t('loans.disclosure.schedule')}</h3>
        <p className="text-xs text-muted">
          {t(extension ? 'loans.disclosure.extension.scheduleStart' : d.frequency ? 'loans.disclosure.scheduleStartChosen' : 'loans.disclosure.scheduleStart', {
            date: formatIsoDate(d.scheduleStartDate, i18n.language),
          })}
        </p>
        {/* A narrow box (a phone, a dialog) shows each instalment as a card with every amount;
            the table needs 36rem, so it shows only where its container is at least that wide. */}
        <div className="@container mt-2">
          <ol className="flex flex-col gap-2 @xl:hidden" aria-label={t('loans.disclosure.schedule')} data-testid="schedule-cards">
            {d.schedule.map((line) => (
              <li key={line.number} className="rounded-md border border-slate-200 p-3 text-xs tabular-nums">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">
                    {t('loans.disclosure.col.number')} {line.number} · {formatIsoDate(line.dueDate, i18n.language)}
                  </span>
                  <span className="text-sm font-bold text-brand">{money(line.total)}</span>
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
                  <dt className="text-muted">{t('loans.disclosure.col.principal')}</dt>
                  <dd className="text-right">{money(line.principal)}</dd>
                  <dt className="text-muted">{t('loans.disclosure.col.interest')}</dt>
                  <dd className="text-right">{money(line.interest)}</dd>
                  <dt className="text-muted">{t('loans.disclosure.col.fees')}</dt>
                  <dd className="text-right">{money(line.fees)}</dd>
                  <dt className="text-muted">{t('loans.disclosure.col.total')}</dt>
                  <dd className="text-right font-semibold">{money(line.total)}</dd>
                  <dt className="text-muted">{t('loans.disclosure.col.balance')}</dt>
                  <dd className="text-right">{money(line.balanceAfter)}</dd>
                </dl>
              </li>
            ))}
            <li className="rounded-md bg-slate-50 p-3 text-xs font-bold tabular-nums">
              <p>{t('loans.disclosure.totals')}</p>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
                <dt>{t('loans.disclosure.col.principal')}</dt>
                <dd className="text-right">{sum((l) => l.principal)}</dd>
                <dt>{t('loans.disclosure.col.interest')}</dt>
                <dd className="text-right">{sum((l) => l.interest)}</dd>
                <dt>{t('loans.disclosure.col.fees')}</dt>
                <dd className="text-right">{sum((l) => l.fees)}</dd>
                <dt>{t('loans.disclosure.col.total')}</dt>
                <dd className="text-right">{sum((l) => l.total)}</dd>
              </dl>
            </li>
          </ol>
          <div className="hidden overflow-x-auto @xl:block" tabIndex={0} role="region" aria-label={t('loans.disclosure.schedule')}>
            <table className="w-full min-w-[36rem] text-right text-xs tabular-nums">
              <thead>
                <tr className="border-b border-slate-300 text-muted">
                  <th scope="col" className="py-1 text-left">
                    {t('loans.disclosure.col.number')}
                  </th>
                  <th scope="col" className="py-1 text-left">
                    {t('loans.disclosure.col.dueDate')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('loans.disclosure.col.principal')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('loans.disclosure.col.interest')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('loans.disclosure.col.fees')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('loans.disclosure.col.total')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('loans.disclosure.col.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.schedule.map((line) => (
                  <tr key={line.number} className="border-b border-slate-100">
                    <td className="py-1 text-left">{line.number}</td>
                    <td className="py-1 text-left whitespace-nowrap">{formatIsoDate(line.dueDate, i18n.language)}</td>
                    <td className="py-1">{money(line.principal)}</td>
                    <td className="py-1">{money(line.interest)}</td>
                    <td className="py-1">{money(line.fees)}</td>
                    <td className="py-1 font-semibold">{money(line.total)}</td>
                    <td className="py-1">{money(line.balanceAfter)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-bold">
                  <th scope="row" colSpan={2} className="py-1 text-left">
                    {t('loans.disclosure.totals')}
                  </th>
                  <td className="py-1">{sum((l) => l.principal)}</td>
                  <td className="py-1">{sum((l) => l.interest)}</td>
                  <td className="py-1">{sum((l) => l.fees)}</td>
                  <td className="py-1">{sum((l) => l.total)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      </div>
      {st && (
        <p className="border-t border-slate-200 pt-2 text-xs" data-testid="certified-correct">
          <span className="font-semibold">{t('loans.disclosure.certifiedCorrect')}: </span>
          {t('loans.disclosure.certifiedBy', {
            name: st.certifiedCorrect.name,
            position: st.certifiedCorrect.position,
            company: st.certifiedCorrect.companyName,
          })}
        </p>
      )}
    </div>
  );
}
