import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireMember, requireRole } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { adminReferralsResponseSchema, myReferralResponseSchema } from '../../../shared/schemas/referrals';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { listReferrals, myReferral } from './service';

/** Referral codes: the member's own code and count; staff see who referred whom. */
export async function referralRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/member/referral',
    {
      schema: {
        tags: ['member'],
        summary: "The activated member's referral code and how many joined with it (no names)",
        response: { 200: myReferralResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => myReferral(deps, requireMember(request)),
  );
  r.get(
    '/admin/referrals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who referred whom, newest first (OFFICER, ADMIN)',
        response: { 200: adminReferralsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return listReferrals(deps);
    },
  );
}
