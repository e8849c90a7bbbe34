import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireRole, requireUser } from '../../http/session';
import {
  adminDeletionRequestsResponseSchema,
  dataExportSchema,
  deletionRequestCreatedSchema,
  deletionRequestSchema,
  myDeletionRequestResponseSchema,
} from '../../../shared/schemas/activation';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { exportMemberDataConfirmed, listDeletionRequests, myDeletionRequest, requestDeletion } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

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

  r.get(
    '/admin/deletion-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletion requests for staff (OFFICER, ADMIN), open ones first',
        response: { 200: adminDeletionRequestsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return listDeletionRequests(deps);
    },
  );
}
