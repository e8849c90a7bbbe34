import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { readIdempotencyKey } from '../../http/idempotency';
import { requireMember, requireRole } from '../../http/session';
import { parseXenditPaymentCallback } from '../../providers/collections';
import { ProviderError, tokenMatches } from '../../providers/xendit/http';
import { channelPayments as texts } from '../../../shared/i18n/en/channel-payments';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  callbackAnswerSchema,
  channelPaymentListSchema,
  channelPaymentRequestSchema,
  channelPaymentResponseSchema,
  channelEventsQuerySchema,
  channelEventsResponseSchema,
} from '../../../shared/schemas/channel-payments';
import { createChannelPayment, listChannelEvents, listChannelPayments, receiveConfirmation } from './channel';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
};

/**
 * Paying a loan through a payment channel (docs/decisions/013-payment-channels.md): the member's
 * payment references under /api/loans/current/channel-payments (identity from the session; staff
 * refused), and the provider's callback, verified by its token (no session).
 */
export async function channelPaymentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['repayments'];

  r.get(
    '/loans/current/channel-payments',
    {
      schema: {
        tags,
        summary: "The member's payment references (newest first, at most 20) with their status, and the provider in use",
        response: { 200: channelPaymentListSchema, ...errors },
      },
    },
    async (request) => listChannelPayments(deps, requireMember(request).userId),
  );

  r.post(
    '/loans/current/channel-payments',
    {
      schema: {
        tags,
        summary:
          'A payment reference for an amount of the loan (Idempotency-Key header required): a virtual account, an e-wallet checkout or an over-the-counter code, with its expiry. Same amount rules as a wallet payment; one open reference at a time.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: channelPaymentRequestSchema,
        response: { 200: channelPaymentResponseSchema, 201: channelPaymentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await createChannelPayment(deps, auth.userId, request.body, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.post(
    '/callbacks/xendit/payments',
    {
      schema: {
        tags: ['callbacks'],
        summary:
          "Xendit's payment callback (payment.succeeded, payment.failed, payment_request.expiry), verified by the x-callback-token header; every verified callback is recorded and answered 200, and a payment is applied at most once",
        headers: z.object({ 'x-callback-token': z.string().optional() }),
        body: z.unknown(),
        response: { 200: callbackAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const expected = deps.config.xendit?.callbackToken ?? '';
      if (!tokenMatches(request.headers['x-callback-token'], expected)) throw new AppError(401, 'CALLBACK_UNVERIFIED', texts.errors.callbackUnverified);
      let event;
      try {
        event = parseXenditPaymentCallback(request.body, deps.clock.now());
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(400, 'BAD_REQUEST', 'The request could not be read.');
        throw error;
      }
      if (!event) return { received: true as const, outcome: 'IGNORED' };
      const { outcome } = await receiveConfirmation(deps, event);
      return { received: true as const, outcome };
    },
  );

  r.get(
    '/admin/channel-payments/events',
    {
      schema: {
        tags: ['admin'],
        summary: "The payment provider's confirmations (callbacks and status polls) and what was done with each, newest first (cursor pagination)",
        querystring: channelEventsQuerySchema,
        response: { 200: channelEventsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, ['OFFICER', 'ADMIN']);
      return listChannelEvents(deps, request.query);
    },
  );
}
