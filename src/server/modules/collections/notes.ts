import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loanCharges, loanNotes, loanPayments, loanReminders, users } from '../../db/schema';
import { writeAudit, type AuditContext } from '../../audit';
import type { SessionAuth } from '../../sessions/store';
import { assertNoConflict } from '../../staff/conflict';
import { toDecimalString } from '../../../shared/money/money';
import type { LoanNoteRequest } from '../../../shared/schemas/collections';
import { loanById, loanNumberOf } from '../../domain/loans/repository';

/**
 * A loan's back-office records beside its servicing view: officers' internal notes (written by
 * staff who may act on the loan, audited), the reminders sent to the borrower, and who recorded,
 * approved and waived (the servicing page). Lists are keyset pages, newest first.
 */

type StaffRef = { id: string | null; name: string; role: string };

async function names(deps: AppDeps, ids: readonly (string | null)[]): Promise<Map<string, { name: string; role: string }>> {
  const wanted = [...new Set(ids.filter((i): i is string => i !== null))];
  if (wanted.length === 0) return new Map();
  const found = await deps.db.select({ id: users.id, name: users.fullName, role: users.role }).from(users).where(inArray(users.id, wanted));
  return new Map(found.map((u) => [u.id, { name: u.name, role: u.role }]));
}

function ref(map: Map<string, { name: string; role: string }>, id: string | null, role?: string): StaffRef | null {
  if (id === null) return null;
  const u = map.get(id);
  return { id, name: u?.name ?? '—', role: role ?? u?.role ?? '—' };
}

export async function addNote(deps: AppDeps, staff: SessionAuth, loanId: string, input: LoanNoteRequest, ctx: AuditContext) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const [note] = await tx
      .insert(loanNotes)
      .values({ loanId: loan.id, authorUserId: staff.userId, authorRole: staff.role, body: input.body, createdAt: now })
      .returning();
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'LOAN_NOTE_ADD',
      subjectType: 'LOAN',
      subjectId: loan.id,
      details: { loanNumber: loanNumberOf(deps, loan.number), noteId: note!.id, length: input.body.length },
      ip: ctx.ip,
      at: now,
    });
    const [author] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, staff.userId));
    return {
      note: { id: note!.seq.toString(), at: now.toISOString(), author: { id: staff.userId, name: author?.name ?? '—', role: staff.role }, body: note!.body },
    };
  });
}

export async function listNotes(deps: AppDeps, loanId: string, query: { cursor?: string | undefined; limit: number }) {
  const loan = await loanById(deps.db, loanId);
  const where = query.cursor ? and(eq(loanNotes.loanId, loan.id), lt(loanNotes.seq, BigInt(query.cursor))) : eq(loanNotes.loanId, loan.id);
  const found = await deps.db
    .select()
    .from(loanNotes)
    .where(where)
    .orderBy(desc(loanNotes.seq))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const who = await names(
    deps,
    page.map((n) => n.authorUserId),
  );
  return {
    items: page.map((n) => ({
      id: n.seq.toString(),
      at: n.createdAt.toISOString(),
      author: ref(who, n.authorUserId, n.authorRole) ?? { id: null, name: '—', role: n.authorRole },
      body: n.body,
    })),
    nextCursor: found.length > query.limit ? page.at(-1)!.seq.toString() : null,
  };
}

export async function listReminders(deps: AppDeps, loanId: string, query: { cursor?: string | undefined; limit: number }) {
  const loan = await loanById(deps.db, loanId);
  let where = eq(loanReminders.loanId, loan.id);
  if (query.cursor) {
    const [at, id] = query.cursor.split('_') as [string, string];
    const when = new Date(at);
    where = and(where, or(lt(loanReminders.createdAt, when), and(eq(loanReminders.createdAt, when), sql`${loanReminders.id} < ${id}::uuid`)))!;
  }
  const found = await deps.db
    .select()
    .from(loanReminders)
    .where(where)
    .orderBy(desc(loanReminders.createdAt), desc(loanReminders.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      lineNumber: r.lineNumber,
      template: r.template,
      businessDate: r.businessDate,
      recipient: r.recipient,
      language: r.language,
      createdAt: r.createdAt.toISOString(),
      sendAfter: r.sendAfter?.toISOString() ?? null,
    })),
    nextCursor: found.length > query.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

/** Who recorded and approved each payment, who waived or asked to waive each charge; the member and the thresholds. */
export async function servicingStaff(deps: AppDeps, loanId: string) {
  const loan = await loanById(deps.db, loanId);
  const payments = await deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.id));
  const charges = await deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loan.id));
  const [member] = await deps.db.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.id, loan.memberId));
  const who = await names(deps, [...payments.flatMap((p) => [p.actorUserId, p.approvedBy]), ...charges.flatMap((c) => [c.waivedBy, c.waiveRequestedBy])]);
  return {
    staff: {
      payments: payments
        .filter((p) => p.source === 'OFFICER')
        .map((p) => ({
          paymentId: p.id,
          recordedBy: ref(who, p.actorUserId, p.actorRole),
          approvedBy: ref(who, p.approvedBy),
          approvedAt: p.approvedAt?.toISOString() ?? null,
        })),
      charges: charges
        .filter((c) => c.waivedBy !== null || c.waiveRequestedAt !== null)
        .map((c) => ({
          chargeId: c.id,
          waivedBy: ref(who, c.waivedBy),
          waiveRequest:
            c.waiveRequestedAt && c.waiveRequestReasonCode
              ? {
                  by: ref(who, c.waiveRequestedBy),
                  at: c.waiveRequestedAt.toISOString(),
                  reasonCode: c.waiveRequestReasonCode,
                  note: c.waiveRequestNote,
                  closedAt: c.waiveRequestClosedAt?.toISOString() ?? null,
                }
              : null,
        })),
      member: { id: member?.id ?? loan.memberId, name: member?.name ?? '—' },
      paymentApprovalThreshold: toDecimalString(deps.config.servicing.approvalThreshold),
      waiverApprovalThreshold: toDecimalString(deps.config.servicing.waiverApprovalThreshold),
    },
  };
}
