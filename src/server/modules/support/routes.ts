import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { contactMessageSchema } from '../../../shared/schemas/contact';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { CONTACT_SENT_MESSAGE, sendContactMessage } from './service';

const contactResponseSchema = z.object({ message: z.string() });

/** The contact form of the help page. */
export async function supportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to support; answered only once it is stored',
        body: contactMessageSchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await sendContactMessage(deps, request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
      return reply.code(201).send({ message: CONTACT_SENT_MESSAGE });
    },
  );
}
