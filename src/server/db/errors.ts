/**
 * A PostgreSQL unique-index violation (SQLSTATE 23505) anywhere in an error's cause chain (drizzle
 * wraps the driver's error), as the constraint's name ('' when the driver gave none); null for any
 * other error. The one place that reads driver error codes.
 */
export function uniqueViolation(error: unknown): string | null {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    if (typeof constraint === 'string') return constraint;
    // PGlite names the constraint only in its message: duplicate key value violates unique constraint "x".
    const named = typeof message === 'string' ? /unique constraint "([^"]+)"/.exec(message) : null;
    return named?.[1] ?? '';
  }
  return null;
}
