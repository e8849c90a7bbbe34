import type { z } from 'zod';
import type {
  adminServicingStaffResponseSchema,
  collectionsResponseSchema,
  loanNotesResponseSchema,
  loanRemindersResponseSchema,
  portfolioResponseSchema,
} from '../../../shared/schemas/collections';

export type CollectionsPage = z.infer<typeof collectionsResponseSchema>;
export type PortfolioDto = z.infer<typeof portfolioResponseSchema>;
export type NotesPage = z.infer<typeof loanNotesResponseSchema>;
export type RemindersPage = z.infer<typeof loanRemindersResponseSchema>;
export type ServicingStaff = z.infer<typeof adminServicingStaffResponseSchema>['staff'];

/** Query keys of the back office's collections pages: a change on a loan invalidates ['admin', 'servicing', id] and the queue. */
export const collectionsKeys = {
  queue: (bucket: string, product = '') => ['admin', 'collections', bucket, product] as const,
  portfolio: ['admin', 'portfolio'] as const,
  portfolioOf: (product: string) => ['admin', 'portfolio', product] as const,
  servicing: (loanId: string) => ['admin', 'servicing', loanId] as const,
  staff: (loanId: string) => ['admin', 'servicing', loanId, 'staff'] as const,
  notes: (loanId: string) => ['admin', 'servicing', loanId, 'notes'] as const,
  reminders: (loanId: string) => ['admin', 'servicing', loanId, 'reminders'] as const,
};
