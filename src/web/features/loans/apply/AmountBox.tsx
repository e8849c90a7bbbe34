import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../../lib/queries';
import { SelectField, TextField } from '../../../ui/Field';
import { money } from '../../../lib/format';
import { acceptAmountInput, clampAmount, toInputText } from '../../../../shared/money/calculator';
import { DEFAULT_CURRENCY } from '../../../../shared/money/currencies';
import type { ProductTerms } from './quote';
import { useDomId } from '../../../ui/dom-id';

interface AmountBoxProps {
  readonly product: ProductTerms;
  readonly bounds: { readonly min: bigint; readonly max: bigint };
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly amount: bigint | null;
  readonly inRange: boolean;
  readonly term: number;
  readonly onTerm: (term: number) => void;
  readonly currency: string;
  readonly onCurrency: (currency: string) => void;
}

/** The loanbox's inputs: the display currency, the amount in pesos (kept within the product's bounds on leaving it) and the term buttons. */
export function AmountBox({ product, bounds, text, onText, amount, inRange, term, onTerm, currency, onCurrency }: AmountBoxProps) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const termLabel = useDomId();
  const range = { min: money(product.minAmount), max: money(product.maxAmount) };
  return (
    <>
      <SelectField label={t('loans.panel.currency')} value={currency} onChange={(event) => onCurrency(event.target.value)}>
        {(currencies.data ?? [{ currencyCode: DEFAULT_CURRENCY, currencyName: 'Philippine Peso', active: true }])
          .filter((c) => c.active)
          .map((c) => (
            <option key={c.currencyCode} value={c.currencyCode}>
              {t('loans.panel.currencyOption', { code: c.currencyCode, name: c.currencyName })}
            </option>
          ))}
      </SelectField>
      <TextField
        label={t('loans.panel.amount')}
        hint={inRange ? t('loans.panel.amountRange', range) : t('loans.panel.amountOut', range)}
        inputMode="decimal"
        autoComplete="off"
        maxLength={16}
        value={text}
        onChange={(event) => onText(acceptAmountInput(event.target.value, text))}
        onBlur={() => onText(toInputText(clampAmount(amount ?? bounds.min, bounds)))}
        className="text-lg font-semibold tabular-nums"
      />
      <div className="flex flex-col gap-2">
        <span id={termLabel} className="text-sm font-semibold text-ink">
          {t('loans.panel.term')}
        </span>
        <div role="group" aria-labelledby={termLabel} className="grid grid-cols-5 gap-2">
          {product.terms.map((months) => (
            <button
              key={months}
              type="button"
              aria-pressed={months === term}
              aria-label={t('loans.panel.months', { count: months })}
              onClick={() => onTerm(months)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-md text-white ${months === term ? 'bg-accent ring-2 ring-accent ring-offset-2' : 'bg-brand hover:bg-brand-dark'}`}
            >
              <span className="text-lg leading-none font-extrabold tabular-nums">{months}</span>
              <span className="text-xs font-semibold">{t('loans.panel.monthsUnit')}</span>
            </button>
          ))}
        </div>
      </div>
    </>
  );
}
