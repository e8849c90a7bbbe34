import { withdrawals as messages } from '../i18n/en/withdrawals';
import { CATALOGUE_VALUES } from '../i18n/values';
import type { StatusColour, StatusIcon } from './loan';

/**
 * The withdrawal state machine and its fixed status catalogue (DECISIONS.md invariant 5:
 * statuses come from code). AWAITING_CODE holds the funds with a pending ledger transfer and waits
 * for the member's code; PROCESSING means the code was confirmed on the server and the payout was
 * submitted; PAID posts the pending transfer, FAILED / EXPIRED / CANCELLED void it (funds back).
 * Every transition is stored with actor, time and reason (withdrawal_events).
 */

export const WITHDRAWAL_STATUSES = ['AWAITING_CODE', 'PROCESSING', 'PAID', 'PARTLY_PAID', 'FAILED', 'EXPIRED', 'CANCELLED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface WithdrawalStatusEntry {
  readonly status: WithdrawalStatus;
  /** i18n key of the message (withdrawals.status.<STATUS>.message). */
  readonly messageKey: string;
  /** The English message (the catalogue values filled in: a code's length, a transfer's time). */
  readonly message: string;
  readonly colour: StatusColour;
  readonly icon: StatusIcon;
  /** No further transition is possible. */
  readonly final: boolean;
}

const VALUES: Readonly<Record<string, number>> = CATALOGUE_VALUES;

/** The text with its {{placeholders}} filled from the catalogue values (src/shared/i18n/values.ts). */
function withValues(text: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (VALUES[name] === undefined ? whole : String(VALUES[name])));
}

function entry(status: WithdrawalStatus, colour: StatusColour, icon: StatusIcon, final: boolean): WithdrawalStatusEntry {
  return {
    status,
    messageKey: `withdrawals.status.${status}.message`,
    message: withValues(messages.status[status].message),
    colour,
    icon,
    final,
  };
}

export const WITHDRAWAL_STATUS_CATALOGUE: Readonly<Record<WithdrawalStatus, WithdrawalStatusEntry>> = {
  AWAITING_CODE: entry('AWAITING_CODE', 'info', 'lock-reset', false),
  PROCESSING: entry('PROCESSING', 'info', 'currency-exchange', false),
  PAID: entry('PAID', 'success', 'check-circle', true),
  PARTLY_PAID: entry('PARTLY_PAID', 'warning', 'error', true),
  FAILED: entry('FAILED', 'danger', 'error', true),
  EXPIRED: entry('EXPIRED', 'warning', 'query-builder', true),
  CANCELLED: entry('CANCELLED', 'warning', 'highlight-off', true),
};

export const WITHDRAWAL_ACTIONS = ['REQUEST', 'CONFIRM', 'SETTLE', 'SETTLE_PARTLY', 'FAIL', 'EXPIRE', 'CANCEL'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];
export const WITHDRAWAL_ACTORS = ['MEMBER', 'STAFF', 'SYSTEM'] as const;
export type WithdrawalActor = (typeof WITHDRAWAL_ACTORS)[number];

export interface WithdrawalTransition {
  readonly from: WithdrawalStatus | null;
  readonly to: WithdrawalStatus;
  readonly action: WithdrawalAction;
  /** Who may take it. */
  readonly by: readonly WithdrawalActor[];
  /** What happens to the pending ledger transfer. */
  readonly ledger: 'HOLD' | 'KEEP' | 'POST' | 'VOID' | 'SPLIT';
  /** A reason is required (shown to the member). */
  readonly reasonRequired?: boolean;
}

/** The allowed transitions, as data. Anything not listed is refused. */
export const WITHDRAWAL_TRANSITIONS: readonly WithdrawalTransition[] = [
  { from: null, to: 'AWAITING_CODE', action: 'REQUEST', by: ['MEMBER'], ledger: 'HOLD' },
  { from: 'AWAITING_CODE', to: 'PROCESSING', action: 'CONFIRM', by: ['MEMBER'], ledger: 'KEEP' },
  { from: 'AWAITING_CODE', to: 'EXPIRED', action: 'EXPIRE', by: ['SYSTEM'], ledger: 'VOID' },
  { from: 'AWAITING_CODE', to: 'CANCELLED', action: 'CANCEL', by: ['MEMBER'], ledger: 'VOID' },
  // The simulated provider settles through the worker (SYSTEM); in manual mode an officer (STAFF).
  { from: 'PROCESSING', to: 'PAID', action: 'SETTLE', by: ['SYSTEM', 'STAFF'], ledger: 'POST' },
  { from: 'PROCESSING', to: 'FAILED', action: 'FAIL', by: ['SYSTEM', 'STAFF'], ledger: 'VOID', reasonRequired: true },
  // A withdrawal sent as several transfers (docs/decisions/033): once every transfer is final, some
  // paid and the rest failed and returned. Each transfer moved its own money when it became final,
  // so this transition moves none (SPLIT); the view tells what was sent and what came back.
  { from: 'PROCESSING', to: 'PARTLY_PAID', action: 'SETTLE_PARTLY', by: ['SYSTEM', 'STAFF'], ledger: 'SPLIT', reasonRequired: true },
];

/** The transition `action` takes from `from` for `actor`, or null when it is not allowed. */
export function findWithdrawalTransition(from: WithdrawalStatus | null, action: WithdrawalAction, actor?: WithdrawalActor): WithdrawalTransition | null {
  return WITHDRAWAL_TRANSITIONS.find((t) => t.from === from && t.action === action && (actor === undefined || t.by.includes(actor))) ?? null;
}

export function canWithdrawalTransition(from: WithdrawalStatus | null, action: WithdrawalAction, actor?: WithdrawalActor): boolean {
  return findWithdrawalTransition(from, action, actor) !== null;
}

export function withdrawalActionsFrom(from: WithdrawalStatus): WithdrawalAction[] {
  return WITHDRAWAL_TRANSITIONS.filter((t) => t.from === from).map((t) => t.action);
}

/**
 * Where a withdrawal's money is, from the ledger move of the transition that led to the status:
 * HELD (set aside, not sent yet), SENT (posted: it left for the payout account) or RETURNED
 * (voided: back in the wallet, nothing reached the payout account); PARTLY_SENT for a withdrawal sent
 * as several transfers of which some were paid and the rest returned (docs/decisions/033).
 */
export type WithdrawalFunds = 'HELD' | 'SENT' | 'RETURNED' | 'PARTLY_SENT';

export function withdrawalFunds(status: WithdrawalStatus): WithdrawalFunds {
  const into = WITHDRAWAL_TRANSITIONS.find((t) => t.to === status);
  if (into?.ledger === 'POST') return 'SENT';
  if (into?.ledger === 'SPLIT') return 'PARTLY_SENT';
  if (into?.ledger === 'VOID') return 'RETURNED';
  return 'HELD';
}

/** Funds are still held (pending ledger transfer open). */
export const HELD_WITHDRAWAL_STATUSES = ['AWAITING_CODE', 'PROCESSING'] as const satisfies readonly WithdrawalStatus[];

export function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}

export function isFinalWithdrawalStatus(status: WithdrawalStatus): boolean {
  return WITHDRAWAL_STATUS_CATALOGUE[status].final;
}

/**
 * The transfers of a withdrawal sent as several (docs/decisions/033-split-withdrawals.md): PENDING
 * until the one code confirms the withdrawal, then PROCESSING, then PAID or FAILED (its amount back
 * in the wallet) on its own; CANCELLED when the withdrawal expired or was cancelled before its code.
 */
export const WITHDRAWAL_PART_STATUSES = ['PENDING', 'PROCESSING', 'PAID', 'FAILED', 'CANCELLED'] as const;
export type WithdrawalPartStatus = (typeof WITHDRAWAL_PART_STATUSES)[number];

/** The part transitions, as data: anything not listed is refused. */
const WITHDRAWAL_PART_TRANSITIONS: readonly { from: WithdrawalPartStatus; to: WithdrawalPartStatus }[] = [
  { from: 'PENDING', to: 'PROCESSING' },
  { from: 'PENDING', to: 'CANCELLED' },
  { from: 'PROCESSING', to: 'PAID' },
  { from: 'PROCESSING', to: 'FAILED' },
];

export function canPartTransition(from: WithdrawalPartStatus, to: WithdrawalPartStatus): boolean {
  return WITHDRAWAL_PART_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/**
 * The withdrawal's action once its parts are final: every part paid SETTLE (PAID), every part failed
 * FAIL (FAILED), some of each SETTLE_PARTLY (PARTLY_PAID); null while a part is still processing.
 */
export function outcomeOfParts(statuses: readonly WithdrawalPartStatus[]): 'SETTLE' | 'FAIL' | 'SETTLE_PARTLY' | null {
  if (statuses.length === 0 || statuses.some((s) => s !== 'PAID' && s !== 'FAILED')) return null;
  if (statuses.every((s) => s === 'PAID')) return 'SETTLE';
  if (statuses.every((s) => s === 'FAILED')) return 'FAIL';
  return 'SETTLE_PARTLY';
}
