import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/Field';
import { usePublicConfig } from '../../lib/queries';

/** A product as the filter names it: its code and its names (en, fil). */
export interface NamedProduct {
  readonly code: string;
  readonly names: { readonly en: string; readonly fil: string };
}

/** A product's name in the reader's language. */
export function productName(p: NamedProduct, language: string): string {
  return language.startsWith('fil') ? p.names.fil : p.names.en;
}

/**
 * The back office's product filter (the queue, the portfolio): the products offered now and those
 * the answer's totals name (a retired product's loans stay in the books), or all of them. The
 * server checks the code with the shared schema.
 */
export function ProductFilter({
  value,
  onChange,
  known,
}: {
  readonly value: string;
  readonly onChange: (code: string) => void;
  /** The products the answer's totals name. */
  readonly known: readonly NamedProduct[];
}) {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const byCode = new Map<string, NamedProduct>();
  for (const p of config.data?.products ?? []) byCode.set(p.code, p);
  for (const p of known) if (!byCode.has(p.code)) byCode.set(p.code, p);
  return (
    <div className="max-w-xs">
      <SelectField label={t('collections.byProduct.filter')} value={value} onChange={(event) => onChange(event.target.value)} data-testid="product-filter">
        <option value="">{t('collections.byProduct.all')}</option>
        {[...byCode.values()].map((p) => (
          <option key={p.code} value={p.code}>
            {productName(p, i18n.language)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
