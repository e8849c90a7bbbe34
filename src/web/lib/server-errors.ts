import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's per-field messages onto the fields of a form that has them. The server answers
 * them in the language the request asked for (Accept-Language, lib/api.ts), so they are shown as
 * written; the fields show a message key through t() and any other text as it is (showMessage).
 * Returns the names that were placed.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, names: readonly Path<T>[], setError: UseFormSetError<T>): Path<T>[] {
  if (!(error instanceof ApiError)) return [];
  const placed: Path<T>[] = [];
  for (const name of names) {
    const text = error.fields[name];
    if (text) {
      setError(name, { type: 'server', message: text });
      placed.push(name);
    }
  }
  return placed;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { showMessage } from './show-message';
