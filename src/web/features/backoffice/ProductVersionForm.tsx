import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { backofficeApi } from '../../../shared/api/backoffice';
import { queryKeys } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { productDraftSchema, type ProductDraft } from '../../../shared/schemas/product';

/** The form's text values: lists as "6, 12, 24" and "6: 12, 12: 12". */
type Values = Record<
  | 'name'
  | 'minAmount'
  | 'maxAmount'
  | 'terms'
  | 'defaultTerm'
  | 'monthlyRateBps'
  | 'annualCostCapBps'
  | 'graceDays'
  | 'dailyRateBps'
  | 'collectionChargeBps'
  | 'minAge'
  | 'maxAgeAtTermEnd'
  | 'incomeMultiples'
  | 'maxDebtServiceRatioBps',
  string
>;

export function valuesOf(d: ProductDraft): Values {
  return {
    name: d.name,
    minAmount: d.minAmount,
    maxAmount: d.maxAmount,
    terms: d.terms.join(', '),
    defaultTerm: String(d.defaultTerm),
    monthlyRateBps: String(d.monthlyRateBps),
    annualCostCapBps: String(d.annualCostCapBps),
    graceDays: String(d.penalties.graceDays),
    dailyRateBps: String(d.penalties.dailyRateBps),
    collectionChargeBps: String(d.penalties.collectionChargeBps),
    minAge: String(d.eligibility.minAge),
    maxAgeAtTermEnd: String(d.eligibility.maxAgeAtTermEnd),
    incomeMultiples: Object.entries(d.eligibility.incomeMultipleByTerm)
      .map(([term, multiple]) => `${term}: ${multiple}`)
      .join(', '),
    maxDebtServiceRatioBps: String(d.eligibility.maxDebtServiceRatioBps),
  };
}

const int = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The draft the server checks; a field that is not a number stays NaN and the server names it. */
export function draftOf(v: Values, fees: ProductDraft['fees']): ProductDraft {
  return {
    name: v.name.trim(),
    minAmount: v.minAmount.trim(),
    maxAmount: v.maxAmount.trim(),
    terms: v.terms
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(int),
    defaultTerm: int(v.defaultTerm),
    monthlyRateBps: int(v.monthlyRateBps),
    fees,
    penalties: { graceDays: int(v.graceDays), dailyRateBps: int(v.dailyRateBps), collectionChargeBps: int(v.collectionChargeBps) },
    annualCostCapBps: int(v.annualCostCapBps),
    eligibility: {
      minAge: int(v.minAge),
      maxAgeAtTermEnd: int(v.maxAgeAtTermEnd),
      incomeMultipleByTerm: Object.fromEntries(
        v.incomeMultiples
          .split(',')
          .map((pair) => pair.split(':').map((s) => s.trim()))
          .filter((pair) => pair.length === 2 && pair[0])
          .map(([term, multiple]) => [term!, int(multiple!)]),
      ),
      maxDebtServiceRatioBps: int(v.maxDebtServiceRatioBps),
    },
  };
}

const FIELDS: readonly (keyof Values)[] = [
  'name',
  'minAmount',
  'maxAmount',
  'terms',
  'defaultTerm',
  'monthlyRateBps',
  'annualCostCapBps',
  'graceDays',
  'dailyRateBps',
  'collectionChargeBps',
  'minAge',
  'maxAgeAtTermEnd',
  'incomeMultiples',
  'maxDebtServiceRatioBps',
];

/**
 * A new product version (ADMIN): starts from the version in force; the server numbers it, checks
 * the caps and answers the reasons when it refuses. Fees are carried over unchanged.
 */
export function ProductVersionForm({ current, onCreated }: { readonly current: ProductDraft; readonly onCreated: () => Promise<void> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; reasons: string[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    // The same schema as the route (the contract's 25 % cap, the fee catalogue): refused here first.
    const draft = draftOf(values, current.fees);
    const checked = productDraftSchema.safeParse(draft);
    if (!checked.success) {
      setRefusal({
        message: t('backoffice.settings.productForm.refused'),
        reasons: checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    setBusy(true);
    try {
      const created = await call(backofficeApi.product, { body: checked.data });
      toast.success(t('backoffice.settings.productForm.created', { version: created.version }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.publicConfig });
      await onCreated();
    } catch (e) {
      if (e instanceof ApiError) {
        const reasons = Object.entries(e.fields).map(([field, message]) => (field.startsWith('reason') ? message : `${field}: ${message}`));
        setRefusal({ message: e.code === 'PRODUCT_REFUSED' ? t('backoffice.settings.productForm.refused') : e.message, reasons });
      } else setRefusal({ message: t('errors.NO_SERVER_RESPONSE'), reasons: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t('backoffice.settings.productForm.title')}>
      {FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`backoffice.settings.productForm.fields.${name}`)}
          value={values[name]}
          inputMode={name === 'name' || name === 'terms' || name === 'incomeMultiples' ? undefined : 'decimal'}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        />
      ))}
      <p className="text-sm text-muted sm:col-span-2">{t('backoffice.settings.productForm.feesNote', { count: current.fees.length })}</p>
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
          {t('backoffice.settings.productForm.submit')}
        </Button>
      </div>
    </form>
  );
}
