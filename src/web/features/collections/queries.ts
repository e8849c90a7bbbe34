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
  queue: (bucket: string) => ['admin', 'collections', bucket] as const,
  portfolio: ['admin', 'portfolio'] as const,
  servicing: (loanId: string) => ['admin', 'servicing', loanId] as const,
  staff: (loanId: string) => ['admin', 'servicing', loanId, 'staff'] as const,
  notes: (loanId: string) => ['admin', 'servicing', loanId, 'notes'] as const,
  reminders: (loanId: string) => ['admin', 'servicing', loanId, 'reminders'] as const,
};

/** A query string with the cursor of the next page when there is one. */
export function pageQuery(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const text = q.toString();
  return text ? `?${text}` : '';
}
