import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { LoadState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { money } from '../../lib/format';
import { collectionsKeys, ProductFilter, productName, type PortfolioDto } from '../../features/collections';
import { loanStatusLabelKey } from '../../../shared/states/loan';

function Figure({ label, value, detail, testId }: { readonly label: string; readonly value: string; readonly detail?: ReactNode; readonly testId: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="text-sm text-muted">{label}</h2>
      <p className="text-2xl font-bold text-brand">{value}</p>
      {detail && <p className="text-xs text-muted">{detail}</p>}
    </section>
  );
}

/**
 * The portfolio (OFFICER and ADMIN): outstanding principal, late charges
 * receivable, what was collected this Philippine month and PAR30, all from the ledger, and the
 * number of loans in each state; of all loans or of one product, with the totals by product.
 */
export default function AdminPortfolioPage() {
  const { t, i18n } = useTranslation();
  const [product, setProduct] = useState('');
  const p = useQuery<PortfolioDto, ApiError>({
    queryKey: collectionsKeys.portfolioOf(product),
    queryFn: () => call(collectionsApi.portfolio, { query: { product: product || undefined } }),
    refetchOnMount: 'always',
  });
  if (!p.isSuccess) return <LoadState query={p} />;
  const d = p.data;
  const shown = d.byProduct.find((b) => b.code === d.product);
  const c = d.collectedThisMonth;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t('collections.portfolio.title')}</h1>
        <p className="text-sm text-muted">{t('collections.portfolio.intro', { date: d.asOf })}</p>
        <Link to="/admin/trial-balances" className="inline-block min-h-11 content-center text-sm font-semibold text-brand underline underline-offset-4">
          {t('backoffice.trialBalances.link')}
        </Link>
      </div>
      <ProductFilter value={product} onChange={setProduct} known={d.byProduct} />
      {d.product && (
        <p className="text-sm font-semibold" data-testid="portfolio-product">
          {t('collections.byProduct.showing', { name: shown ? productName(shown, i18n.language) : d.product })}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure testId="portfolio-outstanding" label={t('collections.portfolio.outstandingPrincipal')} value={money(d.outstandingPrincipal)} />
        <Figure testId="portfolio-charges" label={t('collections.portfolio.lateCharges')} value={money(d.lateChargesReceivable)} />
        <Figure
          testId="portfolio-collected"
          label={t('collections.portfolio.collected', { month: c.month })}
          value={money(c.total)}
          detail={t('collections.portfolio.collectedDetail', {
            count: c.payments,
            principal: money(c.principal),
            interest: money(c.interest),
            fees: money(c.fees),
            charges: money(c.charges),
          })}
        />
        <Figure
          testId="portfolio-par30"
          label={t('collections.portfolio.par30')}
          value={`${d.par30.percent} %`}
          detail={t('collections.portfolio.par30Detail', { principal: money(d.par30.principal), count: d.par30.loans })}
        />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-2 font-bold text-brand">{t('collections.byProduct.title')}</h2>
        <Table
          look="plain"
          label={t('collections.byProduct.title')}
          testId="portfolio-products"
          minWidth="min-w-[44rem]"
          columns={(['product', 'openLoans', 'outstanding', 'charges', 'collected', 'par30'] as const).map((c) => ({
            label: t(`collections.byProduct.col.${c}`),
            ...(c === 'product' ? {} : { align: 'right' as const }),
          }))}
        >
          {d.byProduct.map((b) => (
            <Row key={b.code} testId={`portfolio-product-${b.code}`}>
              <Cell>{productName(b, i18n.language)}</Cell>
              <Cell align="right">{b.openLoans}</Cell>
              <Cell align="right">{money(b.outstandingPrincipal)}</Cell>
              <Cell align="right">{money(b.lateChargesReceivable)}</Cell>
              <Cell align="right">{money(b.collectedThisMonth)}</Cell>
              <Cell align="right">{money(b.par30Principal)}</Cell>
            </Row>
          ))}
        </Table>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-2 font-bold text-brand">{t('collections.portfolio.byState')}</h2>
        <div className="max-w-md">
          <Table
            look="plain"
            label={t('collections.portfolio.byState')}
            testId="portfolio-states"
            columns={[{ label: t('collections.portfolio.col.status') }, { label: t('collections.portfolio.col.count'), align: 'right' }]}
          >
            {d.loansByState.map((s) => (
              <Row key={s.status}>
                <Cell>{t(loanStatusLabelKey(s.status))}</Cell>
                <Cell align="right">{s.count}</Cell>
              </Row>
            ))}
          </Table>
        </div>
      </section>
    </div>
  );
}
