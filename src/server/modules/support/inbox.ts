import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { contactMessages, payoutAccounts, users } from '../../db/schema';
import { writeAudit, type AuditContext } from '../../audit';
import { AppError, fieldError } from '../../http/errors';
import { languageOfUser, messageText, queueEmail, staffNotice } from '../../providers/notify';
import type { SessionAuth } from '../../sessions/store';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { text } from '../../../shared/i18n/text';
import { lenderTextContext } from '../../../shared/company/lender-text';
import { staffTextProblem } from '../../../shared/reasons/staff-text';
import type { SupportInboxQuery, SupportInboxResponse, SupportMessage } from '../../../shared/schemas/support-inbox';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { isSupportStatus, supportTransition, type SupportAction, type SupportStatus } from '../../../shared/states/support';

/**
 * The support inbox: staff read the contact-form messages, take one (assign),
 * answer it by e-mail through the outbox, close or reopen it. Every action moves the message
 * through the state machine (src/shared/states/support.ts) and is audited in the same transaction.
 */

type Row = typeof contactMessages.$inferSelect;

async function staffNames(db: AppDeps['db'] | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function view(row: Row, names: Map<string, string>): SupportMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: isSupportStatus(row.status) ? row.status : 'NEW',
    memberId: row.userId,
    assignedTo: row.assignedTo ? { id: row.assignedTo, name: names.get(row.assignedTo) ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/support/messages: newest first, a page at a time, optionally one status. */
export async function listInbox(deps: AppDeps, q: SupportInboxQuery): Promise<SupportInboxResponse> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(contactMessages.status, q.status));
  if (q.cursor) where.push(lt(contactMessages.seq, BigInt(q.cursor)));
  const rows = await deps.db
    .select()
    .from(contactMessages)
    .where(and(...where))
    .orderBy(desc(contactMessages.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const staff = await deps.db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(users.fullName);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const missing = page.map((r) => r.assignedTo).filter((id): id is string => id !== null && !names.has(id));
  for (const [id, name] of await staffNames(deps.db, missing)) names.set(id, name);
  return {
    messages: page.map((r) => view(r, names)),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null,
    staff,
  };
}

/** Locks the message and checks the state machine allows the action. */
async function lockFor(tx: Tx, messageId: string, action: SupportAction): Promise<{ row: Row; to: SupportStatus }> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const from = isSupportStatus(row.status) ? row.status : 'NEW';
  const step = supportTransition(from, action);
  if (!step) throw new AppError(409, 'SUPPORT_STATE');
  return { row, to: step.to };
}

async function answer(tx: Tx, id: string): Promise<SupportMessage> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
  return view(row!, await staffNames(tx, row!.assignedTo ? [row!.assignedTo] : []));
}

/** POST .../assign {staffId}: to an OFFICER or ADMIN (a member or an unknown id is refused). */
export async function assignMessage(deps: AppDeps, staff: SessionAuth, messageId: string, input: { staffId: string }, ctx: AuditContext) {
  return deps.db.transaction(async (tx) => {
    const { row, to } = await lockFor(tx, messageId, 'ASSIGN');
    const [assignee] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, input.staffId));
    if (!assignee || !(STAFF_ROLES as readonly string[]).includes(assignee.role)) {
      throw fieldError({ staffId: 'validation.supportStaff' });
    }
    const now = deps.clock.now();
    await tx.update(contactMessages).set({ status: to, assignedTo: assignee.id }).where(eq(contactMessages.id, row.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'SUPPORT_ASSIGN',
      subjectType: 'CONTACT_MESSAGE',
      subjectId: row.id,
      details: { from: row.status, to, assignedTo: assignee.id, previouslyAssignedTo: row.assignedTo },
      ip: ctx.ip,
      at: now,
    });
    return { message: await answer(tx, row.id) };
  });
}

/**
 * The numbers a reply to this message may quote: the member's own phone and payout account (a reply
 * to an anonymous sender may quote none).
 */
async function memberNumbers(tx: Tx, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const [member] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const accounts = await tx.select({ number: payoutAccounts.accountNumber }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return [...(member ? [member.phone] : []), ...accounts.map((a) => a.number)];
}

/** The officer's words as a quotation: every line marked, so nothing in them reads as the lender's own text. */
function quoted(words: string): string {
  return words
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * POST .../reply {text}: the officer's own words, by e-mail (plain text, never HTML) to the address
 * the person gave, quoted as that named officer's words under a fixed subject, with the standing
 * warning that the lender never asks for a payment to release or unlock a loan and the footer, in
 * the member's language (a signed-in sender) or English. The words go through the one check of
 * staff text a borrower reads (reasons/staff-text.ts, decision 060): a link outside the lender's
 * own, someone else's account or phone number, a payment instruction or an advance fee is refused
 * (400 on the field `text`, with the reason and what was found). Queued in the outbox in the same
 * transaction; audited with the text.
 */
export async function replyToMessage(deps: AppDeps, staff: SessionAuth, messageId: string, input: { text: string }, ctx: AuditContext) {
  return deps.db.transaction(async (tx) => {
    const { row, to } = await lockFor(tx, messageId, 'REPLY');
    const company = deps.config.company;
    const problem = staffTextProblem(input.text, lenderTextContext(company, deps.config.publicOrigins, await memberNumbers(tx, row.userId)));
    if (problem) {
      throw new AppError(400, 'VALIDATION_FAILED', undefined, {
        text: text('backoffice.validation.staffTextFound', { reason: text(`backoffice.validation.staffText.${problem.code}`), found: problem.found }),
      });
    }
    const now = deps.clock.now();
    const language = row.userId ? await languageOfUser(tx, row.userId) : DEFAULT_LANGUAGE;
    const [officer] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, staff.userId));
    const names = { company: company.companyName, supportEmail: company.supportEmail };
    const body = [
      messageText(language, 'messages.support.replyIntro', { officer: officer?.name ?? '', company: company.companyName }),
      quoted(input.text),
      messageText(language, 'messages.support.replyWarning', names),
      messageText(language, 'messages.support.replyFooter', names),
    ].join('\n\n');
    const queued = await queueEmail(
      tx,
      {
        to: row.email,
        // A signed-in sender is a member: only to their verified address (decision 051).
        member: row.userId,
        subject: messageText(language, 'messages.support.replySubject', { company: company.shortName }),
        body,
      },
      staffNotice(ctx, now),
    );
    // Nothing written: the officer is told, and the message stays as it was (no pretend "replied").
    if (!queued) throw new AppError(409, 'EMAIL_NOT_VERIFIED');
    await tx
      .update(contactMessages)
      .set({ status: to, handledAt: now, assignedTo: row.assignedTo ?? staff.userId })
      .where(eq(contactMessages.id, row.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'SUPPORT_REPLY',
      subjectType: 'CONTACT_MESSAGE',
      subjectId: row.id,
      details: { from: row.status, to, text: input.text },
      ip: ctx.ip,
      at: now,
    });
    return { message: await answer(tx, row.id) };
  });
}

/** POST .../close and .../reopen. */
export async function moveMessage(deps: AppDeps, staff: SessionAuth, messageId: string, action: 'CLOSE' | 'REOPEN', ctx: AuditContext) {
  return deps.db.transaction(async (tx) => {
    const { row, to } = await lockFor(tx, messageId, action);
    const now = deps.clock.now();
    await tx
      .update(contactMessages)
      .set({ status: to, ...(action === 'CLOSE' ? { handledAt: row.handledAt ?? now } : {}) })
      .where(eq(contactMessages.id, row.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: action === 'CLOSE' ? 'SUPPORT_CLOSE' : 'SUPPORT_REOPEN',
      subjectType: 'CONTACT_MESSAGE',
      subjectId: row.id,
      details: { from: row.status, to },
      ip: ctx.ip,
      at: now,
    });
    return { message: await answer(tx, row.id) };
  });
}
