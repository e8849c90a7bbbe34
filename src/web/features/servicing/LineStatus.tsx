import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';

type Line = ServicingDto['lines'][number];

const STYLE: Record<Line['status'], string> = {
  UPCOMING: 'bg-slate-100 text-slate-800',
  DUE: 'bg-amber-100 text-amber-900',
  PAID: 'bg-emerald-100 text-emerald-900',
  PAID_LATE: 'bg-emerald-50 text-emerald-900',
  OVERDUE: 'bg-red-100 text-red-900',
};

/** A line's status as a labelled chip (text, never colour alone); overdue with its days past due. */
export function LineStatus({ line }: { readonly line: Pick<Line, 'status' | 'daysPastDue'> }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLE[line.status]}`} data-status={line.status}>
      {t(`repayments.lineStatus.${line.status}`, { days: line.daysPastDue })}
    </span>
  );
}
