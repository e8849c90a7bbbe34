import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requireUser } from '../../http/session';
import { memberApi } from '../../../shared/api/member';
import { setMemberLanguage } from './service';

/**
 * PUT /api/member/language (any signed-in user, their own account from the session): the language
 * their SMS and e-mail are written in. The web app calls it when the member switches language;
 * registration and sign-in store the request's language too (identity module).
 */
export async function preferencesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, memberApi.language, async (request) => setMemberLanguage(deps, requireUser(request).userId, request.body));
}
