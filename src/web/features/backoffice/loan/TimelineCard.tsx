import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/Card';
import { dateTime } from '../../../lib/format';
import { loanReasonKey } from '../../../../shared/reasons/catalogue';
import { timelineEntryText } from '../../loans';
import type { AdminLoanDetail } from '../../../../shared/schemas/loans';

/** The loan's history: each transition, who made it, when, the catalogue reason and the internal note. */
export function TimelineCard({ timeline }: { readonly timeline: AdminLoanDetail['loan']['timeline'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('loans.status.timeline')}>
      <ol className="flex flex-col gap-2 text-sm">
        {timeline.map((entry, i) => (
          <li key={i}>
            <span className="font-semibold">{timelineEntryText(t, entry)}</span>
            <span className="text-muted"> · {dateTime(entry.at, i18n.language)}</span>
            {entry.reasonCode && <span> · {t(loanReasonKey(entry.reasonCode))}</span>}
            {entry.systemReason && <span> · {t(`loans.history.system.${entry.systemReason.code}`, entry.systemReason.values)}</span>}
            {entry.note && <span className="block text-xs text-muted">{t('loans.admin.internalNote', { note: entry.note })}</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
