import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { renderCatalogueText } from '../../lib/catalogue-text';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { draftRefusals, type ProductIdentity } from '../../../shared/loan/draft';
import { philippineDate } from '../../../shared/activation/age';
import { newProductSchema, productDraftSchema, type ProductDraft } from '../../../shared/schemas/product';
import { draftFields, draftFromValues, valuesOf, type DraftField, type FieldValues } from './draft-fields';

/** The form's fields: every field of the draft schema (draft-fields.ts), so a field the schema gains is one here. */
const FIELDS = draftFields(productDraftSchema);

/** A field's label in the catalogue (backoffice.settings.productForm.fields): by its last name; a text per language by its own and its parent's. */
function labelKey(f: DraftField): string {
  const leaf = f.path.at(-1)!;
  const own = leaf === 'en' || leaf === 'fil' ? `${f.path.at(-2)}.${leaf}` : leaf;
  return `backoffice.settings.productForm.fields.${own}`;
}

/** A schema's message: a catalogue key (rendered) or the schema's own words. */
function issueText(t: TFunction, exists: (key: string) => boolean, message: string): string {
  return /^\w+(\.\w+)+$/.test(message) && exists(message) ? t(message) : message;
}

export interface ProductDraftSubmit {
  readonly draft: ProductDraft;
  /** A new product's code (the form asks for it only when `askCode`). */
  readonly code: string;
}

/**
 * An ADMIN's product draft: a new product (`askCode`: its code, names and descriptions required) or
 * a new version of one, starting from `start`. Checked here with the route's own schema and the
 * one check of every cap (draftRefusals: the contract's 25 % a year, the SEC small-loan caps), each
 * refusal naming its figure in the reader's language; the server checks it again and answers the
 * same reasons. Fees are carried over from `start`.
 */
export function ProductDraftForm({
  start,
  identity,
  nextVersion,
  askCode = false,
  submitLabel,
  label,
  send,
}: {
  readonly start: ProductDraft;
  /** The product's code and texts (a new product's: the draft's own). */
  readonly identity: ProductIdentity;
  /** The number the server will give the version (the refusals' checks use it). */
  readonly nextVersion: number;
  readonly askCode?: boolean;
  readonly submitLabel: string;
  readonly label: string;
  /** Sends the checked draft; throws ApiError when the server refuses it. */
  readonly send: (submit: ProductDraftSubmit) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<FieldValues>(() => valuesOf(FIELDS, start));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; reasons: string[] } | null>(null);
  const exists = useMemo(() => (key: string) => i18n.exists(key), [i18n]);

  const refuse = (reasons: string[]) => setRefusal({ message: t('backoffice.settings.productForm.refused'), reasons });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const raw = draftFromValues(FIELDS, values, start);
    // The route's own schema first (a new product: its code, names and descriptions too).
    const parsed = askCode ? newProductSchema.safeParse({ code: code.trim(), draft: raw }) : productDraftSchema.safeParse(raw);
    if (!parsed.success) {
      refuse(parsed.error.issues.map((issue) => `${issue.path.filter((p) => p !== 'draft').join('.')}: ${issueText(t, exists, issue.message)}`));
      return;
    }
    const draft = 'draft' in parsed.data ? parsed.data.draft : parsed.data;
    const own: ProductIdentity = askCode
      ? { code: code.trim(), names: draft.names ?? identity.names, descriptions: draft.descriptions ?? identity.descriptions }
      : identity;
    // Then every cap, as the server checks it, each reason naming its figure.
    const problems = draftRefusals(draft, nextVersion, philippineDate(new Date()), own);
    if (problems.length > 0) {
      refuse(problems.map((p) => renderCatalogueText(t, p)));
      return;
    }
    setBusy(true);
    try {
      await send({ draft, code: code.trim() });
    } catch (e) {
      if (e instanceof ApiError) {
        const reasons = Object.entries(e.fields).map(([field, message]) => (field.startsWith('reason') ? message : `${field}: ${message}`));
        if (e.code === 'PRODUCT_REFUSED') refuse(reasons);
        else setRefusal({ message: e.message, reasons });
      } else setRefusal({ message: t('errors.NO_SERVER_RESPONSE'), reasons: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={label}>
      {askCode && (
        <TextField
          label={t('backoffice.products.code')}
          hint={t('backoffice.products.codeHint')}
          value={code}
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
      )}
      {FIELDS.map((f) =>
        f.kind === 'choice' ? (
          <SelectField
            key={f.name}
            label={t(labelKey(f))}
            value={values[f.name] ?? ''}
            onChange={(event) => setValues((v) => ({ ...v, [f.name]: event.target.value }))}
          >
            {f.optional && <option value="">{t('backoffice.products.choiceDefault')}</option>}
            {f.options.map((o) => (
              <option key={o} value={o}>
                {t(`backoffice.products.options.${o}`, { defaultValue: o })}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={f.name}
            label={t(labelKey(f))}
            value={values[f.name] ?? ''}
            inputMode={f.kind === 'int' ? 'numeric' : f.name.endsWith('Amount') ? 'decimal' : undefined}
            onChange={(event) => setValues((v) => ({ ...v, [f.name]: event.target.value }))}
          />
        ),
      )}
      <p className="text-sm text-muted sm:col-span-2">{t('backoffice.settings.productForm.feesNote', { count: start.fees.length })}</p>
      {refusal && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-danger sm:col-span-2" data-testid="product-refusal">
          <p className="font-semibold">{refusal.message}</p>
          {refusal.reasons.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {refusal.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" variant="accent" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
