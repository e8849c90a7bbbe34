import { forwardRef, useImperativeHandle, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../ui/Field';
import { useDomId } from '../../ui/dom-id';

/** The earliest year the input takes (specification section 5: year 1900 to the current year). */
const MIN_BIRTH_YEAR = 1900;

interface Parts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

type Part = keyof Parts;

const LENGTH: Record<Part, number> = { day: 2, month: 2, year: 4 };

function split(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
}

const pad = (text: string) => (text.length === 1 && text !== '0' ? `0${text}` : text);

/**
 * YYYY-MM-DD from the three parts, or '' when all are empty. A part out of its range (day 1-31,
 * month 1-12, year 1900 to this year) gives a value the schema refuses as not a valid date.
 */
export function joinDate(parts: Parts, currentYear: number): string {
  if (!parts.day && !parts.month && !parts.year) return '';
  const day = Number(parts.day);
  const month = Number(parts.month);
  const year = Number(parts.year);
  const inRange = day >= 1 && day <= 31 && month >= 1 && month <= 12 && parts.year.length === 4 && year >= MIN_BIRTH_YEAR && year <= currentYear;
  if (!inRange) return `invalid:${parts.year}-${parts.month}-${parts.day}`;
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

export interface DateOfBirthInputProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly legend: string;
  readonly hint?: string;
  readonly error?: string | undefined;
  readonly currentYear: number;
}

/**
 * Date of birth as three inputs, day, month and year (specification section 5): digits only, the
 * focus moves on after two digits of the day and two of the month, a single digit is padded with a
 * zero when the person leaves the input, Backspace in an empty input goes back to the previous one.
 */
export const DateOfBirthInput = forwardRef<HTMLInputElement, DateOfBirthInputProps>(function DateOfBirthInput(
  { value, onChange, onBlur, name, legend, hint, error, currentYear },
  ref,
) {
  const { t } = useTranslation();
  const id = useDomId();
  const [parts, setParts] = useState<Parts>(() => split(value));
  // The parts as last typed: moving the focus on (auto-advance) blurs an input before React has
  // rendered the new parts, so the blur handler reads them here, never from a stale render.
  const latest = useRef(parts);
  const [reported, setReported] = useState(value);
  const inputs = { day: useRef<HTMLInputElement>(null), month: useRef<HTMLInputElement>(null), year: useRef<HTMLInputElement>(null) };
  const group = useRef<HTMLFieldSetElement>(null);
  // The form focuses the day input when the date is refused.
  useImperativeHandle(ref, () => inputs.day.current as HTMLInputElement, [inputs.day]);

  // A value coming from outside (a reset to saved data) is shown anew.
  if (value !== reported) {
    setReported(value);
    if (!value.startsWith('invalid:')) {
      const next = split(value);
      latest.current = next;
      setParts(next);
    }
  }

  const update = (next: Parts) => {
    latest.current = next;
    setParts(next);
    const joined = joinDate(next, currentYear);
    setReported(joined);
    onChange(joined);
  };

  const NEXT: Partial<Record<Part, Part>> = { day: 'month', month: 'year' };
  const PREVIOUS: Partial<Record<Part, Part>> = { month: 'day', year: 'month' };

  const handleChange = (part: Part) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, LENGTH[part]);
    update({ ...latest.current, [part]: digits });
    const following = NEXT[part];
    if (following && digits.length === LENGTH[part]) {
      const el = inputs[following].current;
      el?.focus();
      el?.select();
    }
  };

  const handleKeyDown = (part: Part) => (event: KeyboardEvent<HTMLInputElement>) => {
    const previous = PREVIOUS[part];
    if (event.key === 'Backspace' && previous && event.currentTarget.value === '') {
      event.preventDefault();
      inputs[previous].current?.focus();
    }
  };

  const handleBlur = (part: Part) => () => {
    const current = latest.current;
    if (part !== 'year') {
      const padded = pad(current[part]);
      if (padded !== current[part]) update({ ...current, [part]: padded });
    }
    // The group is left (not a move between its own inputs): the field is touched.
    requestAnimationFrame(() => {
      if (!group.current?.contains(document.activeElement)) onBlur?.();
    });
  };

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const field = (part: Part, widthClass: string) => (
    <div className={`flex flex-col gap-1 ${widthClass}`}>
      <label htmlFor={`${id}-${part}`} className="text-xs font-semibold text-muted">
        {t(`activation.personal.${part}`)}
      </label>
      <input
        ref={inputs[part]}
        id={`${id}-${part}`}
        name={name ? `${name}-${part}` : undefined}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete={part === 'day' ? 'bday-day' : part === 'month' ? 'bday-month' : 'bday-year'}
        maxLength={LENGTH[part]}
        placeholder={t(`activation.personal.${part}Placeholder`)}
        value={parts[part]}
        onChange={handleChange(part)}
        onKeyDown={handleKeyDown(part)}
        onBlur={handleBlur(part)}
        onFocus={(event) => event.currentTarget.select()}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} px-2 text-center tabular-nums`}
      />
    </div>
  );

  return (
    <fieldset ref={group} className="flex flex-col gap-1" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex items-end gap-2">
        {field('day', 'w-16')}
        <span className="pb-3 text-muted" aria-hidden="true">
          /
        </span>
        {field('month', 'w-16')}
        <span className="pb-3 text-muted" aria-hidden="true">
          /
        </span>
        {field('year', 'w-24')}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger" role="alert">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
});
