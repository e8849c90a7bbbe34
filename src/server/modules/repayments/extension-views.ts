import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { loanExtensionEvents, loanExtensions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { extensions as texts } from '../../../shared/i18n/en/extensions';
import { toDecimalString } from '../../../shared/money/money';
import { extensionDeclineReasonKey, extensionDeclineReasonText, isExtensionDeclineReason } from '../../../shared/reasons/catalogue';
import type { ExtensionDto } from '../../../shared/schemas/extensions';
import type { DisclosureDto } from '../../../shared/schemas/loans';
import {
  EXTENSION_STATUS_CATALOGUE,
  findExtensionTransition,
  OPEN_EXTENSION_STATUSES,
  type ExtensionAction,
  type ExtensionActor,
  type ExtensionStatus,
} from '../../../shared/states/extension';
import { type ServicingState } from './core';
import { loanNumberOf, type LoanRow } from '../../domain/loans/repository';
import { disclosureOfPlan, planFor, planOfState } from './extension-plan';
import { isUuid } from '../../../shared/schemas/params';
import { text } from '../../../shared/i18n/text';

/** Extension rows, their views and their transitions (docs/decisions/016-extensions.md). */

export type ExtensionRow = typeof loanExtensions.$inferSelect;

export async function extensionById(db: DbOrTx, id: string, lock = false): Promise<ExtensionRow> {
  if (!isUuid(id)) throw new AppError(404, 'EXTENSION_NOT_FOUND', text('extensions.errors.notFound'));
  const query = db.select().from(loanExtensions).where(eq(loanExtensions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'EXTENSION_NOT_FOUND', text('extensions.errors.notFound'));
  return row;
}

/** The loan's latest request (open or decided), or null. */
export async function latestExtension(db: DbOrTx, loanId: string, lock = false): Promise<ExtensionRow | null> {
  const query = db
    .select()
    .from(loanExtensions)
    .where(eq(loanExtensions.loanId, loanId))
    .orderBy(desc(loanExtensions.requestedAt), desc(loanExtensions.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The loan's open request (at most one: a partial unique index), or null. */
export async function openExtension(db: DbOrTx, loanId: string, lock = false): Promise<ExtensionRow | null> {
  const query = db
    .select()
    .from(loanExtensions)
    .where(and(eq(loanExtensions.loanId, loanId), inArray(loanExtensions.status, [...OPEN_EXTENSION_STATUSES])));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Records a transition of the state machine (refused when not listed) with its event. */
export async function extensionTransition(
  tx: Tx,
  row: ExtensionRow,
  action: ExtensionAction,
  input: { by: ExtensionActor; userId: string; role: string; at: Date; reasonCode?: string | null; note?: string | null; changes?: Partial<ExtensionRow> },
): Promise<ExtensionRow> {
  const from = row.status as ExtensionStatus;
  const t = findExtensionTransition(from, action, input.by);
  if (!t)
    throw new AppError(
      409,
      'EXTENSION_STATE',
      from === 'REQUESTED' && action === 'SIGN' ? text('extensions.errors.notApproved') : text('extensions.errors.decided'),
    );
  const [updated] = await tx
    .update(loanExtensions)
    .set({ ...input.changes, status: t.to, updatedAt: input.at })
    .where(eq(loanExtensions.id, row.id))
    .returning();
  await tx.insert(loanExtensionEvents).values({
    extensionId: row.id,
    fromStatus: from,
    toStatus: t.to,
    action,
    actorUserId: input.userId,
    actorRole: input.role,
    reasonCode: input.reasonCode ?? null,
    note: input.note ?? null,
    at: input.at,
  });
  return updated!;
}

/**
 * The request as the API answers it; an APPROVED one carries the offer computed from the loan as it
 * is now (from `state` when the caller read it already: loadStates for a page).
 */
export async function extensionDto(db: DbOrTx, deps: AppDeps, row: ExtensionRow, loan: LoanRow, state?: ServicingState): Promise<ExtensionDto> {
  const status = row.status as ExtensionStatus;
  const entry = EXTENSION_STATUS_CATALOGUE[status];
  let disclosure: DisclosureDto | null = null;
  let documentsSha256: string | null = null;
  let totalCost: string | null = null;
  let costCap: string | null = null;
  if (status === 'EFFECTIVE' && row.disclosureJson) {
    disclosure = JSON.parse(row.disclosureJson) as DisclosureDto;
    documentsSha256 = row.documentsSha256;
  } else if (status === 'APPROVED') {
    try {
      const { plan } = state ? planOfState(deps, loan, state, row.newTerm, row.fee) : await planFor(db, deps, loan, row.newTerm, row.fee);
      const offer = disclosureOfPlan(deps, loan, row.id, plan);
      disclosure = offer.disclosure;
      documentsSha256 = offer.sha256;
      totalCost = toDecimalString(plan.totalCost);
      costCap = toDecimalString(plan.cap);
    } catch (error) {
      // The loan changed so that the approved extension can no longer be offered (a line fell
      // overdue, a prepayment): shown without an offer; signing answers the reason.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const code = row.declineReasonCode;
  return {
    id: row.id,
    loanId: row.loanId,
    loanNumber: loanNumberOf(deps, loan.number),
    status,
    statusColor: entry.colour,
    statusMessageKey: entry.messageKey,
    statusMessage: texts.status[status],
    newTerm: row.newTerm,
    fromLine: row.fromLine,
    remainingPrincipal: toDecimalString(row.remainingPrincipal),
    newEndDate: row.newEndDate,
    fee: toDecimalString(row.fee),
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: code && isExtensionDeclineReason(code) ? { code, key: extensionDeclineReasonKey(code), text: extensionDeclineReasonText(code) } : null,
    signedAt: row.signedAt?.toISOString() ?? null,
    disclosure,
    documentsSha256,
    totalCost,
    costCap,
  };
}
