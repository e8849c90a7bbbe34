import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  adminLoanDetailSchema,
  adminLoanResponseSchema,
  adminQueueQuerySchema,
  adminQueueResponseSchema,
  acceptOfferRequestSchema,
  approveRequestSchema,
  cancelRequestSchema,
  contractCodeResponseSchema,
  contractResponseSchema,
  currentLoanResponseSchema,
  disburseRequestSchema,
  disburseResponseSchema,
  loanApplicationRequestSchema,
  loanApplicationResponseSchema,
  loanResponseSchema,
  quoteQuerySchema,
  quoteResponseSchema,
  rejectRequestSchema,
  reviewRequestSchema,
  signRequestSchema,
  signResponseSchema,
} from '../../../shared/schemas/loans';
import { approve, detail, disburse, queue, reject, startReview } from './admin';
import { acceptOffer, apply, cancel, current, quote } from './service';
import { documentPdf, getContract, requestSigningCode, sign } from './signing';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { languageOf } from '../../http/language';

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

function sendPdf(reply: FastifyReply, pdf: { bytes: Uint8Array; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.bytes));
}

/**
 * Loans: the borrower's application, loan, contract and documents under /api/loans (identity from the
 * session), and the back office under /api/admin/loans (OFFICER and ADMIN).
 */
export async function loansRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['loans'];

  r.post(
    '/loans/applications',
    {
      schema: {
        tags,
        summary: 'Apply for a loan (Idempotency-Key header required); answers LOAN_CREATED with the instant automated pre-assessment',
        headers: idempotencyHeader,
        body: loanApplicationRequestSchema,
        response: { 201: loanApplicationResponseSchema, 200: loanApplicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireMember(request);
      const key = readIdempotencyKey(request);
      const answer = await apply(deps, auth, request.body, key);
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  r.get(
    '/loans/current',
    {
      schema: {
        tags,
        summary: "The member's open loan, else the latest one, else null: status, disclosure, schedule, timeline",
        response: { 200: currentLoanResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => current(deps, requireUser(request).userId),
  );

  r.get(
    '/loans/quote',
    {
      schema: {
        tags,
        summary: 'The disclosure statement of an amount and term under the current product (anyone may ask)',
        querystring: quoteQuerySchema,
        response: { 200: quoteResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => quote(deps, request.query),
  );

  r.post(
    '/loans/current/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the application (before the contract is signed)',
        body: cancelRequestSchema,
        response: { 200: loanResponseSchema, ...errors },
      },
    },
    async (request) => cancel(deps, requireMember(request), request.body?.reason),
  );

  r.post(
    '/loans/current/accept-offer',
    {
      schema: {
        tags,
        summary: 'Accept the counter-offer (a lower amount or a shorter term than applied for) exactly as shown; signing waits for it',
        body: acceptOfferRequestSchema,
        response: { 200: loanResponseSchema, ...errors },
      },
    },
    async (request) => acceptOffer(deps, requireMember(request), request.body),
  );

  r.get(
    '/loans/current/contract',
    {
      schema: {
        tags,
        summary: 'The LOAN CONTRACT AGREEMENT and the final disclosure statement: to sign, or as signed',
        response: { 200: contractResponseSchema, ...errors },
      },
    },
    async (request) => getContract(deps, requireUser(request).userId),
  );

  r.post(
    '/loans/current/contract/code',
    { schema: { tags, summary: "Send a CONTRACT_SIGNING code by SMS to the member's phone", response: { 200: contractCodeResponseSchema, ...errors } } },
    async (request) => requestSigningCode(deps, requireMember(request)),
  );

  r.post(
    '/loans/current/contract/sign',
    {
      schema: {
        tags,
        summary: 'Sign the contract with the code: stores the documents with their SHA-256; CONTRACT_SIGNED',
        body: signRequestSchema,
        response: { 200: signResponseSchema, ...errors },
      },
    },
    async (request) => sign(deps, requireMember(request), request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  for (const which of ['contract', 'disclosure'] as const) {
    r.get(
      `/loans/current/${which}.pdf`,
      {
        schema: {
          tags,
          summary: `The ${which === 'contract' ? 'contract' : 'disclosure statement'} as PDF (signed, or a preview marked as such)`,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) => {
        const pdf = await documentPdf(deps, requireUser(request), which, languageOf(request.headers['accept-language']));
        return sendPdf(reply, pdf);
      },
    );
  }

  // Back office ---------------------------------------------------------------------------------
  const admin = ['admin'];
  const loanParams = z.object({ loanId: z.string().max(64) });

  r.get(
    '/admin/loans',
    {
      schema: {
        tags: admin,
        summary: 'The queue of applications by status, oldest first',
        querystring: adminQueueQuerySchema,
        response: { 200: adminQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return queue(deps, request.query);
    },
  );

  r.get(
    '/admin/loans/:loanId',
    {
      schema: {
        tags: admin,
        summary: 'An application: member profile and references, pre-assessment, disclosure, timeline, permitted actions',
        params: loanParams,
        response: { 200: adminLoanDetailSchema, ...errors },
      },
    },
    async (request) => detail(deps, requireRole(request, STAFF), request.params.loanId, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  r.post(
    '/admin/loans/:loanId/review',
    {
      schema: {
        tags: admin,
        summary: 'Start the review (PENDING -> UNDER_REVIEW)',
        params: loanParams,
        body: reviewRequestSchema,
        response: { 200: adminLoanResponseSchema, ...errors },
      },
    },
    async (request) => startReview(deps, requireRole(request, STAFF), request.params.loanId, request.body?.note, { ip: request.ip }),
  );

  r.post(
    '/admin/loans/:loanId/approve',
    {
      schema: {
        tags: admin,
        summary:
          'Approve with an offer (amount and term may be lowered within the product, with a reason code of the catalogue); tells the borrower by SMS and e-mail',
        params: loanParams,
        body: approveRequestSchema,
        response: { 200: adminLoanResponseSchema, ...errors },
      },
    },
    async (request) => approve(deps, requireRole(request, STAFF), request.params.loanId, request.body, { ip: request.ip }),
  );

  r.post(
    '/admin/loans/:loanId/reject',
    {
      schema: {
        tags: admin,
        summary: 'Reject with a reason code of the catalogue (the borrower reads its text) and an optional internal note',
        params: loanParams,
        body: rejectRequestSchema,
        response: { 200: adminLoanResponseSchema, ...errors },
      },
    },
    async (request) => reject(deps, requireRole(request, STAFF), request.params.loanId, request.body, { ip: request.ip }),
  );

  r.post(
    '/admin/loans/:loanId/disburse',
    {
      schema: {
        tags: admin,
        summary: 'Disburse a signed loan into the member wallet (Idempotency-Key header required; maker-checker)',
        params: loanParams,
        headers: idempotencyHeader,
        body: disburseRequestSchema,
        response: { 200: disburseResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, STAFF);
      const key = readIdempotencyKey(request);
      const answer = await disburse(deps, staff, request.params.loanId, key, request.body?.note, { ip: request.ip });
      return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );
}
