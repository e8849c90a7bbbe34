import { forwardRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../lib/show-message';
import { useDomId } from './dom-id';

/**
 * Form fields with a visible label, an optional hint and the error message (an i18n key from the
 * shared zod schema, or a message from the server), wired with aria-invalid and aria-describedby.
 */
interface FieldFrameProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly children: ReactNode;
  readonly optional?: boolean;
}

export function FieldFrame({ id, label, hint, error, children, optional }: FieldFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-muted">({t('common.optional')})</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger" role="alert">
          {showMessage(t, error)}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 aria-[invalid=true]:border-danger focus:border-brand';

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly optional?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, optional, id, className = '', ...rest }, ref) {
  const auto = useDomId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${inputClass} ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField({ label, hint, error, id, ...rest }, ref) {
  const auto = useDomId();
  const fieldId = id ?? auto;
  const [shown, setShown] = useState(false);
  const { t } = useTranslation();
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          className={`${inputClass} pr-20`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 min-w-16 px-3 text-xs font-semibold text-brand uppercase"
          aria-pressed={shown}
          aria-controls={fieldId}
        >
          {shown ? t('common.hidePassword') : t('common.showPassword')}
        </button>
      </div>
    </FieldFrame>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly optional?: boolean;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, optional, id, children, className = '', ...rest },
  ref,
) {
  const auto = useDomId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${inputClass} ${className}`}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id, className = '', ...rest },
  ref,
) {
  const auto = useDomId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${inputClass} min-h-28 ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly label: ReactNode;
  readonly error?: string | undefined;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, id, ...rest }, ref) {
  const auto = useDomId();
  const fieldId = id ?? auto;
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-brand"
          {...rest}
        />
        <label htmlFor={fieldId} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${fieldId}-error`} className="text-xs font-medium text-danger" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
});
