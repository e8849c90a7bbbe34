import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loanEvents, loans } from '../../db/schema';
import { jsonRow, jsonRowMapper } from '../../db/prepared';
import { AppError } from '../../http/errors';
import { text, type CatalogueText } from '../../../shared/i18n/text';
import type { SystemReasonEntry } from '../../../shared/loan/system-reasons';
import type { LoanReason } from '../../../shared/reasons/catalogue';
import { findTransition, type LoanAction, type LoanActor, type LoanStatus } from '../../../shared/states/loan';
import type { Role } from '../../../shared/states/roles';
import type { LoanRow } from './repository';

/**
 * The one way a loan changes status (DECISIONS.md invariant 5): along the state machine of
 * src/shared/states/loan.ts, by the actor the transition names (the member, staff or the system),
 * with a reason from the catalogue where the transition requires one, recorded in loan_events with
 * who, when and why, in the caller's transaction with the loan row locked.
 */

export interface Actor {
  readonly userId: string | null;
  readonly role: Role | 'SYSTEM';
}

export const SYSTEM_ACTOR: Actor = { userId: null, role: 'SYSTEM' };

/** The state machine's actor kind of a person or the system: a member, staff (officer or ADMIN), or the system. */
export function actorKind(actor: Actor): LoanActor {
  if (actor.role === 'SYSTEM') return 'SYSTEM';
  return actor.role === 'MEMBER' ? 'MEMBER' : 'STAFF';
}

export interface TransitionInput {
  readonly actor: Actor;
  readonly at: Date;
  /** The reason the borrower reads: a code of the fixed catalogue, never free text. */
  readonly reasonCode?: LoanReason | null;
  /** Free text for the back office only (an officer's internal note, the member's own words when cancelling). */
  readonly note?: string | null;
  /** Why the system moved the loan: a code and its values, rendered through i18n (never stored English). */
  readonly system?: SystemReasonEntry;
  readonly data?: Record<string, unknown> | null;
  /** The other columns the transition sets. */
  readonly changes?: Partial<typeof loans.$inferInsert>;
}

/**
 * Moves a locked loan by `action` and records the event. 409 LOAN_STATE when the state machine has
 * no such transition from the loan's status for this actor; 400 when a required reason is missing.
 */
export async function transition(tx: Tx, loan: LoanRow, action: LoanAction, input: TransitionInput): Promise<LoanRow> {
  const from = loan.status as LoanStatus;
  const t = findTransition(from, action, actorKind(input.actor));
  if (!t) throw new AppError(409, 'LOAN_STATE', refusalMessage(from, action));
  if (t.reasonRequired && !input.reasonCode)
    throw new AppError(400, 'VALIDATION_FAILED', text('loans.admin.fieldErrors.reasonCode'), { reasonCode: text('loans.admin.fieldErrors.reasonCode') });
  const data = input.system ? { ...(input.data ?? {}), systemReason: input.system.code, systemValues: input.system.values } : (input.data ?? null);
  // The update and its event in one statement (a data-modifying CTE; decision 096): the event is
  // written from the updated row, so there is no event without the change. The loan comes back as
  // one JSON object (bigints and timestamps as text), mapped as drizzle maps a select.
  const update = tx
    .update(loans)
    .set({ ...input.changes, status: t.to, statusChangedAt: input.at, updatedAt: input.at })
    .where(eq(loans.id, loan.id))
    .returning();
  const result = await tx.execute<{ loan: Record<string, unknown> }>(sql`with u as (${update.getSQL()}),
e as (insert into ${loanEvents} (loan_id, from_status, to_status, action, actor_user_id, actor_role, reason_code, note, data, at)
  select u.id, ${from}::text, ${t.to}::text, ${action}::text, ${input.actor.userId}::uuid, ${input.actor.role}::text, ${input.reasonCode ?? null}::text,
    ${input.note || null}::text, ${sql.param(data, loanEvents.data)}::jsonb, ${sql.param(input.at, loanEvents.at)}::timestamptz from u)
select ${jsonRow('u', loans)} as "loan" from u`);
  return loanOf(result.rows[0]!.loan);
}
const loanOf = jsonRowMapper(loans);

/** Why a transition is refused, in the words the person who asked for it reads. */
export function refusalMessage(from: LoanStatus, action: LoanAction): CatalogueText {
  const signed = from === 'CONTRACT_SIGNED' || from === 'DISBURSED' || from === 'ACTIVE' || from === 'OVERDUE';
  switch (action) {
    case 'CANCEL':
      return signed ? text('loans.errors.signedNoCancel') : text('loans.errors.closed');
    case 'START_REVIEW':
      return text('loans.errors.reviewOnlyPending');
    case 'APPROVE':
      return from === 'PENDING' ? text('loans.errors.startReviewFirst') : text('loans.errors.approveOnlyUnderReview');
    case 'REJECT':
      return text('loans.errors.rejectOnlyOpen');
    case 'ACCEPT_OFFER':
      return text('loans.errors.noOfferWaiting');
    case 'SIGN':
      return signed ? text('loans.errors.alreadySigned') : text('loans.errors.signAfterApproval');
    case 'DISBURSE':
      return text('loans.errors.disburseAfterSigning');
    default:
      return text('loans.errors.stateRefused', { status: text(`loans.statusLabel.${from}`), action: text(`loans.status.actions.${action}`) });
  }
}
