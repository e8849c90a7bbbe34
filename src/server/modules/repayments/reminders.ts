import { daysBetween } from '../../../shared/loan/dates';

/** The daily pass's reminders and its counts, shared by the set-based pass and its per-loan reference. */

export type ReminderTemplate = 'DUE_IN_3_DAYS' | 'DUE_TODAY' | 'OVERDUE_1_DAY' | 'OVERDUE_WEEKLY';

export interface ServicingPassResult {
  readonly days: number;
  readonly charges: number;
  readonly reminders: number;
  readonly transitions: number;
}

/** Which reminder a line gets on `day` (null: none). Weekly: 8, 15, 22, ... days past due. */
export function reminderFor(dueDate: string, day: string): ReminderTemplate | null {
  const until = daysBetween(day, dueDate);
  if (until === 3) return 'DUE_IN_3_DAYS';
  if (until === 0) return 'DUE_TODAY';
  if (until === -1) return 'OVERDUE_1_DAY';
  if (until <= -8 && (-until - 1) % 7 === 0) return 'OVERDUE_WEEKLY';
  return null;
}
