import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/loan/public-product';
import type { PublicProduct } from '../../shared/schemas/public';
import { useDomId } from './dom-id';

/**
 * The products offered, to choose from (one button each, its name and description in the page's
 * language, from the configuration); nothing when only one is offered.
 */
export function ProductChoice({
  products,
  chosen,
  onChoose,
}: {
  readonly products: readonly PublicProduct[];
  readonly chosen: string;
  readonly onChoose: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useDomId();
  if (products.length < 2) return null;
  return (
    <div className="flex flex-col gap-2">
      <span id={id} className="text-sm font-semibold text-ink">
        {t('public.landing.calculator.product')}
      </span>
      <div role="group" aria-labelledby={id} className="grid gap-2 sm:grid-cols-2">
        {products.map((p) => {
          const selected = p.code === chosen;
          return (
            <button
              key={p.code}
              type="button"
              aria-pressed={selected}
              onClick={() => onChoose(p.code)}
              className={`flex min-h-14 flex-col items-start rounded-md px-3 py-2 text-left ring-1 transition-colors ${
                selected ? 'bg-brand text-white ring-brand' : 'bg-white text-ink ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <span className="font-bold">{localText(p.names, i18n.language)}</span>
              <span className={`text-xs ${selected ? 'text-slate-100' : 'text-muted'}`}>{localText(p.descriptions, i18n.language)}</span>
            </button>
          );
        })}
      </div>
      {products.find((p) => p.code === chosen)?.coolingOffDays != null && (
        <p className="text-xs text-muted">{t('public.landing.calculator.coolingOff', { count: products.find((p) => p.code === chosen)!.coolingOffDays! })}</p>
      )}
    </div>
  );
}
