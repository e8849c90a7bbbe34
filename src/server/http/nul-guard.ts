import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * A NUL character (U+0000) anywhere in a request's JSON body, query or path parameters is refused
 * with 400 VALIDATION_FAILED naming the field, before the route's schema runs. PostgreSQL stores no
 * NUL in text or jsonb: such a value used to reach the database and come back as a 500 (the public
 * contact form, the company profile; security review, branch sec-insider). No text of Tapat needs it.
 */
export const NUL_MESSAGE = 'This text holds a character that is not allowed (U+0000).';

const MAX_DEPTH = 32;
const NUL = String.fromCharCode(0);

/** The paths ('a.b.0') of the strings and keys holding a NUL in `value`; at most `limit` of them. */
export function nulPaths(value: unknown, path = '', found: string[] = [], depth = 0, limit = 20): string[] {
  // An upload's bytes (a Buffer) hold no text to check.
  if (found.length >= limit || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return found;
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(path || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, path ? `${path}.${i}` : String(i), found, depth + 1, limit));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const name = key.split(NUL).join('');
      const at = path ? `${path}.${name}` : name || '_';
      if (key.includes(NUL)) found.push(at);
      else nulPaths(item, at, found, depth + 1, limit);
    }
  }
  return found;
}

/** Installs the check as a callback hook (no promise per request) on `app`'s routes. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const paths = [...nulPaths(request.body), ...nulPaths(request.query), ...nulPaths(request.params)];
    if (paths.length === 0) return done();
    done(new AppError(400, 'VALIDATION_FAILED', undefined, Object.fromEntries(paths.map((p) => [p, NUL_MESSAGE]))));
  });
}
