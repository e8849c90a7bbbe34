import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit, type AuditContext } from '../../audit';
import type { AppDeps } from '../../deps';
import { loanExtensionEvents, loanExtensions, loans, users } from '../../db/schema';
import { asLanguage, messageText, queueSms, staffNotice } from '../../providers/notify';
import type { SessionAuth } from '../../sessions/store';
import { assertNoConflict } from '../../staff/conflict';
import { extensionDeclineReasonKey, type ExtensionDeclineReason } from '../../../shared/reasons/catalogue';
import type { AdminExtensionItem } from '../../../shared/schemas/extensions';
import type { ExtensionStatus } from '../../../shared/states/extension';
import { loadStates } from './core';
import { loanById, loanNumberOf } from '../../domain/loans/repository';
import { isServiced, planFor } from './extension-plan';
import { extensionById, extensionDto, extensionTransition } from './extension-views';

/**
 * The officer's side of extensions (/api/admin/extensions, OFFICER and ADMIN): the list (oldest
 * open request first, a page at a time), approval (the plan must still stand: nothing past due,
 * inside the cap) and decline with a reason code of the fixed catalogue; the internal note stays in
 * the back office. Never on one's own loan (conflict of interest). Each decision is audited.
 */

/** The back office menu's count: requests waiting for a decision (REQUESTED; loan_extensions_status_idx), and the oldest one's time. */
export async function countOpenExtensions(deps: AppDeps): Promise<{ requested: number; oldestRequestedAt: string | null }> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${loanExtensions.requestedAt})` })
    .from(loanExtensions)
    .where(eq(loanExtensions.status, 'REQUESTED'));
  const oldest = row?.oldest ?? null;
  return { requested: Number(row?.n ?? 0), oldestRequestedAt: oldest === null ? null : new Date(oldest).toISOString() };
}

export async function listExtensions(
  deps: AppDeps,
  query: { status?: ExtensionStatus | undefined; loanId?: string | undefined; cursor?: string | undefined; limit: number },
) {
  // A keyset on (requested_at, id), one direction throughout so that loan_extensions_status_idx (a
  // status) or loan_extensions_requested_idx (all) serves it: open requests oldest first, the others
  // newest first. The cursor is the last item's id, its position read in the same statement.
  const oldestFirst = query.status === 'REQUESTED' || query.status === 'APPROVED';
  const position = sql`(${loanExtensions.requestedAt}, ${loanExtensions.id})`;
  const cursorPosition = sql`(select c.requested_at, c.id from ${loanExtensions} c where c.id = ${query.cursor ?? null})`;
  const after = query.cursor ? (oldestFirst ? sql`${position} > ${cursorPosition}` : sql`${position} < ${cursorPosition}`) : undefined;
  const found = await deps.db
    .select({ ext: loanExtensions, loan: loans, memberName: users.fullName })
    .from(loanExtensions)
    .innerJoin(loans, eq(loans.id, loanExtensions.loanId))
    .innerJoin(users, eq(users.id, loanExtensions.memberId))
    .where(and(query.status ? eq(loanExtensions.status, query.status) : undefined, query.loanId ? eq(loanExtensions.loanId, query.loanId) : undefined, after))
    .orderBy(...(oldestFirst ? [asc(loanExtensions.requestedAt), asc(loanExtensions.id)] : [desc(loanExtensions.requestedAt), desc(loanExtensions.id)]))
    .limit(query.limit + 1);
  const rows = found.slice(0, query.limit);
  // An approved request's offer is recomputed from its loan as it is now: the servicing states of
  // the page's approved requests are read together (three statements, loadStates), beside the notes.
  const approvedLoans = rows.filter((r) => r.ext.status === 'APPROVED' && isServiced(r.loan)).map((r) => r.loan);
  const [notes, states] = await Promise.all([
    rows.length
      ? deps.db
          .select({ extensionId: loanExtensionEvents.extensionId, note: loanExtensionEvents.note })
          .from(loanExtensionEvents)
          .where(
            and(
              inArray(
                loanExtensionEvents.extensionId,
                rows.map((r) => r.ext.id),
              ),
              inArray(loanExtensionEvents.action, ['APPROVE', 'DECLINE']),
            ),
          )
      : [],
    loadStates(deps.db, deps, approvedLoans),
  ]);
  const items: AdminExtensionItem[] = await Promise.all(
    rows.map(async (r) => ({
      ...(await extensionDto(deps.db, deps, r.ext, r.loan, states.get(r.loan.id))),
      memberId: r.ext.memberId,
      memberName: r.memberName,
      staffNote: notes.find((n) => n.extensionId === r.ext.id)?.note ?? null,
    })),
  );
  return { items, nextCursor: found.length > query.limit ? rows.at(-1)!.ext.id : null };
}

async function decide(
  deps: AppDeps,
  staff: SessionAuth,
  id: string,
  decision: { action: 'APPROVE' } | { action: 'DECLINE'; reasonCode: ExtensionDeclineReason },
  note: string | undefined,
  ctx: AuditContext,
) {
  const found = await extensionById(deps.db, id);
  await assertNoConflict(deps.db, staff.userId, found.memberId);
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, found.loanId, true);
    const row = await extensionById(tx, id, true);
    // Approving checks the plan still stands as the loan is now (the borrower signs it later).
    if (decision.action === 'APPROVE' && row.status === 'REQUESTED') await planFor(tx, deps, loan, row.newTerm, row.fee);
    const now = deps.clock.now();
    const reasonCode = decision.action === 'DECLINE' ? decision.reasonCode : null;
    const updated = await extensionTransition(tx, row, decision.action, {
      by: 'STAFF',
      userId: staff.userId,
      role: staff.role,
      at: now,
      reasonCode,
      note: note ?? null,
      changes: { decidedBy: staff.userId, decidedAt: now, declineReasonCode: reasonCode },
    });
    const number = loanNumberOf(deps, loan.number);
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: decision.action === 'APPROVE' ? 'LOAN_EXTENSION_APPROVE' : 'LOAN_EXTENSION_DECLINE',
      subjectType: 'LOAN',
      subjectId: loan.id,
      details: { loanNumber: number, extensionId: row.id, newTerm: row.newTerm, reasonCode, note: note ?? null },
      ip: ctx.ip,
      at: now,
    });
    const [member] = await tx.select({ phone: users.phone, language: users.language }).from(users).where(eq(users.id, row.memberId));
    const values = { company: deps.config.company.shortName, loan: number };
    // In the member's language (users.language), the reason from the catalogue in it too.
    const language = asLanguage(member!.language);
    await queueSms(
      tx,
      {
        to: member!.phone,
        body:
          decision.action === 'APPROVE'
            ? messageText(language, 'extensions.sms.approved', values)
            : messageText(language, 'extensions.sms.declined', { ...values, reason: messageText(language, extensionDeclineReasonKey(decision.reasonCode)) }),
      },
      staffNotice(ctx, now),
    );
    return { extension: await extensionDto(tx, deps, updated, loan) };
  });
}

export function approveExtension(deps: AppDeps, staff: SessionAuth, id: string, note: string | undefined, ctx: AuditContext) {
  return decide(deps, staff, id, { action: 'APPROVE' }, note, ctx);
}

export function declineExtension(
  deps: AppDeps,
  staff: SessionAuth,
  id: string,
  reasonCode: ExtensionDeclineReason,
  note: string | undefined,
  ctx: AuditContext,
) {
  return decide(deps, staff, id, { action: 'DECLINE', reasonCode }, note, ctx);
}
