import type { AppDeps } from '../../deps';
import { loanNumberOf, type LoanRow } from '../../domain/loans/repository';
import { asLanguage, messageText } from '../../providers/notify';
import { daysBetween } from '../../../shared/loan/dates';
import { loanFigures } from '../../../shared/loan/figures';
import { isOverdue, lineRemainder } from '../../../shared/loan/servicing';
import { formatAmount } from '../../../shared/money/money';
import type { ServicingState } from './core';
import { REMINDER_DAYS_AFTER_DUE, REMINDER_DAYS_BEFORE_DUE } from '../../../shared/notify/reminder-days';

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
  if (until === REMINDER_DAYS_BEFORE_DUE) return 'DUE_IN_3_DAYS';
  if (until === 0) return 'DUE_TODAY';
  if (until === -REMINDER_DAYS_AFTER_DUE) return 'OVERDUE_1_DAY';
  if (until <= -8 && (-until - 1) % 7 === 0) return 'OVERDUE_WEEKLY';
  return null;
}

export interface PlannedReminder {
  readonly loanId: string;
  readonly lineNumber: number;
  readonly template: ReminderTemplate;
  readonly day: string;
  readonly recipient: string;
  readonly language: string;
  readonly body: string;
}

/**
 * The reminders of one loan on `day`, at most REMINDERS_PER_DAY less `alreadySent`: one per line by
 * reminderFor, a line short within the arrears tolerance (decision 069) getting no overdue notice,
 * one weekly notice a loan about everything past due (the figure of shared/loan/figures.ts), each
 * in the member's language to the member's own phone (DECISIONS.md invariants 9, 10).
 */
export function planReminders(
  deps: AppDeps,
  loan: LoanRow,
  day: string,
  state: ServicingState,
  member: { phone: string; language: string },
  alreadySent: number,
): PlannedReminder[] {
  let room = deps.config.servicing.remindersPerDay - alreadySent;
  const out: PlannedReminder[] = [];
  if (room <= 0) return out;
  const language = asLanguage(member.language);
  const overdueTotal = loanFigures(state.lines, state.openCharges, day, state.arrearsTolerance).pastDue;
  const overdueLines = new Set(state.lines.filter((l) => isOverdue(l, day, state.arrearsTolerance)).map((l) => l.number));
  const chargesOwed = state.openCharges.some((c) => c.outstanding > 0n);
  let weeklySent = false;
  for (const line of state.lines) {
    if (room <= 0) break;
    const owed = lineRemainder(line).total;
    if (owed <= 0n) continue;
    const template = reminderFor(line.dueDate, day);
    if (!template) continue;
    if (template === 'OVERDUE_1_DAY' && !overdueLines.has(line.number)) continue;
    if (template === 'OVERDUE_WEEKLY' && overdueLines.size === 0 && !chargesOwed) continue;
    if (template === 'OVERDUE_WEEKLY') {
      if (weeklySent) continue;
      weeklySent = true;
    }
    const amount = template === 'OVERDUE_WEEKLY' ? overdueTotal : owed;
    const body = messageText(language, `repayments.sms.${template}`, {
      company: deps.config.company.shortName,
      line: line.number,
      amount: formatAmount(amount),
      loan: loanNumberOf(deps, loan.number),
      due: line.dueDate,
      grace: state.product.penalties.graceDays,
    });
    out.push({ loanId: loan.id, lineNumber: line.number, template, day, recipient: member.phone, language, body });
    room -= 1;
  }
  return out;
}
