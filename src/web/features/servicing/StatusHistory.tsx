import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { loanStatusLabelKey } from '../../../shared/states/loan';
import { loanReasonKey } from '../../../shared/reasons/catalogue';
import { dateTime } from '../../lib/format';

/** The loan's full status history, oldest first, with the catalogue's reason where one was given. */
export function StatusHistory({ view }: { readonly view: Pick<ServicingDto, 'history'> }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="status-history">
      {view.history.map((h, i) => (
        <li key={i}>
          <p className="font-semibold">{t(`loans.status.actions.${h.action}`)}</p>
          <p className="text-xs text-muted">
            {dateTime(h.at, i18n.language)} ·{' '}
            {h.from ? t('servicing.history.from', { from: t(loanStatusLabelKey(h.from)), to: t(loanStatusLabelKey(h.to)) }) : t(loanStatusLabelKey(h.to))}
          </p>
          {h.reasonCode && <p className="text-xs">{t(loanReasonKey(h.reasonCode))}</p>}
        </li>
      ))}
    </ol>
  );
}
