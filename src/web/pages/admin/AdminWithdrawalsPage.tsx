import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError as ApiErrorType } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { ListState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { Table } from '../../ui/Table';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../shared/states/withdrawal';
import type { AdminWithdrawalRow } from '../../../shared/schemas/withdrawals';
import { MarkDialog, WITHDRAWAL_COLUMNS, WithdrawalQueueRow, type WithdrawalMark } from '../../features/backoffice';

const key = (status: string) => ['admin', 'withdrawals', status] as const;

/**
 * The withdrawals queue (OFFICER and ADMIN): by status, oldest first, with age, channel
 * and destination. In manual payout mode a PROCESSING payout is marked paid with the bank's
 * reference, or failed with the reason: a failure mark waits for a second officer, shown on the row
 * (who asked, when, the reason), and only their confirmation returns the amount to the member's
 * wallet (decision 049); the row changes only after the server answered. A withdrawal sent as several transfers
 * (docs/decisions/033) lists each transfer (amount, its own reference, status) with its own Paid
 * and Failed actions. The forms are checked with the routes' own schemas before any request.
 */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('PROCESSING');
  // Pages by the server's cursor (oldest first).
  const list = useInfiniteQuery<{ withdrawals: AdminWithdrawalRow[]; nextCursor: string | null }, ApiErrorType>({
    queryKey: key(status),
    queryFn: ({ pageParam }) => call(withdrawalsApi.adminQueue, { query: { status: status || undefined, cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const rows = list.data?.pages.flatMap((p) => p.withdrawals) ?? [];
  const [mark, setMark] = useState<WithdrawalMark | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand">{t('backoffice.withdrawals.title')}</h1>
        <Link to="/admin/withdrawals/reconciliation" className="min-h-11 content-center text-sm font-semibold text-brand underline underline-offset-4">
          {t('backoffice.withdrawals.reconciliationLink')}
        </Link>
      </div>
      <StatusFilter
        label={t('backoffice.withdrawals.status')}
        statuses={WITHDRAWAL_STATUSES}
        value={status}
        onChange={setStatus}
        allText={t('backoffice.withdrawals.all')}
        optionText={(s) => t(`withdrawals.status.${s}.label`)}
      />
      <ListState query={list} empty={rows.length === 0} emptyText={t('backoffice.withdrawals.empty')}>
        <Table
          label={t('backoffice.withdrawals.title')}
          minWidth="min-w-[60rem]"
          testId="withdrawals-table"
          columns={WITHDRAWAL_COLUMNS.map((c) => ({ label: t(`backoffice.withdrawals.col.${c}`), ...(c === 'amount' ? { align: 'right' as const } : {}) }))}
        >
          {rows.map((w) => (
            <WithdrawalQueueRow key={w.id} w={w} onMark={(row, as, part) => setMark(part ? { row, as, part } : { row, as })} />
          ))}
        </Table>
      </ListState>
      <MarkDialog mark={mark} onClose={() => setMark(null)} />
    </div>
  );
}
