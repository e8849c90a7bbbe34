/** What pages and other features may use of the backoffice feature (its entry point; the rest is internal). */
export { ProductDraftForm } from './ProductDraftForm';
export { ProductVersionForm } from './ProductVersionForm';
export { ReasonSelect } from './ReasonSelect';
export { MarkDialog } from './withdrawal/MarkDialog';
export { WITHDRAWAL_COLUMNS, WithdrawalQueueRow } from './withdrawal/QueueRow';
export type { Mark as WithdrawalMark } from './withdrawal/mark';
export { AUDIT_FILTERS, auditDetails, auditKeys, auditQuery, auditQueryString } from './audit';
export { ExtensionReview, LoanExtensionNotice, useWaitingExtensions } from './extension/ExtensionReview';
export { ActionsCard } from './loan/ActionsCard';
export { Assessment } from './loan/Assessment';
export { DecisionDialog } from './loan/DecisionDialog';
export { LoanHeader } from './loan/LoanHeader';
export { DocumentsCard, MemberCards } from './loan/MemberCards';
export { TimelineCard } from './loan/TimelineCard';
export { useAdminLoan, useLoanAction } from './loan/queries';
export type { LoanAction } from './loan/queries';
export { adminKeys, ageText } from './queries';
export type { AdminQueue } from './queries';
