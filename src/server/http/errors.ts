import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isCatalogueKey, renderIn } from '../../shared/i18n/lookup';
import { text, type CatalogueText } from '../../shared/i18n/text';
import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from '../../shared/schemas/errors';
import { localize, type ErrorTexts, type FieldText } from './language';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db-unavailable';

/**
 * An error the API answers on purpose: { error: { code, message, fields? } } with an HTTP status.
 * Services throw it; the error handler renders it. Its message and each field message are catalogue
 * texts, `text(key, values)` (src/shared/i18n/text.ts), never an English sentence: the answer
 * renders them in the caller's language from the key (language.ts); `message` and `fields` keep
 * the English rendering for the log. Without a message it says `errors.<CODE>`. A 500 answers
 * errors.INTERNAL, whatever its message: the message is logged, not sent (decision 076).
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  /** The field messages, in English (the log). */
  readonly fields?: Record<string, string>;
  /** The message and field messages as catalogue keys with values: the answer renders them in the caller's language. */
  readonly texts: ErrorTexts;

  constructor(
    /** Always the code's own status (ERROR_STATUS in src/shared/schemas/errors.ts): the type checker holds them together. */
    readonly status: ErrorStatus<C>,
    readonly code: C,
    /** A catalogue text; only an INTERNAL error, whose message is logged and never answered, may say a plain string. */
    message?: C extends 'INTERNAL' ? CatalogueText | string : CatalogueText,
    fields?: Readonly<Record<string, CatalogueText>>,
    readonly headers?: Record<string, string>,
  ) {
    const said: CatalogueText = message === undefined || typeof message === 'string' ? text(`errors.${code as ErrorCode}`) : message;
    super(typeof message === 'string' ? message : renderIn('en', said));
    if (fields) this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, renderIn('en', v)]));
    this.texts = fields ? { message: said, fields } : { message: said };
  }
}

/** A 400 with per-field messages, each a catalogue key without values. */
export function fieldError(fields: Readonly<Record<string, string>>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', undefined, Object.fromEntries(Object.entries(fields).map(([k, key]) => [k, text(key)])));
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { keys?: string[] };
}

/**
 * A schema's field messages: each a catalogue key (src/shared/schemas give keys, which the web forms
 * render with t()). A message that is no key is the schema library's own words for a request no
 * form sends (a field of the wrong type, a missing one without a message of its own): it goes out
 * as written, in every language (decision 076).
 */
function fieldsFromIssues(issues: readonly ValidationIssue[]): Record<string, FieldText> {
  const fields: Record<string, FieldText> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) fields[key] ??= text('validation.unknownField');
      continue;
    }
    const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    const message = issue.message ?? 'validation.required';
    fields[key] ??= isCatalogueKey(message) ? text(message) : message;
  }
  return fields;
}

/**
 * The `err` serializer of the server's logger (app.ts): an error's type, message, stack, codes and
 * cause chain, without what a failed query carries. Drizzle's DrizzleQueryError puts the SQL text
 * and its parameters (phone numbers, amounts, ids a member typed) in `query`, `params` and its
 * message; a database error's message and `detail` quote the offending value. Those never reach a
 * log line: the SQL, parameters and quoted values are replaced by REDACTED.
 */
const REDACTED = '[redacted]';
const FAILED_QUERY = /^Failed query: [\s\S]*$/;
/** Properties of errors that may hold SQL text or values. */
const SECRET_PROPERTIES = new Set([
  'query',
  'params',
  'parameters',
  'values',
  'sql',
  'detail',
  'where',
  'internalQuery',
  'hint',
  'position',
  'internalPosition',
]);
/** Properties kept (when they are primitives): what identifies the failure without any data. */
const KEPT_PROPERTIES = [
  'code',
  'ledgerCode',
  'internalDetail',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'validationContext',
] as const;

function scrubMessage(message: string, isDatabaseError: boolean): string {
  if (FAILED_QUERY.test(message)) return `Failed query: ${REDACTED} (SQL and parameters)`;
  // PostgreSQL quotes the value it refused: 'value "9223372036854775808" is out of range for type bigint'.
  return isDatabaseError ? message.replace(/"[^"]*"/g, `"${REDACTED}"`).replace(/'[^']*'/g, `'${REDACTED}'`) : message;
}

/** What a logged error looks like (the shape Fastify's `err` serializer returns). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeErrorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    // Something thrown that is not an Error: its type only (it may be a query's parameters).
    const harmless = err === null || err === undefined || typeof err === 'number' || typeof err === 'boolean';
    return { type: err === null ? 'null' : typeof err, message: harmless ? String(err) : REDACTED, stack: '' };
  }
  const record = err as unknown as Record<string, unknown>;
  const isDatabaseError = typeof record.severity === 'string' || 'query' in record || 'params' in record;
  const message = scrubMessage(err.message, isDatabaseError);
  const stack = typeof err.stack === 'string' ? (err.message ? err.stack.split(err.message).join(message) : err.stack) : '';
  const out: LoggedError = { type: err.name && err.name !== 'Error' ? err.name : (err.constructor?.name ?? 'Error'), message, stack };
  for (const key of KEPT_PROPERTIES) {
    const value = record[key];
    if (value !== undefined && (typeof value !== 'object' || value === null)) out[key] = value;
  }
  for (const key of SECRET_PROPERTIES) if (key in record) out[key] = REDACTED;
  if (err.cause !== undefined && depth < 5) out.cause = serializeErrorForLog(err.cause, depth + 1);
  return out;
}

function send(reply: FastifyReply, status: number, code: ErrorCode, texts: ErrorTexts = { message: text(`errors.${code}`) }) {
  return reply
    .code(status)
    .type('application/json')
    .send({ error: localize(reply.request, code, texts) });
}

/** Fastify's own refusals by their code: ours, with its status (ERROR_STATUS). */
const FRAMEWORK_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
};

/** Any other error with a 4xx status (Fastify's, a plugin's, a body stream's): our code of that status, else BAD_REQUEST. */
const CODE_OF_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface FrameworkRefusal {
  readonly status: number;
  readonly code: ErrorCode;
}

/**
 * A refusal that is not ours (Fastify's own, with its English words): the code and status we answer
 * it with, or null when it is not a 4xx. A status without a code of its own (405, 414, 431, ...)
 * keeps its status and answers BAD_REQUEST.
 */
function frameworkRefusal(error: { code?: unknown; statusCode?: unknown }): FrameworkRefusal | null {
  const known = typeof error.code === 'string' ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return { status: ERROR_STATUS[known], code: known };
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  return { status, code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST' };
}

/**
 * Answers a framework's refusal with our code's catalogue text in the caller's language; the
 * framework's own words (English, sometimes naming the request's parts) go to the log only.
 */
function answerFrameworkRefusal(error: Error, refusal: FrameworkRefusal, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'request refused by the framework');
  return send(reply, refusal.status, refusal.code);
}

/**
 * Fastify's `frameworkErrors` option (app.ts): what it refuses before routing (a URL that does not
 * decode, FST_ERR_BAD_URL) is answered like every other refusal, not in Fastify's own shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal = frameworkRefusal(error);
  if (refusal) {
    answerFrameworkRefusal(error, refusal, request, reply);
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  send(reply, 500, 'INTERNAL');
}

/** Installs the one error handler and the API's not-found answer. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status === 500) {
        // An internal refusal (a broken invariant, the ledger's own checks): its message is for the log.
        request.log.error({ err: error }, 'internal error');
        return send(reply, 500, 'INTERNAL');
      }
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.code, error.texts);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, 'VALIDATION_FAILED', {
        message: text('errors.VALIDATION_FAILED'),
        fields: fieldsFromIssues(error.validation as ValidationIssue[]),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL');
    }
    const refusal = frameworkRefusal(error);
    if (refusal) return answerFrameworkRefusal(error, refusal, request, reply);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL');
  });
}
