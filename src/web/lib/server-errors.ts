import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { validation } from '../../shared/i18n/en/validation';
import { ApiError } from './api';

/**
 * The server answers field messages in English (conventions: "the server answers the English
 * text"). Where the text is one of our validation messages, show it through its key so a person
 * reading Filipino reads it in Filipino; any other text is shown as the server wrote it.
 */
const KEY_BY_TEXT = new Map<string, string>(Object.entries(validation).map(([key, text]) => [text, `validation.${key}`]));

export function fieldMessage(text: string): string {
  if (/^validation\.[A-Za-z]+$/.test(text)) return text;
  return KEY_BY_TEXT.get(text) ?? text;
}

/**
 * Puts the server's per-field messages onto the fields of a form that has them.
 * Returns the names that were placed.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, names: readonly Path<T>[], setError: UseFormSetError<T>): Path<T>[] {
  if (!(error instanceof ApiError)) return [];
  const placed: Path<T>[] = [];
  for (const name of names) {
    const text = error.fields[name];
    if (text) {
      setError(name, { type: 'server', message: fieldMessage(text) });
      placed.push(name);
    }
  }
  return placed;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const KEY = /^[a-z]+(\.[A-Za-z0-9]+)+$/;

/** A message key through t(); any other text (the server's own words, already in the caller's language) as it is. */
export function showMessage(t: (key: string) => string, message: string): string {
  return KEY.test(message) ? t(message) : message;
}
