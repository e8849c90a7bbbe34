import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

/**
 * Puts the server's per-field messages on the form's fields, as written: the server answers them in
 * the language the request asked for (Accept-Language). Returns the names placed.
 */
export function placeFieldErrors<T extends FieldValues>(error: unknown, names: readonly Path<T>[], setError: UseFormSetError<T>): Path<T>[] {
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

export { showMessage } from '../../lib/server-errors';
