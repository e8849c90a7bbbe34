import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors';
import { validation } from '../../shared/i18n/en/validation';

/**
 * Text PostgreSQL cannot store is refused with 400 VALIDATION_FAILED naming each field, before the
 * route's schema runs: a NUL character (U+0000, stored in no text or jsonb value) and an unpaired
 * surrogate (a JSON "\ud800" escape: a jsonb value, such as an audit row's details, refuses it).
 * Either one used to reach the database and come back as a 500 (the public contact form, the company
 * profile, a support reply; security review, branch sec-insider, decision 047). No text of Tapat needs them.
 */
export const UNSTORABLE_TEXT_MESSAGE = validation.unstorableText;

const MAX_DEPTH = 32;
const NUL = String.fromCharCode(0);
/** A surrogate code unit not part of a pair (with the u flag, a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;

const unstorable = (text: string): boolean => text.includes(NUL) || LONE_SURROGATE.test(text);

/** The paths ('a.b.0') of the strings and keys in `value` that cannot be stored; at most `limit` of them. */
function unstorableTextPaths(value: unknown, path = '', found: string[] = [], depth = 0, limit = 20): string[] {
  // An upload's bytes (a Buffer) hold no text to check.
  if (found.length >= limit || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return found;
  if (typeof value === 'string') {
    if (unstorable(value)) found.push(path || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextPaths(item, path ? `${path}.${i}` : String(i), found, depth + 1, limit));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const bad = unstorable(key);
      const name = bad ? '_' : key;
      const at = path ? `${path}.${name}` : name;
      if (bad) found.push(at);
      else unstorableTextPaths(item, at, found, depth + 1, limit);
    }
  }
  return found;
}

/** Installs the check as a callback hook (no promise per request) on `app`'s routes. */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const paths = [...unstorableTextPaths(request.body), ...unstorableTextPaths(request.query), ...unstorableTextPaths(request.params)];
    if (paths.length === 0) return done();
    done(fieldError(Object.fromEntries(paths.map((p) => [p, 'validation.unstorableText']))));
  });
}
