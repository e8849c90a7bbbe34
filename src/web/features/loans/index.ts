/** What other features may use of the loans feature (its public surface; the rest is internal). */
export { ContractText } from './ContractText';
export { DisclosureView } from './DisclosureView';
export { loanKeys, useCurrentLoan } from './queries';
export { LoanPanel } from './LoanPanel';
export { timelineEntryText } from './timeline-entry';
