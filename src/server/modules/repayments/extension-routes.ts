import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  adminExtensionsQuerySchema,
  adminExtensionsResponseSchema,
  extensionApproveSchema,
  extensionDeclineSchema,
  extensionRequestSchema,
  extensionResponseSchema,
  extensionSignSchema,
  memberExtensionResponseSchema,
} from '../../../shared/schemas/extensions';
import { contractCodeResponseSchema } from '../../../shared/schemas/loans';
import { approveExtension, declineExtension, listExtensions } from './extension-admin';
import { currentExtension, requestExtension, requestExtensionCode, signExtension, withdrawExtension } from './extension-member';

const STAFF = ['OFFICER', 'ADMIN'] as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Extension requests (issue 10, item 6; docs/decisions/016-extensions.md): the borrower's under
 * /api/loans/current/extension (identity from the session; staff accounts are refused), the
 * officer's under /api/admin/extensions.
 */
export async function extensionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['extensions'];

  r.get(
    '/loans/current/extension',
    {
      schema: {
        tags,
        summary: "What the member may ask for (the product's terms, the request deadline 5 days before the last due date) and their latest extension request",
        response: { 200: memberExtensionResponseSchema, ...errors },
      },
    },
    async (request) => currentExtension(deps, requireUser(request).userId),
  );

  r.post(
    '/loans/current/extension',
    {
      schema: {
        tags,
        summary: 'Ask for a new term for the remaining principal (at least 5 days before the last due date; one open request; nothing past due)',
        body: extensionRequestSchema,
        response: { 201: extensionResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await requestExtension(deps, requireMember(request), request.body.term)),
  );

  r.post(
    '/loans/current/extension/withdraw',
    { schema: { tags, summary: 'Withdraw the open extension request', response: { 200: extensionResponseSchema, ...errors } } },
    async (request) => withdrawExtension(deps, requireMember(request)),
  );

  r.post(
    '/loans/current/extension/code',
    {
      schema: {
        tags,
        summary: "Send a code by SMS to the member's phone to sign the approved extension's disclosure statement (bound to its SHA-256)",
        response: { 200: contractCodeResponseSchema, ...errors },
      },
    },
    async (request) => requestExtensionCode(deps, requireMember(request)),
  );

  r.post(
    '/loans/current/extension/sign',
    {
      schema: {
        tags,
        summary: 'Sign the new disclosure statement with the code: the new schedule takes effect (EXTENSION_CHANGED when the loan changed since)',
        body: extensionSignSchema,
        response: { 200: extensionResponseSchema, ...errors },
      },
    },
    async (request) => signExtension(deps, requireMember(request), request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  // Back office ---------------------------------------------------------------------------------
  const admin = ['admin'];
  const params = z.object({ extensionId: z.string().max(64) });

  r.get(
    '/admin/extensions',
    {
      schema: {
        tags: admin,
        summary: 'Extension requests, by status (open ones oldest first), a page at a time',
        querystring: adminExtensionsQuerySchema,
        response: { 200: adminExtensionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return listExtensions(deps, request.query);
    },
  );

  r.post(
    '/admin/extensions/:extensionId/approve',
    {
      schema: {
        tags: admin,
        summary: 'Approve an extension request (the borrower then signs the new disclosure statement); never on one’s own loan; audited',
        params,
        body: extensionApproveSchema,
        response: { 200: extensionResponseSchema, ...errors },
      },
    },
    async (request) => approveExtension(deps, requireRole(request, STAFF), request.params.extensionId, request.body?.note, { ip: request.ip }),
  );

  r.post(
    '/admin/extensions/:extensionId/decline',
    {
      schema: {
        tags: admin,
        summary: 'Decline an extension request with a reason code of the fixed catalogue (the note stays internal); audited',
        params,
        body: extensionDeclineSchema,
        response: { 200: extensionResponseSchema, ...errors },
      },
    },
    async (request) =>
      declineExtension(deps, requireRole(request, STAFF), request.params.extensionId, request.body.reasonCode, request.body.note, { ip: request.ip }),
  );
}
