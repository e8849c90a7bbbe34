import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireRole } from '../../http/session';
import { backofficeApi as api } from '../../../shared/api/backoffice';
import { auditPage, createProduct, createProductVersion, productList, retireProduct, settings, updateCompany } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

const ADMIN = ['ADMIN'] as const;

/** The back office's audit log (OFFICER, ADMIN) and settings (ADMIN only) under /api/admin. Contracts: src/shared/api/backoffice.ts. */
export async function backofficeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.audit, async (request) => {
    return auditPage(deps, requireRole(request, STAFF_ROLES), request.query);
  });
  registerRoute(app, api.settings, async (request) => {
    requireRole(request, ADMIN);
    return settings(deps);
  });
  registerRoute(app, api.company, async (request) => updateCompany(deps, requireRole(request, ADMIN), request.body, requestOrigin(request)));
  registerRoute(app, api.product, async (request, reply) =>
    reply.code(201).send(await createProductVersion(deps, requireRole(request, ADMIN), request.body, requestOrigin(request))),
  );
  registerRoute(app, api.products, async (request) => {
    requireRole(request, ADMIN);
    return productList(deps);
  });
  registerRoute(app, api.productVersion, async (request, reply) =>
    reply.code(201).send(await createProductVersion(deps, requireRole(request, ADMIN), request.body, requestOrigin(request), request.params.code)),
  );
  registerRoute(app, api.createProduct, async (request, reply) =>
    reply.code(201).send(await createProduct(deps, requireRole(request, ADMIN), request.body, requestOrigin(request))),
  );
  registerRoute(app, api.retireProduct, async (request, reply) =>
    reply.code(201).send(await retireProduct(deps, requireRole(request, ADMIN), request.params.code, requestOrigin(request))),
  );
}
