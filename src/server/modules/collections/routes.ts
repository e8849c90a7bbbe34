import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireRole } from '../../http/session';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  adminServicingStaffResponseSchema,
  collectionsQuerySchema,
  collectionsResponseSchema,
  loanNoteRequestSchema,
  loanNoteResponseSchema,
  loanNotesResponseSchema,
  loanRemindersResponseSchema,
  notesQuerySchema,
  portfolioResponseSchema,
  remindersQuerySchema,
} from '../../../shared/schemas/collections';
import { addNote, listNotes, listReminders, servicingStaff } from './notes';
import { portfolio } from './portfolio';
import { collectionsQueue } from './queue';

const STAFF = STAFF_ROLES;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const loanParams = z.object({ loanId: z.string().max(64) });

/**
 * The back office's collections (issue 10, item 7; OFFICER and ADMIN): the queue of loans past due
 * by days-past-due bucket, a loan's internal notes and reminders, who acted on its payments and
 * charges, and the portfolio from the ledger. Reads, except a note (audited).
 */
export async function collectionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/admin/collections',
    {
      schema: {
        tags,
        summary: 'Loans past due, most days past due first, by bucket (D1_30, D31_60, D61_90, OVER_90), with amounts and last contact; keyset pages',
        querystring: collectionsQuerySchema,
        response: { 200: collectionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return collectionsQueue(deps, request.query);
    },
  );

  r.get(
    '/admin/portfolio',
    {
      schema: {
        tags,
        summary: 'Outstanding principal, collected this Philippine month, PAR30 (from the ledger) and loans by state',
        response: { 200: portfolioResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return portfolio(deps);
    },
  );

  r.get(
    '/admin/loans/:loanId/notes',
    {
      schema: {
        tags,
        summary: "A loan's internal notes, newest first (back office only; keyset pages)",
        params: loanParams,
        querystring: notesQuerySchema,
        response: { 200: loanNotesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return listNotes(deps, request.params.loanId, request.query);
    },
  );

  r.post(
    '/admin/loans/:loanId/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note to a loan (never shown to the member; audited; not on an own or related loan)',
        params: loanParams,
        body: loanNoteRequestSchema,
        response: { 201: loanNoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addNote(deps, requireRole(request, STAFF), request.params.loanId, request.body, { ip: request.ip })),
  );

  r.get(
    '/admin/loans/:loanId/reminders',
    {
      schema: {
        tags,
        summary: 'The reminders sent to the borrower about a loan, newest first (keyset pages)',
        params: loanParams,
        querystring: remindersQuerySchema,
        response: { 200: loanRemindersResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return listReminders(deps, request.params.loanId, request.query);
    },
  );

  r.get(
    '/admin/loans/:loanId/servicing/staff',
    {
      schema: {
        tags,
        summary: 'Who recorded and approved each officer payment and who asked for or gave each waiver; the member; the maker-checker thresholds',
        params: loanParams,
        response: { 200: adminServicingStaffResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF);
      return servicingStaff(deps, request.params.loanId);
    },
  );
}
