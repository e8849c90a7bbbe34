import type { StatusColour, StatusIcon } from './loan';

/**
 * The extension-request state machine (specification section 9: "an extension
 * request must be made 5 days before the contract period ends"; docs/decisions/016-extensions.md).
 * Statuses come from code (DECISIONS.md invariant 5): the borrower REQUESTs a new term, an officer
 * APPROVEs it (the new disclosure statement is then offered) or DECLINEs it with a reason code of
 * the fixed catalogue; the borrower SIGNs the new disclosure with a one-time code, which is when
 * the new schedule takes effect (EFFECTIVE), or WITHDRAWs the request. Nothing is charged before
 * EFFECTIVE (invariant 4).
 */

export const EXTENSION_STATUSES = ['REQUESTED', 'APPROVED', 'DECLINED', 'WITHDRAWN', 'EFFECTIVE'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

export const EXTENSION_ACTIONS = ['REQUEST', 'APPROVE', 'DECLINE', 'WITHDRAW', 'SIGN'] as const;
export type ExtensionAction = (typeof EXTENSION_ACTIONS)[number];
export type ExtensionActor = 'MEMBER' | 'STAFF';

export interface ExtensionTransition {
  readonly from: ExtensionStatus | null;
  readonly to: ExtensionStatus;
  readonly action: ExtensionAction;
  readonly by: ExtensionActor;
  /** A reason code of the fixed catalogue is required (the borrower reads its text). */
  readonly reasonRequired?: boolean;
}

/** The allowed transitions, as data. Anything not listed is refused. */
export const EXTENSION_TRANSITIONS: readonly ExtensionTransition[] = [
  { from: null, to: 'REQUESTED', action: 'REQUEST', by: 'MEMBER' },
  { from: 'REQUESTED', to: 'APPROVED', action: 'APPROVE', by: 'STAFF' },
  { from: 'REQUESTED', to: 'DECLINED', action: 'DECLINE', by: 'STAFF', reasonRequired: true },
  { from: 'REQUESTED', to: 'WITHDRAWN', action: 'WITHDRAW', by: 'MEMBER' },
  { from: 'APPROVED', to: 'WITHDRAWN', action: 'WITHDRAW', by: 'MEMBER' },
  { from: 'APPROVED', to: 'EFFECTIVE', action: 'SIGN', by: 'MEMBER' },
];

export function findExtensionTransition(from: ExtensionStatus | null, action: ExtensionAction, by?: ExtensionActor): ExtensionTransition | null {
  return EXTENSION_TRANSITIONS.find((t) => t.from === from && t.action === action && (by === undefined || t.by === by)) ?? null;
}

/** Open requests: at most one a loan (a partial unique index enforces it). */
export const OPEN_EXTENSION_STATUSES = ['REQUESTED', 'APPROVED'] as const satisfies readonly ExtensionStatus[];

export function isOpenExtension(status: ExtensionStatus): boolean {
  return (OPEN_EXTENSION_STATUSES as readonly ExtensionStatus[]).includes(status);
}

export interface ExtensionStatusEntry {
  readonly status: ExtensionStatus;
  /** i18n key of the borrower's message (extensions.status.<STATUS>). */
  readonly messageKey: string;
  readonly colour: StatusColour;
  readonly icon: StatusIcon;
  readonly final: boolean;
}

function entry(status: ExtensionStatus, colour: StatusColour, icon: StatusIcon, final: boolean): ExtensionStatusEntry {
  return { status, messageKey: `extensions.status.${status}`, colour, icon, final };
}

export const EXTENSION_STATUS_CATALOGUE: Readonly<Record<ExtensionStatus, ExtensionStatusEntry>> = {
  REQUESTED: entry('REQUESTED', 'info', 'person-search', false),
  APPROVED: entry('APPROVED', 'success', 'lock-reset', false),
  DECLINED: entry('DECLINED', 'danger', 'highlight-off', true),
  WITHDRAWN: entry('WITHDRAWN', 'warning', 'block', true),
  EFFECTIVE: entry('EFFECTIVE', 'success', 'check-circle', true),
};
