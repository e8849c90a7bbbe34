import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loanEvents } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findTransition, type LoanAction, type LoanStatus } from '../../../shared/states/loan';
import { actorKind, refusalMessage, type Actor } from './transition';

/**
 * Many loans moved by the state machine at once (the set-based servicing pass, decision 077): the
 * same check as transition() (the state machine's transition for the status, action and actor, or
 * 409 LOAN_STATE) for each move in order, then one UPDATE ... FROM (VALUES ...) for the loans' last
 * statuses and one multi-row INSERT of the events. The loans are locked by the caller. A loan may
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
  const values = sql.join(
    moved.map((id) => sql`(${id}::uuid, ${current.get(id)!}, ${statuses.get(id)!})`),
    sql`, `,
  );
  const at = input.at.toISOString();
  const updated = await tx.execute(
    sql`update loans l set status = v.status, status_changed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          from (values ${values}) as v(id, status, was) where l.id = v.id and l.status = v.was`,
  );
  if ((updated.rowCount ?? 0) !== moved.length) throw new Error(`transitionMany: ${moved.length - (updated.rowCount ?? 0)} loans changed status meanwhile`);
  for (let i = 0; i < events.length; i += 1000) await tx.insert(loanEvents).values(events.slice(i, i + 1000));
  return events.length;
}
