import { forwardRef, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsYouType } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY, dialCountries, type CountryCode } from '../../shared/phone/phone';
import { FieldFrame, inputClass } from './Field';
import { useDomId } from './dom-id';

/**
 * A phone number input (specification section 5): a light country picker (a native <select>, no
 * flag images) and a tel input that formats as typed for the chosen country, keeps at most 15
 * digits and guesses the country when the person types '+' and a calling code.
 *
 * The value is E.164 ('+639171234567') once the number has a possible length, otherwise the text as
 * typed, so the shared phoneField schema validates and normalises it.
 *
 * libphonenumber is heavy: import this component only from lazily loaded pages, never from
 * anything the landing page imports.
 */
const MAX_DIGITS = 15;

interface Formatted {
  readonly text: string;
  readonly value: string;
  readonly country: CountryCode | undefined;
}

function format(raw: string, country: CountryCode): Formatted {
  let intl = /^\s*\+/.test(raw);
  let digits = raw.replace(/\D/g, '');
  if (!intl && digits.startsWith('00')) {
    intl = true;
    digits = digits.slice(2);
  }
  digits = digits.slice(0, MAX_DIGITS);
  if (!digits) return { text: intl ? '+' : '', value: intl ? '+' : '', country: undefined };
  const typed = intl ? `+${digits}` : digits;
  const formatter = intl ? new AsYouType() : new AsYouType(country);
  const text = formatter.input(typed);
  const value = formatter.isPossible() ? (formatter.getNumberValue() ?? typed) : typed;
  return { text, value, country: formatter.getCountry() };
}

/** The national significant number of a typed number, to carry it over to another country. */
function nationalDigits(text: string, country: CountryCode): string {
  const intl = text.trim().startsWith('+');
  const formatter = intl ? new AsYouType() : new AsYouType(country);
  formatter.input(intl ? `+${text.replace(/\D/g, '')}` : text.replace(/\D/g, ''));
  return formatter.getNumber()?.nationalNumber ?? (intl ? '' : text.replace(/\D/g, ''));
}

/** Position in `text` just after its n-th significant character (a digit or the leading '+'). */
function caretAfter(text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[\d+]/.test(text[i] ?? '')) seen++;
    if (seen === n) return i + 1;
  }
  return text.length;
}

function significantBefore(text: string, caret: number): number {
  return (text.slice(0, caret).match(/[\d+]/g) ?? []).length;
}

/** Country names in the page's language, from the browser (Intl.DisplayNames). */
export function useRegionNames(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = undefined;
    }
    return (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
}

export interface PhoneInputProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly id?: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly defaultCountry?: CountryCode;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
}

export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { value, onChange, onBlur, name, id, label, hint, error, defaultCountry = DEFAULT_COUNTRY, disabled, autoFocus },
  ref,
) {
  const { t, i18n } = useTranslation();
  const auto = useDomId();
  const fieldId = id ?? auto;
  const regionName = useRegionNames();
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [text, setText] = useState(() => (value ? format(value, defaultCountry).text : ''));
  // The value this input last reported; a different value coming in (a form reset) is shown anew.
  const [reported, setReported] = useState(value);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  if (value !== reported) {
    setReported(value);
    const next = format(value, country);
    setText(next.text);
    if (next.country) setCountry(next.country);
  }

  useLayoutEffect(() => {
    const el = inputRef.current;
    if (pendingCaret.current === null || !el || document.activeElement !== el) return;
    el.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text]);

  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return dialCountries()
      .map((c) => ({ ...c, name: regionName(c.code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [regionName, i18n.language]);
  const dialCode = countries.find((c) => c.code === country)?.dialCode ?? '';

  const report = (next: Formatted) => {
    setText(next.text);
    setReported(next.value);
    onChange(next.value);
  };

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    const el = event.target;
    let raw = el.value;
    let caret = el.selectionStart ?? raw.length;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    // Backspace over a space or bracket of the formatting: remove the digit before it instead,
    // otherwise the formatter would put the character straight back and the key would seem dead.
    if (inputType === 'deleteContentBackward' && raw.replace(/\D/g, '') === text.replace(/\D/g, '') && raw.length < text.length) {
      const before = raw.slice(0, caret).replace(/\d(?=\D*$)/, '');
      raw = before + raw.slice(caret);
      caret = before.length;
    }
    const significant = significantBefore(raw, caret);
    const next = format(raw, country);
    if (next.country && next.text.startsWith('+') && next.country !== country) setCountry(next.country);
    pendingCaret.current = caretAfter(next.text, significant);
    report(next);
  };

  const handleCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    const nextCountry = event.target.value as CountryCode;
    setCountry(nextCountry);
    if (text) report(format(nationalDigits(text, country), nextCountry));
  };

  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <div className="flex gap-2">
        <div className="relative w-26 shrink-0 rounded-md has-[select:focus-visible]:outline-3 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-[#f2b705]">
          <span
            aria-hidden="true"
            className={`${inputClass} pointer-events-none flex items-center justify-between gap-1 font-medium ${disabled ? 'bg-slate-100' : ''}`}
          >
            <span>
              {country} +{dialCode}
            </span>
            <svg viewBox="0 0 20 20" className="h-4 w-4 text-muted" fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </span>
          <select
            aria-label={t('auth.phone.country')}
            value={country}
            onChange={handleCountry}
            disabled={disabled}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0 focus:outline-none disabled:cursor-not-allowed"
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} (+{c.dialCode})
              </option>
            ))}
          </select>
        </div>
        <input
          ref={(el) => {
            inputRef.current = el;
            if (typeof ref === 'function') ref(el);
            else if (ref) ref.current = el;
          }}
          id={fieldId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={country === 'PH' ? t('auth.phone.placeholder') : undefined}
          value={text}
          onChange={handleInput}
          onBlur={onBlur}
          disabled={disabled}
          autoFocus={autoFocus}
          maxLength={24}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} min-w-0 flex-1`}
        />
      </div>
    </FieldFrame>
  );
});
