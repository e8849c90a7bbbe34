import { SelectField } from './Field';

interface StatusFilterBase<S extends string> {
  /** The filter's visible label (a select) or its group's name (segmented). */
  readonly label: string;
  /** The choices, in order: the shared state machine's statuses, or a passed list. */
  readonly statuses: readonly S[];
  /** A status's text from the catalogue (a count may be added by the caller). */
  readonly optionText: (status: S) => string;
  /** A select (the default) or a row of toggle buttons. */
  readonly variant?: 'select' | 'segmented';
  readonly testId?: string;
}

/** With `allText`, a first choice '' lists every status. */
interface WithAll<S extends string> extends StatusFilterBase<S> {
  readonly allText: string;
  readonly value: NoInfer<S> | '';
  readonly onChange: (value: NoInfer<S> | '') => void;
}

interface WithoutAll<S extends string> extends StatusFilterBase<S> {
  readonly allText?: undefined;
  readonly value: NoInfer<S>;
  readonly onChange: (value: NoInfer<S>) => void;
}

export type StatusFilterProps<S extends string> = WithAll<S> | WithoutAll<S>;

/**
 * `raw` as one of `statuses`, or '' (every status) for anything else: what a select or the
 * address bar gives is a string, never trusted as a status.
 */
export function pickStatus<S extends string>(statuses: readonly S[], raw: string | null | undefined): S | '' {
  return statuses.find((s) => s === raw) ?? '';
}

/**
 * The status filter of a list: a labelled select, or a labelled group of toggle buttons (the
 * pressed one is the value). Only the given statuses (and '' with `allText`) ever reach `onChange`.
 */
export function StatusFilter<S extends string>(props: StatusFilterProps<S>) {
  const { label, statuses, optionText, variant = 'select', testId } = props;
  const choose = (raw: string) => {
    const picked = pickStatus(statuses, raw);
    if (picked !== '') props.onChange(picked);
    else if (props.allText !== undefined) props.onChange('');
  };
  const choices: readonly { readonly value: S | ''; readonly text: string }[] = [
    ...(props.allText !== undefined ? [{ value: '' as const, text: props.allText }] : []),
    ...statuses.map((s) => ({ value: s, text: optionText(s) })),
  ];

  if (variant === 'segmented') {
    return (
      <div role="group" aria-label={label} className="flex flex-wrap gap-2" data-testid={testId}>
        {choices.map((c) => {
          const pressed = props.value === c.value;
          return (
            <button
              key={c.value || 'all'}
              type="button"
              aria-pressed={pressed}
              onClick={() => choose(c.value)}
              className={`min-h-11 rounded-md border px-3 text-sm font-semibold ${pressed ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-brand'}`}
            >
              {c.text}
            </button>
          );
        })}
      </div>
    );
  }
  return (
    <div className="max-w-xs">
      <SelectField label={label} value={props.value} onChange={(event) => choose(event.target.value)} data-testid={testId}>
        {choices.map((c) => (
          <option key={c.value || 'all'} value={c.value}>
            {c.text}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
