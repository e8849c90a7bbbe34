import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  chargeResponseSchema,
  officerPaymentRequestSchema,
  paymentRequestSchema,
  payoffQuoteResponseSchema,
  payoffRequestSchema,
  receiptResponseSchema,
  servicingResponseSchema,
  waiveRequestSchema,
} from '../../../shared/schemas/repayments';
import { adminServicing, approvePayment, approveWaiver, recordPayment, waiveCharge } from './admin';
import { memberReceiptPdf } from './receipts';
import { currentServicing, payFromWallet, payoff, requestPayoffQuote } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

const STAFF = STAFF_ROLES;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });

function sendPdf(reply: FastifyReply, pdf: { bytes: Uint8Array; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.bytes));
}

/**
 * Loan servicing (issue 10): the borrower's schedule, payments and payoff under /api/loans/current
 * (identity from the session), and the back office's payments and waivers under /api/admin/loans.
 */
export async function repaymentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['repayments'];

  r.get(
    '/loans/current/servicing',
    {
      schema: {
        tags,
        summary: "The member's disbursed loan: schedule with line statuses, totals, charges with how computed, payments with allocations, history",
        response: { 200: servicingResponseSchema, ...errors },
      },
    },
    async (request) => currentServicing(deps, requireUser(request).userId),
  );

  r.post(
    '/loans/current/payments',
    {
      schema: {
        tags,
        summary:
          'Pay from the wallet (Idempotency-Key header required): late charges, interest, principal of due lines, oldest first; any excess prepays principal',
        headers: idempotencyHeader,
        body: paymentRequestSchema,
        response: { 201: receiptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await payFromWallet(deps, auth, request.body, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.post(
    '/loans/current/payoff-quote',
    {
      schema: {
        tags,
        summary: 'A payoff quote for today (RA 11765, actuarial rebate), valid to the end of the Philippine day',
        response: { 200: payoffQuoteResponseSchema, ...errors },
      },
    },
    async (request) => requestPayoffQuote(deps, requireMember(request)),
  );

  r.post(
    '/loans/current/payoff',
    {
      schema: {
        tags,
        summary: 'Pay a payoff quote from the wallet and close the loan (Idempotency-Key header required)',
        headers: idempotencyHeader,
        body: payoffRequestSchema,
        response: { 201: receiptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await payoff(deps, auth, request.body.quoteId, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.get(
    '/loans/current/payments/:paymentId/receipt.pdf',
    {
      schema: {
        tags,
        summary: "The receipt of one of the member's own payments as PDF: reference, allocation per line and part, remaining balance",
        params: z.object({ paymentId: z.string().max(64) }),
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => sendPdf(reply, await memberReceiptPdf(deps, requireMember(request), request.params.paymentId)),
  );

  // Back office ---------------------------------------------------------------------------------
  const admin = ['admin'];
  const loanParams = z.object({ loanId: z.string().max(64) });

  r.get(
    '/admin/loans/:loanId/servicing',
    {
      schema: {
        tags: admin,
        summary: "A loan's servicing view (schedule, charges, payments, history)",
        params: loanParams,
        response: { 200: servicingResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return adminServicing(deps, request.params.loanId);
    },
  );

  r.post(
    '/admin/loans/:loanId/payments',
    {
      schema: {
        tags: admin,
        summary:
          'Record a payment received in cash or by bank transfer (Idempotency-Key header required); above the approval threshold it waits for a second officer (202)',
        params: loanParams,
        headers: idempotencyHeader,
        body: officerPaymentRequestSchema,
        response: { 201: receiptResponseSchema, 202: receiptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, STAFF);
      const key = readIdempotencyKey(request);
      const answer = await recordPayment(deps, staff, request.params.loanId, request.body, key, { ip: request.ip });
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.post(
    '/admin/loans/:loanId/payments/:paymentId/approve',
    {
      schema: {
        tags: admin,
        summary: 'Approve a payment recorded by another officer above the threshold (maker-checker)',
        params: z.object({ loanId: z.string().max(64), paymentId: z.string().max(64) }),
        response: { 200: receiptResponseSchema, ...errors },
      },
    },
    async (request) => approvePayment(deps, requireRole(request, STAFF), request.params.loanId, request.params.paymentId, { ip: request.ip }),
  );

  r.post(
    '/admin/loans/:loanId/charges/:chargeId/waive',
    {
      schema: {
        tags: admin,
        summary:
          'Waive what is owed on a late charge, with a reason code from the fixed catalogue (audited); above WAIVER_APPROVAL_THRESHOLD it waits for a second officer (202)',
        params: z.object({ loanId: z.string().max(64), chargeId: z.string().max(64) }),
        body: waiveRequestSchema,
        response: { 200: chargeResponseSchema, 202: chargeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await waiveCharge(deps, requireRole(request, STAFF), request.params.loanId, request.params.chargeId, request.body, { ip: request.ip });
      return reply.code(answer.status).send(answer.body);
    },
  );

  r.post(
    '/admin/loans/:loanId/charges/:chargeId/waive/approve',
    {
      schema: {
        tags: admin,
        summary: 'Approve a waiver another officer asked for above WAIVER_APPROVAL_THRESHOLD (maker-checker; audited)',
        params: z.object({ loanId: z.string().max(64), chargeId: z.string().max(64) }),
        response: { 200: chargeResponseSchema, ...errors },
      },
    },
    async (request) => approveWaiver(deps, requireRole(request, STAFF), request.params.loanId, request.params.chargeId, { ip: request.ip }),
  );
}
