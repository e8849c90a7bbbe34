import type { z } from 'zod';
import type { adminQueueResponseSchema } from '../../../shared/schemas/loans';

export type AdminQueue = z.infer<typeof adminQueueResponseSchema>;

export const adminKeys = {
  queue: (status: string) => ['admin', 'loans', status] as const,
  loan: (id: string) => ['admin', 'loan', id] as const,
};

/** Minutes as "35 min", "5 h", "3 d". */
export function ageText(minutes: number, t: (key: string, options: { count: number }) => string): string {
  if (minutes < 60) return t('loans.admin.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('loans.admin.hours', { count: Math.floor(minutes / 60) });
  return t('loans.admin.days', { count: Math.floor(minutes / 1440) });
}
