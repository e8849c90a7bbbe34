import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireRole } from '../../http/session';
import { auditQuerySchema, auditResponseSchema } from '../../../shared/schemas/audit';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { companyProfileSchema, companySettingsResponseSchema, adminSettingsResponseSchema } from '../../../shared/schemas/company';
import { productDraftSchema, productVersionResponseSchema } from '../../../shared/schemas/product';
import { auditPage, createProductVersion, settings, updateCompany } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

const STAFF = STAFF_ROLES;
const ADMIN = ['ADMIN'] as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/** The back office's audit log (OFFICER, ADMIN) and settings (ADMIN only) under /api/admin. */
export async function backofficeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered by actor, action, subject and Philippine dates (inclusive); paginated by cursor',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return auditPage(deps, request.query);
    },
  );

  r.get(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: 'The company profile in force (and its source) and the product in force (read-only)',
        response: { 200: adminSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, ADMIN);
      return settings(deps);
    },
  );

  r.put(
    '/admin/settings/company',
    {
      schema: {
        tags,
        summary: 'Save the company profile (audited with before and after; production refuses DEMO)',
        body: companyProfileSchema,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    async (request) => updateCompany(deps, requireRole(request, ADMIN), request.body, { ip: request.ip }),
  );

  r.post(
    '/admin/settings/product',
    {
      schema: {
        tags,
        summary: 'Offer a new loan product version (ADMIN): refused with the reasons when it breaks a cap; audited; loans keep their own version',
        body: productDraftSchema,
        response: { 201: productVersionResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createProductVersion(deps, requireRole(request, ADMIN), request.body, { ip: request.ip })),
  );
}
