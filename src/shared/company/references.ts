/**
 * The numbers a borrower reads and quotes to the lender. A withdrawal's reference is the company's
 * short name, a dash and the withdrawal number (specification section 2, Settings > Withdrawal);
 * a loan's application number carries an L after the dash so the two never look alike on one page.
 */
const SIX_DIGITS = 6;

export function withdrawalReference(shortName: string, number: number): string {
  return `${shortName}-${String(number).padStart(SIX_DIGITS, '0')}`;
}

export function loanNumber(shortName: string, number: number): string {
  return `${shortName}-L${String(number).padStart(SIX_DIGITS, '0')}`;
}
