import { useTranslation } from 'react-i18next';
import { money } from '../../lib/format';
import { convertedAmount, type Display } from './amounts';

/** An amount in PHP, with the loan's display currency beside it (rounded up, for information) when that is not PHP. */
export function Amount({ value, display, className = '' }: { readonly value: string; readonly display: Display; readonly className?: string }) {
  const { t } = useTranslation();
  const other = convertedAmount(value, display);
  return (
    <span className={`tabular-nums ${className}`}>
      <span className="whitespace-nowrap">{money(value)}</span>
      {other !== null && (
        <span className="ml-1 text-xs font-normal whitespace-nowrap text-muted" data-testid="converted">
          {t('servicing.converted', { amount: money(other, display.currency) })}
        </span>
      )}
    </span>
  );
}
