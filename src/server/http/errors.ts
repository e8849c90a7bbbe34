import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translateEn } from '../../shared/i18n/lookup';
import type { ErrorCode } from '../../shared/schemas/errors';
import { localize } from './language';

/**
 * An error the API answers on purpose: { error: { code, message, fields? } } with an HTTP status.
 * Services throw it; the error handler renders it. Messages are i18n keys or plain English.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? translateEn(`errors.${code}`));
  }
}

/** A 400 with per-field messages (i18n keys are resolved to English). */
export function fieldError(fields: Record<string, string>): AppError {
  const resolved = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateEn(v)]));
  return new AppError(400, 'VALIDATION_FAILED', undefined, resolved);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { keys?: string[] };
}

function fieldsFromIssues(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) fields[key] ??= translateEn('validation.unknownField');
      continue;
    }
    const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[key] ??= translateEn(issue.message ?? 'validation.required');
  }
  return fields;
}

function send(reply: FastifyReply, status: number, code: string, message: string, fields?: Record<string, string>) {
  return reply.code(status).type('application/json').send({ error: localize(reply.request, fields ? { code, message, fields } : { code, message }) });
}

/** Installs the one error handler and the API's not-found answer. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, 'VALIDATION_FAILED', translateEn('errors.VALIDATION_FAILED'), fieldsFromIssues(error.validation as ValidationIssue[]));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL', translateEn('errors.INTERNAL'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'PAYLOAD_TOO_LARGE', translateEn('errors.PAYLOAD_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', translateEn('errors.UNSUPPORTED_MEDIA_TYPE'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'BAD_REQUEST', 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, 'BAD_REQUEST', 'The request has an invalid Content-Length.');
      default:
        break;
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL', translateEn('errors.INTERNAL'));
  });
}
