import { useTranslation } from 'react-i18next';
import type { DayPortfolioDto } from '../../../shared/schemas/accounting';
import { Cell, Row, Table } from '../../ui/Table';
import { money } from '../../lib/format';
import { productName } from './ProductFilter';
import { parNumber } from '../../../shared/loan/dpd-bounds';

const LINK = 'min-h-11 content-center text-sm font-semibold text-brand underline underline-offset-4';

/**
 * A closed day's portfolio by product (decision 092), as stored when the day closed: open loans,
 * principal outstanding, PAR 1/30/60/90, collected, late charges booked and waived that day, with
 * the day's CSV. The figures are the server's; nothing is computed here.
 */
export function DayPortfolio({ date, portfolio }: { readonly date: string; readonly portfolio: readonly DayPortfolioDto[] }) {
  const { t, i18n } = useTranslation();
  const parDays = portfolio[0]?.par.map((p) => p.days) ?? [];
  const parLabel = (days: number) => t('backoffice.trialBalances.portfolio.par', { days: parNumber(days) });
  return (
    <section aria-labelledby="day-portfolio" className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="day-portfolio" className="text-base font-bold text-brand">
          {t('backoffice.trialBalances.portfolio.title', { date })}
        </h3>
        {portfolio.length > 0 && (
          <a href={`/api/admin/trial-balances/${date}/portfolio.csv`} download className={LINK}>
            {t('backoffice.trialBalances.portfolio.csv')}
          </a>
        )}
      </div>
      <p className="text-sm text-muted">{t('backoffice.trialBalances.portfolio.intro')}</p>
      {/* Narrow screens: one card per product; wider ones: the table. */}
      {portfolio.length === 0 && <p className="text-sm text-muted sm:hidden">{t('backoffice.trialBalances.portfolio.none')}</p>}
      <dl className="flex flex-col gap-2 sm:hidden">
        {portfolio.map((p) => (
          <div key={p.product} data-testid={`day-portfolio-card-${p.product}`} className="border-t border-slate-200 pt-2 text-sm">
            <dt className="font-semibold">{productName({ code: p.product, names: p.names }, i18n.language)}</dt>
            <dd>
              {t('backoffice.trialBalances.portfolio.col.openLoans')} {p.openLoans} · {t('backoffice.trialBalances.portfolio.col.outstanding')}{' '}
              <strong>{money(p.outstandingPrincipal)}</strong>
            </dd>
            {p.par.map((r) => (
              <dd key={r.days} className="text-muted">
                {parLabel(r.days)}: {t('backoffice.trialBalances.portfolio.parShare', { percent: r.percent })} ·{' '}
                {t('backoffice.trialBalances.portfolio.parLoans', { principal: money(r.principal), count: r.loans })}
              </dd>
            ))}
            <dd>
              {t('backoffice.trialBalances.portfolio.col.collected')} {money(p.collected.total)} · {t('backoffice.trialBalances.portfolio.col.charged')}{' '}
              {money(p.charged)} · {t('backoffice.trialBalances.portfolio.col.waived')} {money(p.waived)}
            </dd>
          </div>
        ))}
      </dl>
      <Table
        className="hidden sm:block"
        look="plain"
        label={t('backoffice.trialBalances.portfolio.title', { date })}
        testId="day-portfolio"
        minWidth="min-w-[64rem]"
        empty={portfolio.length === 0}
        emptyText={t('backoffice.trialBalances.portfolio.none')}
        columns={[
          { label: t('backoffice.trialBalances.portfolio.col.product') },
          { label: t('backoffice.trialBalances.portfolio.col.openLoans'), align: 'right' },
          { label: t('backoffice.trialBalances.portfolio.col.outstanding'), align: 'right' },
          ...parDays.map((d) => ({ label: parLabel(d), align: 'right' as const })),
          { label: t('backoffice.trialBalances.portfolio.col.collected'), align: 'right' },
          { label: t('backoffice.trialBalances.portfolio.col.charged'), align: 'right' },
          { label: t('backoffice.trialBalances.portfolio.col.waived'), align: 'right' },
        ]}
      >
        {portfolio.map((p) => (
          <Row key={p.product} testId={`day-portfolio-${p.product}`}>
            <Cell>{productName({ code: p.product, names: p.names }, i18n.language)}</Cell>
            <Cell align="right">{p.openLoans}</Cell>
            <Cell align="right">{money(p.outstandingPrincipal)}</Cell>
            {p.par.map((r) => (
              <Cell key={r.days} align="right">
                <span className="block font-semibold">{t('backoffice.trialBalances.portfolio.parShare', { percent: r.percent })}</span>
                <span className="block text-xs text-muted">
                  {t('backoffice.trialBalances.portfolio.parLoans', { principal: money(r.principal), count: r.loans })}
                </span>
              </Cell>
            ))}
            <Cell align="right">{money(p.collected.total)}</Cell>
            <Cell align="right">{money(p.charged)}</Cell>
            <Cell align="right">{money(p.waived)}</Cell>
          </Row>
        ))}
      </Table>
    </section>
  );
}
