/**
 * The support inbox's state machine: a contact-form message is NEW until a
 * staff member takes it (IN_PROGRESS), ANSWERED once a reply by e-mail is queued, CLOSED when
 * nothing more is to be done. Statuses come from code (DECISIONS.md invariant 5), never free text.
 */
export const SUPPORT_STATUSES = ['NEW', 'IN_PROGRESS', 'ANSWERED', 'CLOSED'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_ACTIONS = ['ASSIGN', 'REPLY', 'CLOSE', 'REOPEN'] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];

export interface SupportTransition {
  readonly from: SupportStatus;
  readonly to: SupportStatus;
  readonly action: SupportAction;
}

/** The allowed transitions, as data. Anything not listed is refused. */
const SUPPORT_TRANSITIONS: readonly SupportTransition[] = [
  { from: 'NEW', to: 'IN_PROGRESS', action: 'ASSIGN' },
  { from: 'IN_PROGRESS', to: 'IN_PROGRESS', action: 'ASSIGN' },
  { from: 'ANSWERED', to: 'ANSWERED', action: 'ASSIGN' },
  { from: 'NEW', to: 'ANSWERED', action: 'REPLY' },
  { from: 'IN_PROGRESS', to: 'ANSWERED', action: 'REPLY' },
  // A follow-up reply to the same person.
  { from: 'ANSWERED', to: 'ANSWERED', action: 'REPLY' },
  { from: 'NEW', to: 'CLOSED', action: 'CLOSE' },
  { from: 'IN_PROGRESS', to: 'CLOSED', action: 'CLOSE' },
  { from: 'ANSWERED', to: 'CLOSED', action: 'CLOSE' },
  { from: 'CLOSED', to: 'IN_PROGRESS', action: 'REOPEN' },
];

export const isSupportStatus = (value: string): value is SupportStatus => (SUPPORT_STATUSES as readonly string[]).includes(value);

/** The transition an action takes from a status, or null when the machine does not allow it. */
export function supportTransition(from: SupportStatus, action: SupportAction): SupportTransition | null {
  return SUPPORT_TRANSITIONS.find((t) => t.from === from && t.action === action) ?? null;
}
