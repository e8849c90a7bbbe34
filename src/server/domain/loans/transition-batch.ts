import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { findTransition, type LoanAction, type LoanStatus } from '../../../shared/states/loan';
import { actorKind, refusalMessage, type Actor } from './transition';

/**
 * Many loans moved by the state machine at once (the set-based servicing pass, decision 077): the
 * same check as transition() (the state machine's transition for the status, action and actor, or
 * 409 LOAN_STATE) for each move in order, then one UPDATE ... FROM unnest(...) for the loans' last
 * statuses and one INSERT ... SELECT FROM unnest(...) of the events (each column one array parameter). The loans are locked by the caller. A loan may
 * move more than once (activated, then overdue): its moves are checked one after another.
 */
export interface PlannedMove {
  readonly loanId: string;
  readonly action: LoanAction;
  readonly data: Record<string, unknown>;
}

/** The status after `action` from `from` by `actor`, or 409 as transition() answers. */
export function nextStatus(from: LoanStatus, action: LoanAction, actor: Actor): LoanStatus {
  const t = findTransition(from, action, actorKind(actor));
  if (!t) throw new AppError(409, 'LOAN_STATE', refusalMessage(from, action));
  return t.to;
}

export async function transitionMany(
  tx: Tx,
  statuses: ReadonlyMap<string, LoanStatus>,
  moves: readonly PlannedMove[],
  input: { readonly actor: Actor; readonly at: Date },
): Promise<number> {
  if (moves.length === 0) return 0;
  const current = new Map(statuses);
  const events = moves.map((m) => {
    const from = current.get(m.loanId);
    if (!from) throw new Error(`transitionMany: loan ${m.loanId} has no status`);
    const to = nextStatus(from, m.action, input.actor);
    current.set(m.loanId, to);
    return {
      loanId: m.loanId,
      fromStatus: from,
      toStatus: to,
      action: m.action,
      actorUserId: input.actor.userId,
      actorRole: input.actor.role,
      reasonCode: null,
      note: null,
      data: m.data,
      at: input.at,
    };
  });
  const moved = [...new Set(moves.map((m) => m.loanId))];
  const at = input.at.toISOString();
  const updated = await tx.execute(
    sql`update loans l set status = v.status, status_changed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          from unnest(${sql.param(moved)}::uuid[], ${sql.param(moved.map((id) => current.get(id)!))}::text[], ${sql.param(moved.map((id) => statuses.get(id)!))}::text[])
            as v(id, status, was)
         where l.id = v.id and l.status = v.was`,
  );
  if ((updated.rowCount ?? 0) !== moved.length) throw new Error(`transitionMany: ${moved.length - (updated.rowCount ?? 0)} loans changed status meanwhile`);
  // The events in one statement, their columns as arrays (unnest; decision 081), in the moves' order (their seq).
  const col = <T>(pick: (e: (typeof events)[number]) => T) => sql.param(events.map(pick));
  await tx.execute(sql`
    insert into loan_events (loan_id, from_status, to_status, action, actor_user_id, actor_role, reason_code, note, data, at)
    select e.loan_id, e.from_status, e.to_status, e.action, ${input.actor.userId}::uuid, ${input.actor.role}::text, null, null, e.data, ${at}::timestamptz
    from unnest(${col((e) => e.loanId)}::uuid[], ${col((e) => e.fromStatus)}::text[], ${col((e) => e.toStatus)}::text[], ${col((e) => e.action)}::text[],
                ${col((e) => JSON.stringify(e.data))}::jsonb[]) with ordinality as e(loan_id, from_status, to_status, action, data, n)
    order by e.n`);
  return events.length;
}
