import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { dateTime } from '../../lib/format';

/** Every reminder sent to the borrower about this loan (invariant 10: only to them, 06:00 to 22:00). */
export function RemindersList({ view }: { readonly view: ServicingDto }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted">{t('servicing.reminders.intro')}</p>
      {view.reminders.length === 0 ? (
        <p className="text-muted">{t('servicing.reminders.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" data-testid="reminders">
          {view.reminders.map((r) => (
            <li key={r.id} className="py-2">
              <p className="font-semibold">
                {t('servicing.reminders.item', { number: r.lineNumber, template: t(`servicing.reminders.template.${r.template}`) })}
              </p>
              <p className="text-xs text-muted">SMS · {dateTime(r.sendAfter && r.sendAfter > r.queuedAt ? r.sendAfter : r.queuedAt, i18n.language)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
