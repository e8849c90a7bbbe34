/**
 * Errors as they reach the logs. A failed database query carries its parameters (drizzle puts
 * them in its message and in `params`; PostgreSQL puts values in `detail`), and a parameter may be
 * an SMS body with a one-time code, a phone or a password hash. The logs keep the error's type,
 * code, constraint, query text and stack, never the values: pino's path redaction (app.ts) cannot
 * reach inside a message, so errors are rebuilt field by field here.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  cause?: LoggedError;
}

/** drizzle: "Failed query: <sql>\nparams: <values>": the values go. */
function withoutParams(message: string): string {
  const cut = message.indexOf('\nparams:');
  return cut >= 0 ? message.slice(0, cut) : message;
}

export function serializeError(value: unknown, depth = 0): LoggedError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: '[not an error]', stack: '' };
  const error = value as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; constraint?: unknown; cause?: unknown };
  const raw = typeof error.message === 'string' ? error.message : '';
  const message = withoutParams(raw);
  const out: LoggedError = { type: typeof error.name === 'string' ? error.name : 'Error', message, stack: '' };
  if (typeof error.stack === 'string') {
    // The stack starts with the message: keep only its frames after the cleaned one.
    const frames = error.stack.slice(error.stack.indexOf(raw) >= 0 ? error.stack.indexOf(raw) + raw.length : 0);
    out.stack = `${out.type}: ${message}${frames.startsWith('\n') ? frames : `\n${frames.split('\n').filter((l) => l.trimStart().startsWith('at ')).join('\n')}`}`;
  }
  if (typeof error.code === 'string') out.code = error.code;
  if (typeof error.constraint === 'string') out.constraint = error.constraint;
  if (error.cause && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
