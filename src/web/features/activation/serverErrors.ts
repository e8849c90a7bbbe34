import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { activation } from '../../../shared/i18n/en/activation';
import { validation } from '../../../shared/i18n/en/validation';
import { ApiError } from '../../lib/api';

/**
 * The server answers field messages in English. Where the text is one of our catalogue's messages,
 * the form shows it through its key (so Filipino readers read Filipino); any other text is shown as
 * the server wrote it.
 */
const KEY_BY_TEXT = new Map<string, string>([
  ...Object.entries(validation).map(([key, text]): [string, string] => [text, `validation.${key}`]),
  ...Object.entries(activation.validation).map(([key, text]): [string, string] => [text, `activation.validation.${key}`]),
  ...Object.entries(activation.documents).map(([key, text]): [string, string] => [text, `activation.documents.${key}`]),
  ...Object.entries(activation.errors).map(([key, text]): [string, string] => [text, `activation.errors.${key}`]),
]);

export function messageKey(text: string): string {
  if (/^(activation\.)?(validation|documents|errors)\.[A-Za-z]+$/.test(text)) return text;
  return KEY_BY_TEXT.get(text) ?? text;
}

/** Puts the server's per-field messages on the form's fields; returns the names placed. */
export function placeFieldErrors<T extends FieldValues>(error: unknown, names: readonly Path<T>[], setError: UseFormSetError<T>): Path<T>[] {
  if (!(error instanceof ApiError)) return [];
  const placed: Path<T>[] = [];
  for (const name of names) {
    const text = error.fields[name];
    if (text) {
      setError(name, { type: 'server', message: messageKey(text) });
      placed.push(name);
    }
  }
  return placed;
}

export { showMessage } from '../../lib/server-errors';
