import { forwardRef, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, inputClass } from '../../ui/Field';
import { foldText, sameNamed, searchByName } from '../../../shared/search/match';
import { useDomId } from '../../ui/dom-id';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SearchableSelectProps {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly options: readonly SelectOption[];
  /** The chosen option's value, '' for none. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly id?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /** Shown in the list while the options load. */
  readonly loading?: boolean;
  readonly autoComplete?: string;
}

const labelOf = (option: SelectOption) => option.label;

/**
 * A searchable select (the ARIA 1.2 combobox pattern with a list box): type to filter, arrows to
 * move, Enter or a click to choose, Escape to close. The value is the chosen option's value; typed
 * text that matches no option leaves the value empty (the form then says "choose from the list").
 */
export const SearchableSelect = forwardRef<HTMLInputElement, SearchableSelectProps>(function SearchableSelect(
  { label, hint, error, options, value, onChange, onBlur, name, id, placeholder, disabled, loading = false, autoComplete = 'off' },
  ref,
) {
  const { t } = useTranslation();
  const auto = useDomId();
  const fieldId = id ?? auto;
  const listId = `${fieldId}-list`;
  const selected = options.find((o) => o.value === value);
  const [text, setText] = useState(selected?.label ?? '');
  const [shownFor, setShownFor] = useState<string | undefined>(selected?.label);
  const [open, setOpen] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  // A value set from outside (a reset, the options arriving) shows its label.
  if (selected?.label !== shownFor) {
    setShownFor(selected?.label);
    if (selected) setText(selected.label);
    else if (value === '' && shownFor !== undefined) setText('');
  }

  const shown = useMemo(() => {
    if (!filtering) return options;
    // Accents, case, word order and "City of" do not matter: "Cebu City" finds "City of Cebu".
    return searchByName(text, options, labelOf);
  }, [options, text, filtering]);

  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const choose = (option: SelectOption) => {
    setText(option.label);
    setShownFor(option.label);
    setFiltering(false);
    setOpen(false);
    if (option.value !== value) onChange(option.value);
  };

  const openList = () => {
    if (disabled) return;
    const index = shown.findIndex((o) => o.value === value);
    setActive(index >= 0 ? index : 0);
    setOpen(true);
  };

  const commitText = () => {
    setOpen(false);
    setFiltering(false);
    if (!foldText(text)) {
      setShownFor(undefined);
      if (value !== '') onChange('');
      return;
    }
    // Typed text that names one option ("Cebu City" for "City of Cebu") is that choice.
    const exact = sameNamed(text, options, labelOf);
    if (exact) {
      choose(exact);
      return;
    }
    // No such option: the typed text stays for the person to correct, the value is emptied.
    setShownFor(undefined);
    if (value !== '') onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((a) => Math.min(a + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((a) => Math.max(a - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (open && shown.length > 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : shown.length - 1);
        }
        break;
      case 'Enter': {
        if (!open) return;
        event.preventDefault();
        const option = shown[active];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        if (open) {
          // Close the list, not the dialog around it.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setFiltering(false);
          setText(selected?.label ?? text);
        }
        break;
      case 'Tab':
        if (open && filtering && shown[active] && shown.length === 1) choose(shown[active]);
        break;
      default:
        break;
    }
  };

  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  const activeId = open && shown[active] ? `${fieldId}-opt-${active}` : undefined;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete={autoComplete}
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFiltering(true);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => (open ? setOpen(false) : openList())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            commitText();
            onBlur?.();
          }}
          className={`${inputClass} pr-10 disabled:bg-slate-100 disabled:text-muted`}
        />
        <svg
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-muted"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!open || shown.length === 0}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
        >
          {open &&
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${fieldId}-opt-${index}`}
                data-index={index}
                role="option"
                aria-selected={option.value === value}
                // mousedown, not click: the input keeps the focus, so its blur does not run first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseMove={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 text-base ${index === active ? 'bg-brand text-white' : 'text-ink'} ${option.value === value && index !== active ? 'font-semibold' : ''}`}
              >
                {option.label}
              </li>
            ))}
        </ul>
        {open && shown.length === 0 && (
          <p className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-muted shadow-lg" role="status">
            {loading ? t('activation.select.loading') : t('activation.select.noMatch')}
          </p>
        )}
      </div>
    </FieldFrame>
  );
});
