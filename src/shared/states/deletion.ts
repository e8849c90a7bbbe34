/**
 * The data-deletion request's state machine (docs/decisions/029-data-deletion-review.md).
 * A member's request is OPEN until an ADMIN decides: COMPLETE (the member is anonymised, the records
 * the law requires are kept) or REJECT (with a reason of the catalogue). Both ends are final: a
 * member who was refused may file a new request. Statuses come from code (DECISIONS.md invariant 5).
 */
export const DELETION_STATUSES = ['OPEN', 'COMPLETED', 'REJECTED'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export const DELETION_ACTIONS = ['COMPLETE', 'REJECT'] as const;
export type DeletionAction = (typeof DELETION_ACTIONS)[number];

export interface DeletionTransition {
  readonly from: DeletionStatus;
  readonly to: DeletionStatus;
  readonly action: DeletionAction;
}

/** The allowed transitions, as data. Anything not listed is refused (DELETION_REQUEST_STATE). */
const DELETION_TRANSITIONS: readonly DeletionTransition[] = [
  { from: 'OPEN', to: 'COMPLETED', action: 'COMPLETE' },
  { from: 'OPEN', to: 'REJECTED', action: 'REJECT' },
];

export const isDeletionStatus = (value: string): value is DeletionStatus => (DELETION_STATUSES as readonly string[]).includes(value);

/** The transition an action takes from a status, or null when the machine does not allow it. */
export function deletionTransition(from: DeletionStatus, action: DeletionAction): DeletionTransition | null {
  return DELETION_TRANSITIONS.find((t) => t.from === from && t.action === action) ?? null;
}
