import type { TFunction } from 'i18next';
import type { LoanView } from '../../../shared/schemas/loans';

/** A timeline entry as one sentence in the reader's language: the member's own action, a named person's, or the system's. */
export function timelineEntryText(t: TFunction, entry: Pick<LoanView['timeline'][number], 'action' | 'actor' | 'actorName'>): string {
  const base = `loans.status.entries.${entry.action}`;
  if (entry.actor === 'PERSON' && entry.actorName !== null) return t(`${base}.person`, { name: entry.actorName });
  return t(entry.actor === 'YOU' ? `${base}.you` : `${base}.system`);
}
