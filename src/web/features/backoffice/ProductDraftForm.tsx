import { Fragment, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox, SelectField, TextField } from '../../ui/Field';
import type { ProductIdentity } from '../../../shared/loan/draft';
import { philippineDate } from '../../../shared/activation/age';
import type { ProductDraft } from '../../../shared/schemas/product';
import { addRow, cellName, chosen, removeRow, rowCount, toggleChoice, valuesOf, type DraftField, type FieldValues } from './draft-fields';
import { PRODUCT_FIELDS, checkProductDraft, groupTexts, hintOf, labelOf, optionText, rowsText, type FormTexts } from './product-draft-check';

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
  const [values, setValues] = useState<FieldValues>(() => valuesOf(PRODUCT_FIELDS, start));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; reasons: readonly string[] } | null>(null);
  const x: FormTexts = useMemo(() => ({ t, exists: (key: string) => i18n.exists(key) }), [t, i18n]);

  const refuse = (reasons: readonly string[]) => setRefusal({ message: t('backoffice.settings.productForm.refused'), reasons });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    // The route's own schema, then every cap, as the server checks them (product-draft-check.ts).
    const checked = checkProductDraft({ values, start, askCode, code, identity, nextVersion, today: philippineDate(new Date()) }, x);
    if (!checked.ok) {
      refuse(checked.reasons);
      return;
    }
    setBusy(true);
    try {
      await send({ draft: checked.draft, code: code.trim() });
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

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  /** One field of the form as its kind shows it. */
  const fieldOf = (f: DraftField): ReactNode => {
    const label = labelOf(f, x);
    const hint = hintOf(f, x);
    switch (f.kind) {
      case 'choice':
        return (
          <SelectField key={f.name} label={label} hint={hint} value={values[f.name] ?? ''} onChange={(event) => set(f.name, event.target.value)}>
            {f.optional && <option value="">{t('backoffice.products.choiceDefault')}</option>}
            {f.options.map((o) => (
              <option key={o} value={o}>
                {optionText(o, x)}
              </option>
            ))}
          </SelectField>
        );
      case 'choiceSet': {
        const ticked = chosen(values, f);
        return (
          <fieldset key={f.name} className="flex flex-col gap-2 sm:col-span-2" data-field={f.name}>
            <legend className="text-sm font-semibold text-ink">{label}</legend>
            {f.options.map((o) => (
              <Checkbox
                key={o}
                label={optionText(o, x)}
                checked={ticked.includes(o)}
                onChange={(event) => setValues((v) => toggleChoice(v, f, o, event.target.checked))}
              />
            ))}
            {hint && <p className="text-xs text-muted">{hint}</p>}
          </fieldset>
        );
      }
      case 'rows': {
        const count = rowCount(values, f);
        return (
          <fieldset key={f.name} className="flex flex-col gap-3 sm:col-span-2" data-field={f.name}>
            <legend className="text-sm font-semibold text-ink">{label}</legend>
            {hint && <p className="text-xs text-muted">{hint}</p>}
            {Array.from({ length: count }, (_, i) => (
              <div key={i} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]" role="group" aria-label={rowsText(f, 'row', x, i + 1)}>
                {f.columns.map((c) => (
                  <TextField
                    key={c.name}
                    label={`${labelOf(c, x)} (${rowsText(f, 'row', x, i + 1)})`}
                    value={values[cellName(f, i, c)] ?? ''}
                    inputMode={c.kind === 'int' ? 'numeric' : c.name.endsWith('Amount') ? 'decimal' : undefined}
                    onChange={(event) => set(cellName(f, i, c), event.target.value)}
                  />
                ))}
                <Button type="button" variant="outline" onClick={() => setValues((v) => removeRow(v, f, i))}>
                  {rowsText(f, 'remove', x, i + 1)}
                </Button>
              </div>
            ))}
            <div>
              <Button type="button" variant="outline" onClick={() => setValues((v) => addRow(v, f))}>
                {rowsText(f, 'add', x)}
              </Button>
            </div>
          </fieldset>
        );
      }
      default:
        return (
          <TextField
            key={f.name}
            label={label}
            hint={hint}
            value={values[f.name] ?? ''}
            inputMode={f.kind === 'int' ? 'numeric' : f.name.endsWith('Amount') ? 'decimal' : undefined}
            onChange={(event) => set(f.name, event.target.value)}
          />
        );
    }
  };

  /** The fields in the schema's order, a group with a title (the limit ladder) in a fieldset of its own. */
  const parts: ReactNode[] = [];
  for (let i = 0; i < PRODUCT_FIELDS.length;) {
    const f = PRODUCT_FIELDS[i]!;
    const texts = f.group ? groupTexts(f.group, x) : null;
    if (!f.group || !texts) {
      parts.push(fieldOf(f));
      i++;
      continue;
    }
    const members: DraftField[] = [];
    while (i < PRODUCT_FIELDS.length && PRODUCT_FIELDS[i]!.group === f.group) members.push(PRODUCT_FIELDS[i++]!);
    parts.push(
      <fieldset key={f.group} className="grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2" data-group={f.group}>
        <legend className="px-1 text-base font-semibold text-brand">{texts.title}</legend>
        {texts.hint && <p className="text-sm text-muted sm:col-span-2">{texts.hint}</p>}
        {members.map((m) => (
          <Fragment key={m.name}>{fieldOf(m)}</Fragment>
        ))}
      </fieldset>,
    );
  }

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
      {parts}
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
