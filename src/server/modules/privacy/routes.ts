import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireRole, requireUser } from '../../http/session';
import { dataExportSchema, deletionRequestCreatedSchema, deletionRequestSchema, myDeletionRequestResponseSchema } from '../../../shared/schemas/activation';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { exportMemberDataConfirmed, myDeletionRequest, requestDeletion } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';
import {
  deletionDecisionResponseSchema,
  deletionDetailSchema,
  deletionListQuerySchema,
  deletionListResponseSchema,
  deletionRejectSchema,
  deletionRequestParams,
} from '../../../shared/schemas/deletion-review';
import { completeDeletion, deletionDetail, listDeletionReview, rejectDeletion } from './review';

/** Data rights: the member's own export and deletion request; staff see the requests. */
export async function privacyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  // A binary answer: no JSON schema for the ZIP. A POST with the current password: a session alone
  // (a stolen cookie) does not download the member's data.
  app.post<{ Body: z.output<typeof dataExportSchema> }>(
    '/privacy/export',
    {
      schema: {
        tags,
        summary: 'Everything Tapat holds about the member: a ZIP with data.json and their images (current password required; the member is told)',
        body: dataExportSchema,
        response: { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { filename, zip } = await exportMemberDataConfirmed(deps, requireUser(request), request.body, { ip: request.ip });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  r.get(
    '/privacy/deletion-request',
    { schema: { tags, summary: "The member's latest deletion request, if any", response: { 200: myDeletionRequestResponseSchema, 401: apiErrorSchema } } },
    async (request) => myDeletionRequest(deps, requireUser(request).userId),
  );

  r.post(
    '/privacy/deletion-request',
    {
      schema: {
        tags,
        summary: 'Ask for the deletion of the member data; staff handle it (one open request at a time)',
        body: deletionRequestSchema.nullish(),
        response: { 201: deletionRequestCreatedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const created = await requestDeletion(deps, auth.userId, { reason: request.body?.reason ?? null }, { ip: request.ip });
      return reply.code(201).send(created);
    },
  );

  // The data-deletion review (docs/decisions/029-data-deletion-review.md): staff (OFFICER, ADMIN)
  // read, an ADMIN decides. Every view and decision is audited; every view is in the access log.
  const adminTags = ['admin'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  r.get(
    '/admin/deletion-requests',
    {
      schema: {
        tags: adminTags,
        summary: 'Deletion requests for staff (OFFICER, ADMIN), newest first, filtered by status, a page at a time',
        querystring: deletionListQuerySchema,
        response: { 200: deletionListResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return listDeletionReview(deps, request.query);
    },
  );
  r.get(
    '/admin/deletion-requests/:requestId',
    {
      schema: {
        tags: adminTags,
        summary: 'One request: what Complete erases and keeps, until when, and what blocks it (the view is in the access log)',
        params: deletionRequestParams,
        response: { 200: deletionDetailSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      deletionDetail(deps, requireRole(request, STAFF_ROLES), request.params.requestId, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  r.post(
    '/admin/deletion-requests/:requestId/complete',
    {
      schema: {
        tags: adminTags,
        summary: 'ADMIN: anonymise the member (refused with an open loan, a wallet balance or a withdrawal in progress); the member is told',
        params: deletionRequestParams,
        response: { 200: deletionDecisionResponseSchema, ...errors },
      },
    },
    async (request) => completeDeletion(deps, requireRole(request, ['ADMIN']), request.params.requestId, { ip: request.ip }),
  );
  r.post(
    '/admin/deletion-requests/:requestId/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'ADMIN: reject with a reason of the catalogue; the member is told in their language',
        params: deletionRequestParams,
        body: deletionRejectSchema,
        response: { 200: deletionDecisionResponseSchema, ...errors },
      },
    },
    async (request) => rejectDeletion(deps, requireRole(request, ['ADMIN']), request.params.requestId, request.body, { ip: request.ip }),
  );
}
