import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { ListState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { Cell, Row, Table } from '../../ui/Table';
import { DPD_BUCKETS, type DpdBucket } from '../../../shared/loan/collections';
import { dateTime, money } from '../../lib/format';
import { collectionsKeys, ProductFilter, productName, type CollectionsPage } from '../../features/collections';
import type { CollectionsRow } from '../../../shared/schemas/collections';

/**
 * The collections queue (OFFICER and ADMIN): loans past due, most days past due
 * first, by days-past-due bucket, with the amount past due, the outstanding balance and the last
 * contact (a reminder or an officer's note), of all products or one, with the whole queue's
 * totals by product. Pages come from the server by cursor.
 */
export default function AdminCollectionsPage() {
  const { t, i18n } = useTranslation();
  const [bucket, setBucket] = useState<DpdBucket | ''>('');
  const [product, setProduct] = useState('');
  const list = useInfiniteQuery<CollectionsPage, ApiError>({
    queryKey: collectionsKeys.queue(bucket, product),
    queryFn: ({ pageParam }) =>
      call(collectionsApi.queue, {
        query: { bucket: bucket || undefined, product: product || undefined, cursor: (pageParam as string | null) ?? undefined },
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const contact = (row: CollectionsRow) => {
    if (!row.lastContact) return t('collections.queue.contactNone');
    const at = dateTime(row.lastContact.at, i18n.language);
    if (row.lastContact.kind === 'NOTE') return t('collections.queue.contactNote', { at });
    return t('collections.queue.contactReminder', { template: t(`collections.servicing.reminders.templates.${row.lastContact.template ?? ''}`), at });
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t('collections.queue.title')}</h1>
        <p className="text-sm text-muted">{t('collections.queue.intro')}</p>
        {first && <p className="text-sm text-muted">{t('collections.queue.asOf', { date: first.asOf })}</p>}
      </div>
      <ProductFilter value={product} onChange={setProduct} known={first?.byProduct ?? []} />
      {first && first.byProduct.length > 0 && (
        <Table
          look="plain"
          label={t('collections.byProduct.title')}
          caption={t('collections.byProduct.title')}
          testId="collections-products"
          columns={(['product', 'loans', 'pastDue', 'owed'] as const).map((c) => ({
            label: t(`collections.byProduct.col.${c}`),
            ...(c === 'product' ? {} : { align: 'right' as const }),
          }))}
        >
          {first.byProduct.map((b) => (
            <Row key={b.code} testId={`collections-product-${b.code}`}>
              <Cell>{productName(b, i18n.language)}</Cell>
              <Cell align="right">{b.loans}</Cell>
              <Cell align="right">{money(b.pastDue)}</Cell>
              <Cell align="right">{money(b.outstanding)}</Cell>
            </Row>
          ))}
        </Table>
      )}
      <StatusFilter
        variant="segmented"
        label={t('collections.queue.bucket')}
        statuses={DPD_BUCKETS}
        value={bucket}
        onChange={setBucket}
        allText={t('collections.queue.all')}
        optionText={(b) => (first ? `${t(`collections.buckets.${b}`)} (${first.counts[b]})` : t(`collections.buckets.${b}`))}
        testId="bucket-tabs"
      />
      <ListState query={list} empty={rows.length === 0} emptyText={t('collections.queue.empty')} moreText={t('collections.queue.more')}>
        <Table
          label={t('collections.queue.title')}
          minWidth="min-w-[56rem]"
          testId="collections-table"
          columns={(['loan', 'member', 'dpd', 'pastDue', 'outstanding', 'lastContact'] as const).map((c) => ({
            label: t(`collections.queue.col.${c}`),
            ...(c === 'loan' || c === 'member' || c === 'lastContact' ? {} : { align: 'right' as const }),
          }))}
        >
          {rows.map((row) => (
            <Row key={row.loanId} testId={`collections-row-${row.loanNumber}`} data-bucket={row.bucket}>
              <Cell>
                <Link to={`/admin/loans/${row.loanId}/servicing`} className="font-semibold text-brand underline underline-offset-4">
                  {row.loanNumber}
                </Link>
              </Cell>
              <Cell>{row.memberName}</Cell>
              <Cell align="right">
                {row.daysPastDue} <span className="text-xs text-muted">({t(`collections.buckets.${row.bucket}`)})</span>
              </Cell>
              <Cell align="right" className="font-semibold">
                {money(row.pastDue)}
              </Cell>
              <Cell align="right">{money(row.outstanding)}</Cell>
              <Cell>{contact(row)}</Cell>
            </Row>
          ))}
        </Table>
      </ListState>
    </div>
  );
}
