import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requireMember, requireRole } from '../../http/session';
import { memberApi } from '../../../shared/api/member';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { listReferrals, myReferral } from './service';

/** Referral codes: the member's own code and count; staff see who referred whom. */
export async function referralRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, memberApi.referral, async (request) => myReferral(deps, requireMember(request)));
  registerRoute(app, memberApi.adminReferrals, async (request) => {
    requireRole(request, STAFF_ROLES);
    return listReferrals(deps);
  });
}
