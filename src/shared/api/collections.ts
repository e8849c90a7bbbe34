import { z } from 'zod';
import {
  adminServicingStaffResponseSchema,
  collectionsQuerySchema,
  collectionsResponseSchema,
  loanNoteRequestSchema,
  loanNoteResponseSchema,
  loanNotesResponseSchema,
  loanRemindersResponseSchema,
  notesQuerySchema,
  portfolioQuerySchema,
  portfolioResponseSchema,
  remindersQuerySchema,
} from '../schemas/collections';
import { defineRoute } from './define';

const tags = ['admin'];
const loanParams = z.object({ loanId: z.string().max(64) });

/**
 * The back office's collections (OFFICER and ADMIN): the queue of loans past due,
 * a loan's internal notes and reminders, who acted on its payments and charges, the portfolio.
 */
export const collectionsApi = {
  queue: defineRoute({
    method: 'GET',
    path: '/admin/collections',
    summary:
      'Loans past due, most days past due first, by bucket (D1_30, D31_60, D61_90, OVER_90) and product (?product=SMALL), with amounts and last contact; keyset pages; totals by product',
    tags,
    auth: 'staff',
    query: collectionsQuerySchema,
    response: { 200: collectionsResponseSchema },
    errors: [],
  }),
  portfolio: defineRoute({
    method: 'GET',
    path: '/admin/portfolio',
    summary:
      'Outstanding principal, collected this Philippine month, PAR30 (from the ledger) and loans by state, of all loans or of one product (?product=SMALL); totals by product',
    tags,
    auth: 'staff',
    query: portfolioQuerySchema,
    response: { 200: portfolioResponseSchema },
    errors: [],
  }),
  notes: defineRoute({
    method: 'GET',
    path: '/admin/loans/:loanId/notes',
    summary: "A loan's internal notes, newest first (back office only; keyset pages)",
    tags,
    auth: 'staff',
    params: loanParams,
    query: notesQuerySchema,
    response: { 200: loanNotesResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/admin/loans/:loanId/notes',
    summary: 'Add an internal note to a loan (never shown to the member; audited; not on an own or related loan)',
    tags,
    auth: 'staff',
    params: loanParams,
    body: loanNoteRequestSchema,
    response: { 201: loanNoteResponseSchema },
    errors: ['NOT_FOUND', 'CONFLICT_OF_INTEREST'],
  }),
  reminders: defineRoute({
    method: 'GET',
    path: '/admin/loans/:loanId/reminders',
    summary: 'The reminders sent to the borrower about a loan, newest first (keyset pages)',
    tags,
    auth: 'staff',
    params: loanParams,
    query: remindersQuerySchema,
    response: { 200: loanRemindersResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  servicingStaff: defineRoute({
    method: 'GET',
    path: '/admin/loans/:loanId/servicing/staff',
    summary: 'Who recorded and approved each officer payment and who asked for or gave each waiver; the member; the maker-checker thresholds',
    tags,
    auth: 'staff',
    params: loanParams,
    response: { 200: adminServicingStaffResponseSchema },
    errors: ['NOT_FOUND'],
  }),
};
