import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { requireUser } from '../../http/session';
import { registerRoute } from '../../http/route';
import { documentsApi as api } from '../../../shared/api/documents';
import { STAFF_ROLES, hasAnyRole } from '../../../shared/states/roles';
import { MAX_UPLOAD_BYTES } from './image';
import { inFlightLimiter, UPLOADS_IN_FLIGHT_PER_MEMBER } from './in-flight';
import { documentForStaff, ownDocument, uploadDocument, type ImageFile } from './service';
import { text } from '../../../shared/i18n/text';

const STAFF = STAFF_ROLES;

function sendImage(reply: FastifyReply, file: ImageFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('etag', `"${file.sha256}"`)
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * ID and selfie images: the member uploads and reads their own (identity from the session, no id in
 * the path); staff read a member's through /admin, each view logged. Anyone else gets 404.
 */
export async function documentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The upload takes the image's bytes as the body, up to 10 MB, in a scope of its own.
  const inFlight = inFlightLimiter(UPLOADS_IN_FLIGHT_PER_MEMBER);
  await app.register(async (scope) => {
    // Refuse anonymous uploads, and a member's uploads beyond the few at a time (in-flight.ts), before reading a byte of the body.
    scope.addHook('onRequest', async (request, reply) => {
      const auth = requireUser(request);
      const release = inFlight.acquire(auth.userId);
      if (!release) throw new AppError(429, 'RATE_LIMITED', text('activation.documents.oneAtATime'), undefined, { 'retry-after': '5' });
      // 'close' comes once the response is sent or the connection is gone, whichever happens.
      reply.raw.once('close', release);
    });
    // Only image bytes here: no JSON, no text.
    scope.removeAllContentTypeParsers();
    for (const type of ['application/octet-stream', /^image\/[\w.+-]+$/]) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => {
        done(null, body);
      });
    }
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', text('activation.documents.tooLarge'));
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', text('activation.documents.wrongContentType'));
      throw error;
    });
    registerRoute(
      scope,
      api.upload,
      async (request, reply) => {
        const auth = requireUser(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const saved = await uploadDocument(deps, auth.userId, request.params.kind, body);
        return reply.code(201).send(saved);
      },
      { bodyLimit: MAX_UPLOAD_BYTES },
    );
  });

  registerRoute(app, api.own, async (request, reply) => {
    const auth = requireUser(request);
    return sendImage(reply, await ownDocument(deps, auth.userId, request.params.kind));
  });

  registerRoute(app, api.forStaff, async (request, reply) => {
    const auth = requireUser(request);
    // Not staff: the same 404 as a missing image, so the answer reveals nothing.
    if (!hasAnyRole(auth.role, STAFF)) throw new AppError(404, 'NOT_FOUND');
    const file = await documentForStaff(deps, { userId: auth.userId, role: auth.role }, request.params.memberId, request.params.kind, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return sendImage(reply, file);
  });
}
