import type { TFunction } from 'i18next';
import { isCatalogueText, type CatalogueText } from '../../shared/i18n/text';
import type { CatalogueTextDto } from '../../shared/schemas/catalogue-text';

/** A catalogue text (its key and values, from the server or from shared code) in the reader's language; a value that is itself a catalogue text too. */
export function renderCatalogueText(t: TFunction, text: CatalogueText | CatalogueTextDto): string {
  if (!text.values) return t(text.key);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(text.values)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
    else if (isCatalogueText(value)) values[name] = renderCatalogueText(t, value);
    else if ('items' in value) values[name] = value.items.map((item) => renderCatalogueText(t, item)).join(value.join);
    else values[name] = value.dateTime;
  }
  return t(text.key, values);
}
