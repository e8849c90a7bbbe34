import type { DisclosureDto } from '../schemas/loans';
import { isFeeKind } from './fees';
import { text, type CatalogueText } from '../i18n/text';

/**
 * A finance charge's words as a catalogue text, in the reader's language when rendered (the page
 * with t(), the PDF with renderIn): the interest line from the statement's rate and term, a fee by
 * its kind. A charge of another code keeps the label it was issued with.
 */
export function financeChargeText(
  d: Pick<DisclosureDto, 'interestModel' | 'nominalMonthlyRatePercent' | 'termMonths'>,
  charge: Pick<DisclosureDto['financeCharges'][number], 'code' | 'label'>,
): CatalogueText | string {
  if (charge.code === 'INTEREST') return text(`loans.disclosure.interestLine.${d.interestModel}`, { rate: d.nominalMonthlyRatePercent, months: d.termMonths });
  if (isFeeKind(charge.code)) return text(`loans.disclosure.feeKinds.${charge.code}`);
  return charge.label;
}
