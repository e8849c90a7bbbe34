import type { DisclosureDto } from '../schemas/loans';
import { text, type CatalogueText } from '../i18n/text';

/**
 * How often a statement's instalments fall due (docs/decisions/084), as a catalogue text for the
 * page (t()) and the PDF (renderIn): twice a month on paydays, monthly on the day picked, or monthly
 * on the payout's day of the month (a statement that states neither field).
 */
export function scheduleText(d: Pick<DisclosureDto, 'frequency' | 'dueDay'>): CatalogueText {
  if (d.frequency === 'SEMI_MONTHLY') return text('loans.disclosure.timingValue.SEMI_MONTHLY');
  if (d.dueDay !== undefined) return text('loans.disclosure.timingValue.MONTHLY_DAY', { day: d.dueDay });
  return text('loans.disclosure.timingValue.MONTHLY');
}

/** The label of the statement's regular instalment: monthly, or twice a month. */
export function instalmentLabelKey(
  d: Pick<DisclosureDto, 'frequency'>,
): 'loans.disclosure.regularInstalment' | 'loans.disclosure.regularInstalmentSemiMonthly' {
  return d.frequency === 'SEMI_MONTHLY' ? 'loans.disclosure.regularInstalmentSemiMonthly' : 'loans.disclosure.regularInstalment';
}
