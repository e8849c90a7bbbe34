/**
 * The loan state machine and its fixed status catalogue (DECISIONS.md invariant 5: statuses come
 * from code, never from text typed by staff). Each state has the message, colour and icon the
 * borrower sees (specification section 3: colours info | success | warning | danger, ten icon
 * names), and optionally the Loan Statement card's text. Every transition is stored with actor,
 * time and reason (loan_events).
 */

import type { CompanyProfile } from '../company/profile';
import { supportChannels } from '../company/support';
import type { CatalogueText } from '../i18n/text';

export const LOAN_STATUSES = [
  'PENDING',
  'UNDER_REVIEW',
  'APPROVED',
  'CONTRACT_SIGNED',
  'DISBURSED',
  'ACTIVE',
  'OVERDUE',
  'REPAID',
  'REJECTED',
  'CANCELLED',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const STATUS_COLOURS = ['info', 'success', 'warning', 'danger'] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];

/** The specification's ten icon names (section 3, "Wallet details"). */
export const STATUS_ICONS = [
  'person-search',
  'check-circle',
  'error',
  'highlight-off',
  'update',
  'pause-circle',
  'query-builder',
  'currency-exchange',
  'lock-reset',
  'block',
] as const;
export type StatusIcon = (typeof STATUS_ICONS)[number];

export interface LoanStatusEntry {
  readonly status: LoanStatus;
  readonly colour: StatusColour;
  readonly icon: StatusIcon;
  /** The status has a Loan Statement card (statementShow): its title is loans.statusMessages.<STATUS>.statement. */
  readonly statement: boolean;
  /** The card has a text besides its title (loans.statusMessages.<STATUS>.statementMessage). */
  readonly statementMessage: boolean;
}

/** Each status's colour and icon; its words are in the catalogues (loans.statusMessages.<STATUS>), in every language. */
export const LOAN_STATUS_CATALOGUE: Readonly<Record<LoanStatus, LoanStatusEntry>> = {
  PENDING: { status: 'PENDING', colour: 'info', icon: 'query-builder', statement: true, statementMessage: true },
  UNDER_REVIEW: { status: 'UNDER_REVIEW', colour: 'info', icon: 'person-search', statement: true, statementMessage: true },
  APPROVED: { status: 'APPROVED', colour: 'success', icon: 'check-circle', statement: true, statementMessage: true },
  CONTRACT_SIGNED: { status: 'CONTRACT_SIGNED', colour: 'info', icon: 'update', statement: true, statementMessage: true },
  DISBURSED: { status: 'DISBURSED', colour: 'success', icon: 'currency-exchange', statement: false, statementMessage: false },
  ACTIVE: { status: 'ACTIVE', colour: 'success', icon: 'update', statement: false, statementMessage: false },
  OVERDUE: { status: 'OVERDUE', colour: 'warning', icon: 'error', statement: false, statementMessage: false },
  REPAID: { status: 'REPAID', colour: 'success', icon: 'check-circle', statement: false, statementMessage: false },
  REJECTED: { status: 'REJECTED', colour: 'danger', icon: 'highlight-off', statement: true, statementMessage: false },
  CANCELLED: { status: 'CANCELLED', colour: 'warning', icon: 'block', statement: false, statementMessage: false },
};

/** A status's words as catalogue texts: what the reader's language renders (the browser with t(), the server with renderIn). */
export interface LoanStatusTexts {
  readonly message: StatusText;
  readonly statement: StatusText | null;
  readonly statementMessage: StatusText | null;
}

/** A catalogue text whose values are plain strings (what an answer carries for the browser's t()). */
export interface StatusText extends CatalogueText {
  readonly values?: Readonly<Record<string, string>>;
}

/**
 * A status's message for the borrower, with the company's support channels where it names them
 * ({{support}}, from the company profile), and its Loan Statement card's title and text.
 */
export function loanStatusTexts(status: LoanStatus, company: Pick<CompanyProfile, 'supportEmail' | 'supportChatUrl' | 'officeHours'>): LoanStatusTexts {
  const entry = LOAN_STATUS_CATALOGUE[status];
  const key = `loans.statusMessages.${status}`;
  return {
    message: status === 'PENDING' ? { key: `${key}.message`, values: { support: supportChannels(company) } } : { key: `${key}.message` },
    statement: entry.statement ? { key: `${key}.statement` } : null,
    statementMessage: entry.statementMessage ? { key: `${key}.statementMessage` } : null,
  };
}

/** The i18n key of a status's short label (loans.statusLabel.<STATUS>), for staff screens and toasts. */
export function loanStatusLabelKey(status: LoanStatus): string {
  return `loans.statusLabel.${status}`;
}

/** States in which a loan is serviced: repaid on its schedule, charged, reminded (the repayments module). */
export const SERVICED_STATUSES = ['DISBURSED', 'ACTIVE', 'OVERDUE'] as const satisfies readonly LoanStatus[];

/** States in which a member has an open loan: at most one at a time (a partial unique index enforces it). */
export const OPEN_LOAN_STATUSES = [
  'PENDING',
  'UNDER_REVIEW',
  'APPROVED',
  'CONTRACT_SIGNED',
  'DISBURSED',
  'ACTIVE',
  'OVERDUE',
] as const satisfies readonly LoanStatus[];

export function isOpenStatus(status: LoanStatus): boolean {
  return (OPEN_LOAN_STATUSES as readonly LoanStatus[]).includes(status);
}

export const LOAN_ACTIONS = [
  'APPLY',
  'START_REVIEW',
  'APPROVE',
  'REJECT',
  'CANCEL',
  'ACCEPT_OFFER',
  'SIGN',
  'DISBURSE',
  'ACTIVATE',
  'REPAY',
  'FALL_OVERDUE',
  'CURE',
  'EXTEND',
] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];
export type LoanActor = 'MEMBER' | 'STAFF' | 'SYSTEM';

export interface LoanTransition {
  readonly from: LoanStatus | null;
  readonly to: LoanStatus;
  readonly action: LoanAction;
  readonly by: LoanActor;
  /** A reason code from the fixed catalogue (src/shared/reasons) is required; the borrower reads its text. */
  readonly reasonRequired?: boolean;
}

/** The allowed transitions, as data. Anything not listed is refused. */
export const LOAN_TRANSITIONS: readonly LoanTransition[] = [
  { from: null, to: 'PENDING', action: 'APPLY', by: 'MEMBER' },
  { from: 'PENDING', to: 'UNDER_REVIEW', action: 'START_REVIEW', by: 'STAFF' },
  { from: 'PENDING', to: 'REJECTED', action: 'REJECT', by: 'STAFF', reasonRequired: true },
  { from: 'PENDING', to: 'CANCELLED', action: 'CANCEL', by: 'MEMBER' },
  { from: 'UNDER_REVIEW', to: 'APPROVED', action: 'APPROVE', by: 'STAFF' },
  { from: 'UNDER_REVIEW', to: 'REJECTED', action: 'REJECT', by: 'STAFF', reasonRequired: true },
  { from: 'UNDER_REVIEW', to: 'CANCELLED', action: 'CANCEL', by: 'MEMBER' },
  // A counter-offer (less than applied for, or a shorter term) is accepted by the borrower before
  // signing; the status stays APPROVED and the acceptance is recorded like any transition.
  { from: 'APPROVED', to: 'APPROVED', action: 'ACCEPT_OFFER', by: 'MEMBER' },
  { from: 'APPROVED', to: 'CONTRACT_SIGNED', action: 'SIGN', by: 'MEMBER' },
  { from: 'APPROVED', to: 'CANCELLED', action: 'CANCEL', by: 'MEMBER' },
  { from: 'CONTRACT_SIGNED', to: 'DISBURSED', action: 'DISBURSE', by: 'STAFF' },
  // Servicing (docs/decisions/012-servicing.md): the daily job or the first payment activates a
  // disbursed loan; an instalment unpaid after its due date makes it OVERDUE until everything past
  // due is paid (CURE); paying everything owed closes it (REPAY).
  { from: 'DISBURSED', to: 'ACTIVE', action: 'ACTIVATE', by: 'SYSTEM' },
  { from: 'DISBURSED', to: 'REPAID', action: 'REPAY', by: 'SYSTEM' },
  { from: 'ACTIVE', to: 'REPAID', action: 'REPAY', by: 'SYSTEM' },
  { from: 'ACTIVE', to: 'OVERDUE', action: 'FALL_OVERDUE', by: 'SYSTEM' },
  { from: 'OVERDUE', to: 'ACTIVE', action: 'CURE', by: 'SYSTEM' },
  { from: 'OVERDUE', to: 'REPAID', action: 'REPAY', by: 'SYSTEM' },
  // An extension (docs/decisions/016-extensions.md) takes effect when the borrower signs its
  // disclosure statement: the status stays, the new schedule is recorded like any transition.
  { from: 'DISBURSED', to: 'DISBURSED', action: 'EXTEND', by: 'MEMBER' },
  { from: 'ACTIVE', to: 'ACTIVE', action: 'EXTEND', by: 'MEMBER' },
];

/** The transition `action` takes from `from` (for `by`, when given), or null when it is not allowed. */
export function findTransition(from: LoanStatus | null, action: LoanAction, by?: LoanActor): LoanTransition | null {
  return LOAN_TRANSITIONS.find((t) => t.from === from && t.action === action && (by === undefined || t.by === by)) ?? null;
}

export function canTransition(from: LoanStatus | null, action: LoanAction): boolean {
  return findTransition(from, action) !== null;
}

/** The actions possible from a state. */
export function actionsFrom(from: LoanStatus): LoanAction[] {
  return LOAN_TRANSITIONS.filter((t) => t.from === from).map((t) => t.action);
}

/**
 * An offer is a counter-offer when it lends less than was applied for or over another term: it
 * needs a reason from the catalogue, and the borrower must accept it before signing.
 */
export function isCounterOffer(offer: { requestedAmount: bigint; requestedTerm: number; amount: bigint; term: number }): boolean {
  return offer.amount !== offer.requestedAmount || offer.term !== offer.requestedTerm;
}

/** What an approved loan still needs before the borrower may sign: nothing, or the acceptance of the counter-offer. */
export function mustAcceptOffer(loan: {
  status: LoanStatus;
  requestedAmount: bigint;
  requestedTerm: number;
  amount: bigint;
  term: number;
  offerAcceptedAt: Date | string | null;
}): boolean {
  return loan.status === 'APPROVED' && isCounterOffer(loan) && loan.offerAcceptedAt === null;
}

export function isLoanStatus(value: string): value is LoanStatus {
  return (LOAN_STATUSES as readonly string[]).includes(value);
}
