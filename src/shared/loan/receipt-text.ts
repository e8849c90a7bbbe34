import type { ReceiptDto } from '../schemas/repayments';
import { text, type CatalogueText } from '../i18n/text';

/**
 * A receipt's words as catalogue texts, one home for the on-screen receipt (ReceiptView, rendered
 * with t()) and the receipt PDF (rendered with renderIn in the borrower's language): where each
 * part of a payment went (which instalment, its due date, why, which part of it) and, when part of
 * it went beyond what was due next, where the borrower chose it to go. `longDate` shows an instalment's
 * due date ("2026-12-26") in the reader's language.
 */
export function allocationText(a: ReceiptDto['allocations'][number], longDate: (isoDate: string) => string): CatalogueText {
  return text(`servicing.receipt.purpose.${a.purpose}`, {
    number: a.lineNumber,
    date: a.dueDate ? longDate(a.dueDate) : '',
    part: text(`repayments.component.${a.component}`),
  });
}

/** Where the amount above what was due next went, as chosen at review; null when nothing went beyond it. */
export function excessText(receipt: Pick<ReceiptDto, 'allocations' | 'excess'>): CatalogueText | null {
  if (!receipt.allocations.some((a) => a.purpose === 'AHEAD' || a.purpose === 'REDUCE_PRINCIPAL')) return null;
  return text(`servicing.receipt.excess.${receipt.excess}`);
}
