import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  adminFailedSchema,
  adminPaidSchema,
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalRowSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  withdrawalConfirmSchema,
  withdrawalListSchema,
  withdrawalOptionsSchema,
  withdrawalRequestSchema,
  withdrawalViewSchema,
} from '../../../shared/schemas/withdrawals';
import { markFailed, markPaid, queue, reconciliation } from './admin';
import { cancelWithdrawal, confirmWithdrawal, getWithdrawal, listWithdrawals, options, requestWithdrawal, resendCode } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

const STAFF = STAFF_ROLES;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });
const params = z.object({ id: z.string().max(64) });

/**
 * Withdrawals (issue 5): the member's under /api/withdrawals (identity from the session), the back
 * office under /api/admin/withdrawals (OFFICER and ADMIN).
 */
export async function withdrawalsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];

  r.get(
    '/withdrawals/options',
    {
      schema: {
        tags,
        summary: 'Available balance, fee (always 0.00), channels and limits, the payout account masked, and any 24-hour hold',
        response: { 200: withdrawalOptionsSchema, ...errors },
      },
    },
    async (request) => options(deps, requireUser(request).userId),
  );

  r.post(
    '/withdrawals',
    {
      schema: {
        tags,
        summary: 'Ask to withdraw (Idempotency-Key header required): holds the amount and sends a 6-digit code by SMS',
        headers: idempotencyHeader,
        body: withdrawalRequestSchema,
        response: { 201: withdrawalViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await requestWithdrawal(deps, auth, request.body, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.get(
    '/withdrawals',
    { schema: { tags, summary: "The member's withdrawals, newest first", response: { 200: withdrawalListSchema, ...errors } } },
    async (request) => listWithdrawals(deps, requireUser(request).userId),
  );

  r.get(
    '/withdrawals/:id',
    { schema: { tags, summary: 'One of the member’s withdrawals (any other id: 404)', params, response: { 200: withdrawalViewSchema, ...errors } } },
    async (request) => getWithdrawal(deps, requireUser(request).userId, request.params.id),
  );

  r.post(
    '/withdrawals/:id/code',
    { schema: { tags, summary: 'Send a new code for this withdrawal (at most one a minute)', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await resendCode(deps, requireMember(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/withdrawals/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm with the code (Idempotency-Key header required): checked on the server, then the payout is submitted (PROCESSING)',
        params,
        headers: idempotencyHeader,
        body: withdrawalConfirmSchema,
        response: { 200: withdrawalViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await confirmWithdrawal(deps, auth, request.params.id, request.body.code, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.post(
    '/withdrawals/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel before confirming: the amount returns to the wallet at once',
        params,
        response: { 200: withdrawalViewSchema, ...errors },
      },
    },
    async (request) => cancelWithdrawal(deps, requireMember(request), request.params.id),
  );

  // Back office ---------------------------------------------------------------------------------
  const admin = ['admin'];

  r.get(
    '/admin/withdrawals',
    {
      schema: {
        tags: admin,
        summary: 'The withdrawals queue by status, oldest first',
        querystring: adminWithdrawalQuerySchema,
        response: { 200: adminWithdrawalListSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return queue(deps, request.query);
    },
  );

  r.get(
    '/admin/withdrawals/reconciliation',
    {
      schema: {
        tags: admin,
        summary: 'A Philippine day’s withdrawals by status against the ledger',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return reconciliation(deps, request.query.date);
    },
  );

  r.post(
    '/admin/withdrawals/:id/paid',
    {
      schema: {
        tags: admin,
        summary: 'Manual payout mode: mark a PROCESSING payout paid with the bank reference',
        params,
        body: adminPaidSchema,
        response: { 200: adminWithdrawalRowSchema, ...errors },
      },
    },
    async (request) => markPaid(deps, requireRole(request, STAFF), request.params.id, request.body.bankReference, { ip: request.ip }),
  );

  r.post(
    '/admin/withdrawals/:id/failed',
    {
      schema: {
        tags: admin,
        summary:
          'Manual payout mode: mark a PROCESSING payout failed with a reason code of the catalogue (and an optional internal note); the amount returns to the wallet',
        params,
        body: adminFailedSchema,
        response: { 200: adminWithdrawalRowSchema, ...errors },
      },
    },
    async (request) => markFailed(deps, requireRole(request, STAFF), request.params.id, request.body, { ip: request.ip }),
  );
}
