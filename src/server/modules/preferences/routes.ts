import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { memberLanguageSchema } from '../../../shared/schemas/language';
import { setMemberLanguage } from './service';

/**
 * PUT /api/member/language (any signed-in user, their own account from the session): the language
 * their SMS and e-mail are written in. The web app calls it when the member switches language;
 * registration and sign-in store the request's language too (identity module).
 */
export async function preferencesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/member/language',
    {
      schema: {
        tags: ['member'],
        summary: "Set the language of the member's SMS and e-mail (en or fil)",
        body: memberLanguageSchema,
        response: { 200: memberLanguageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => setMemberLanguage(deps, requireUser(request).userId, request.body),
  );
}
