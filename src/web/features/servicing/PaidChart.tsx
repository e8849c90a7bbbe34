import { useTranslation } from 'react-i18next';
import { money } from '../../lib/format';
import { paidPercent } from './amounts';

/**
 * Paid against remaining as one plain bar (SVG, no chart library). The sentence under it says the
 * same in words, for screen readers and anyone who prefers text; the bar itself is decorative.
 */
export function PaidChart({ paid, remaining }: { readonly paid: string; readonly remaining: string }) {
  const { t } = useTranslation();
  const pct = paidPercent(paid, remaining);
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-4 w-full overflow-hidden rounded-full" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width="100" height="8" className="fill-slate-200" />
        <rect x="0" y="0" width={pct} height="8" className="fill-emerald-600" />
      </svg>
      <div className="flex flex-wrap justify-between gap-2 text-xs text-muted" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-emerald-600" />
          {t('servicing.chart.paid')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-slate-200" />
          {t('servicing.chart.remaining')}
        </span>
      </div>
      <figcaption className="text-sm" data-testid="paid-chart-text">
        {t('servicing.chart.text', { paid: money(paid), remaining: money(remaining), percent: pct })}
      </figcaption>
    </figure>
  );
}
