import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { accountingApi } from '../../../shared/api/accounting';
import type { TrialBalanceDto } from '../../../shared/schemas/accounting';
import { ListState, LoadState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { dateTime, money } from '../../lib/format';
import { DayPortfolio } from '../../features/collections';

type ClosedDays = Awaited<ReturnType<typeof listPage>>;
const listPage = (before: string | null) => call(accountingApi.closedDays, { query: before ? { before, limit: 31 } : { limit: 31 } });

const LINK = 'min-h-11 content-center text-sm font-semibold text-brand underline underline-offset-4';

/**
 * The ledger's closed days for the accountant (OFFICER and ADMIN): each Philippine day's trial
 * balance totals, newest first, whether debits equal credits, and the day's accounts by the chart
 * of accounts with a CSV download. A day is closed once, after it ends; it never changes.
 */
export default function AdminTrialBalancesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get('date');
  const days = useInfiniteQuery<ClosedDays, ApiError>({
    queryKey: ['admin', 'trial-balances'],
    queryFn: ({ pageParam }) => listPage(pageParam as string | null),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextBefore,
    refetchOnMount: 'always',
  });
  const list = days.data?.pages.flatMap((p) => p.days) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/portfolio" className={`${LINK} self-start`}>
        {t('backoffice.trialBalances.back')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-brand">{t('backoffice.trialBalances.title')}</h1>
        <p className="text-sm text-muted">{t('backoffice.trialBalances.intro')}</p>
      </div>
      {selected && <DayDetail date={selected} onClose={() => setParams(new URLSearchParams())} />}
      <section aria-labelledby="closed-days" className="flex flex-col gap-3">
        <h2 id="closed-days" className="text-lg font-bold text-brand">
          {t('backoffice.trialBalances.days')}
        </h2>
        <ListState query={days} empty={list.length === 0} emptyText={t('backoffice.trialBalances.none')} moreText={t('backoffice.trialBalances.more')}>
          {/* Narrow screens: one card per day; wider ones: the table. */}
          <ul className="flex flex-col gap-2 sm:hidden" aria-label={t('backoffice.trialBalances.days')}>
            {list.map((d) => (
              <li key={d.date} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
                <Link to={`/admin/trial-balances?date=${d.date}`} className="font-semibold text-brand underline underline-offset-4">
                  {d.date}
                </Link>{' '}
                <span className={d.balanced ? 'font-semibold text-emerald-800' : 'font-semibold text-danger'}>
                  {d.balanced ? t('backoffice.trialBalances.balanced') : t('backoffice.trialBalances.unbalanced')}
                </span>
                <p className="text-muted">
                  {t('backoffice.trialBalances.col.debits')} {money(d.totalDebits)} · {t('backoffice.trialBalances.col.credits')} {money(d.totalCredits)} ·{' '}
                  {t('backoffice.trialBalances.col.entries')} {d.entries}
                </p>
              </li>
            ))}
          </ul>
          <Table
            className="hidden sm:block"
            label={t('backoffice.trialBalances.days')}
            testId="closed-days"
            columns={[
              { label: t('backoffice.trialBalances.col.date') },
              { label: t('backoffice.trialBalances.col.entries'), align: 'right' },
              { label: t('backoffice.trialBalances.col.debits'), align: 'right' },
              { label: t('backoffice.trialBalances.col.credits'), align: 'right' },
              { label: t('backoffice.trialBalances.col.balanced') },
              { label: t('backoffice.trialBalances.col.closedAt') },
            ]}
          >
            {list.map((d) => (
              <Row key={d.date}>
                <Cell>
                  <Link to={`/admin/trial-balances?date=${d.date}`} className="font-semibold text-brand underline underline-offset-4">
                    {d.date}
                  </Link>
                </Cell>
                <Cell align="right">{d.entries}</Cell>
                <Cell align="right">{money(d.totalDebits)}</Cell>
                <Cell align="right">{money(d.totalCredits)}</Cell>
                <Cell>
                  <span className={d.balanced ? 'font-semibold text-emerald-800' : 'font-semibold text-danger'}>
                    {d.balanced ? t('backoffice.trialBalances.balanced') : t('backoffice.trialBalances.unbalanced')}
                  </span>
                </Cell>
                <Cell>{dateTime(d.closedAt, i18n.language)}</Cell>
              </Row>
            ))}
          </Table>
        </ListState>
      </section>
    </div>
  );
}

function DayDetail({ date, onClose }: { readonly date: string; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const day = useQuery<TrialBalanceDto, ApiError>({
    queryKey: ['admin', 'trial-balances', date],
    queryFn: () => call(accountingApi.trialBalance, { params: { date } }),
  });
  return (
    <section aria-labelledby="trial-balance-day" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trial-balance-day" className="text-lg font-bold text-brand">
          {t('backoffice.trialBalances.dayTitle', { date })}
        </h2>
        <div className="flex flex-wrap gap-4">
          {day.isSuccess && (
            <a href={`/api/admin/trial-balances/${date}/trial-balance.csv`} download className={LINK}>
              {t('backoffice.trialBalances.csv')}
            </a>
          )}
          <button type="button" onClick={onClose} className={LINK}>
            {t('backoffice.trialBalances.close')}
          </button>
        </div>
      </div>
      {!day.isSuccess ? (
        <LoadState query={day} />
      ) : (
        <>
          <p role="status" data-testid="trial-balance-result" className={`my-2 font-semibold ${day.data.balanced ? 'text-emerald-800' : 'text-danger'}`}>
            {day.data.balanced
              ? t('backoffice.trialBalances.balancedDay', { total: money(day.data.totalDebits) })
              : t('backoffice.trialBalances.unbalancedDay', { debits: money(day.data.totalDebits), credits: money(day.data.totalCredits) })}
          </p>
          <dl className="flex flex-col gap-2 sm:hidden">
            {day.data.lines.map((l) => (
              <div key={l.account} className="border-t border-slate-200 pt-2 text-sm">
                <dt className="font-semibold">
                  {l.name} <span className="text-xs font-normal text-muted">{l.account}</span>
                </dt>
                <dd className="text-muted">
                  {t('backoffice.trialBalances.col.debits')} {money(l.debits)} · {t('backoffice.trialBalances.col.credits')} {money(l.credits)}
                </dd>
                <dd>
                  {t('backoffice.trialBalances.col.balance')} ({t(`backoffice.trialBalances.normal.${l.normalBalance}`)}) <strong>{money(l.balance)}</strong>
                </dd>
              </div>
            ))}
          </dl>
          <Table
            className="hidden sm:block"
            look="plain"
            label={t('backoffice.trialBalances.dayTitle', { date })}
            testId="trial-balance-lines"
            columns={[
              { label: t('backoffice.trialBalances.col.account') },
              { label: t('backoffice.trialBalances.col.normal') },
              { label: t('backoffice.trialBalances.col.debits'), align: 'right' },
              { label: t('backoffice.trialBalances.col.credits'), align: 'right' },
              { label: t('backoffice.trialBalances.col.balance'), align: 'right' },
            ]}
          >
            {day.data.lines.map((l) => (
              <Row key={l.account}>
                <Cell>
                  <span className="font-semibold">{l.name}</span> <span className="text-xs text-muted">{l.account}</span>
                </Cell>
                <Cell>{t(`backoffice.trialBalances.normal.${l.normalBalance}`)}</Cell>
                <Cell align="right">{money(l.debits)}</Cell>
                <Cell align="right">{money(l.credits)}</Cell>
                <Cell align="right">{money(l.balance)}</Cell>
              </Row>
            ))}
          </Table>
          <DayPortfolio date={date} portfolio={day.data.portfolio} />
        </>
      )}
    </section>
  );
}
