import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from './Field';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'form' | 'name' | 'error'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and any parsed output: the field reads only its input and its error
  readonly form: UseFormReturn<T, any, any>;
  /** A top-level field of the form. */
  readonly name: Path<T>;
};

/** A TextField registered with a react-hook-form form: its value, and its error (an i18n key) from the form's state. */
export function FormTextField<T extends FieldValues>({ form, name, ...props }: FormTextFieldProps<T>) {
  const errors: Readonly<Record<string, { readonly message?: unknown } | undefined>> = form.formState.errors;
  const message = errors[name]?.message;
  return <TextField {...props} error={typeof message === 'string' ? message : undefined} {...form.register(name)} />;
}
