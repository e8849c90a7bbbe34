import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { outboxMessages, users } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { translate } from '../../shared/i18n/lookup';
import { sendAfterFor } from '../../shared/notify/quiet-hours';

/**
 * SMS and e-mail. A message is written to the outbox table in the same transaction as the change
 * that caused it, and delivered after commit by the delivery worker (src/server/modules/delivery)
 * through the configured adapter (src/server/providers/messages). The offline default adapter
 * ('outbox') delivers nothing outside the table: the page /dev/outbox shows it.
 */
export interface OutgoingSms {
  readonly to: string;
  /** Plain text, or a text carrying a one-time code (withCode): then its redacted form is stored beside it. */
  readonly body: string | CodeText;
}

/** What a one-time code is shown as wherever the message is read back (a data export, ...). */
export const CODE_MASK = '••••••';

/** A message that carries a one-time code: the text to deliver, and the same text with the code masked. */
export interface CodeText {
  readonly text: string;
  readonly redacted: string;
}

/**
 * Renders a message around a one-time code twice from the same template: once with the code (for
 * the phone only) and once with CODE_MASK in its place (for everything that reads the outbox back).
 * The redaction follows the template, never a search in free text.
 */
export function withCode(render: (code: string) => string, code: string): CodeText {
  return { text: render(code), redacted: render(CODE_MASK) };
}
export interface OutgoingEmail {
  readonly to: string;
  /**
   * The member the e-mail is for (users.id). It is queued only when `to` is that member's
   * VERIFIED address (users.email with email_verified_at set, decision 051); otherwise no row is
   * written (the SMS beside it still is). null only for a reply to someone without an account (a
   * contact-form message sent signed out, to the address they gave for it).
   */
  readonly member: string | null;
  readonly subject: string;
  readonly body: string;
}

/** An outbox row as queued: the table's columns, and for an e-mail the member whose verified address it must go to. */
export type QueuedMessage = typeof outboxMessages.$inferInsert & { readonly member?: string | null };

/**
 * Delivery options: `sendAfter` holds the message until then (quiet hours, src/shared/notify/quiet-hours.ts).
 * `requestId` is required so that no caller can forget it: the id of the request that queues the
 * message (request.id, x-request-id), stored in the row so that the delivery pass logs it as
 * originReqId (decision 045); null from a job or a script. A request's context (AuditContext,
 * RequestOrigin, a module's RequestContext) carries it and may be passed as the options as it is.
 */
export interface QueueOptions {
  readonly requestId: string | null;
  readonly sendAfter?: Date | null;
  /** What the recipient is replaced by once the message is sent or dead (a deleted member's last notice: decision 029). */
  readonly recipientAfterSend?: string | null;
}

/**
 * The options of a notice the lender sends about something staff did at `at` (a decision on a
 * request, a disbursement): held until 06:00 Manila when `at` falls in the quiet hours, so the outbox
 * says when it leaves from the moment it is queued (the delivery worker holds it anyway; decision 062).
 */
export function staffNotice(ctx: { readonly requestId: string | null }, at: Date): QueueOptions {
  return { requestId: ctx.requestId, sendAfter: sendAfterFor(at, false) };
}

function smsRow(sms: OutgoingSms, options: QueueOptions): typeof outboxMessages.$inferInsert {
  const body = typeof sms.body === 'string' ? { text: sms.body, redacted: null } : sms.body;
  return {
    channel: 'SMS',
    recipient: sms.to,
    body: body.text,
    redactedBody: body.redacted,
    sendAfter: options.sendAfter ?? null,
    recipientAfterSend: options.recipientAfterSend ?? null,
    requestId: options.requestId,
  };
}

function emailRow(email: OutgoingEmail, options: QueueOptions): QueuedMessage {
  return {
    channel: 'EMAIL',
    member: email.member,
    recipient: email.to,
    subject: email.subject,
    body: email.body,
    sendAfter: options.sendAfter ?? null,
    recipientAfterSend: options.recipientAfterSend ?? null,
    requestId: options.requestId,
  };
}

export async function queueSms(db: DbOrTx, sms: OutgoingSms, options: QueueOptions): Promise<void> {
  await db.insert(outboxMessages).values(smsRow(sms, options));
}

/**
 * Queues an e-mail to a member's verified address (OutgoingEmail.member): one statement, which
 * writes the row only when the address is verified (VERIFIED_EMAIL_ONLY). Answers whether it was queued.
 */
export async function queueEmail(db: DbOrTx, email: OutgoingEmail, options: QueueOptions): Promise<boolean> {
  return (await insertMessages(db, [emailRow(email, options)])) === 1;
}

/**
 * The one exception to VERIFIED_EMAIL_ONLY (decision 051): the code that verifies an address goes
 * to that address before it is verified. Stored with its redacted form (the code masked), as a
 * code SMS is. Nothing but identity's e-mail verification calls it.
 */
export async function queueEmailVerificationCode(
  db: DbOrTx,
  email: { readonly to: string; readonly subject: string; readonly body: CodeText },
  options: QueueOptions,
): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: 'EMAIL',
    recipient: email.to,
    subject: email.subject,
    body: email.body.text,
    redactedBody: email.body.redacted,
    sendAfter: options.sendAfter ?? null,
    recipientAfterSend: options.recipientAfterSend ?? null,
    requestId: options.requestId,
  });
}

/**
 * The outbox rows of an SMS and an e-mail about the same event (queueSmsAndEmail's), for a caller
 * that writes them with its last statement (http/idempotency.ts: the answer and its messages, decision 041).
 * The e-mail row is written only to the member's verified address (queueMessagesSql's condition).
 */
export function smsAndEmailRows(sms: OutgoingSms, email: OutgoingEmail, options: QueueOptions): QueuedMessage[] {
  return [smsRow(sms, options), emailRow(email, options)];
}

/**
 * THE rule of decision 051, in the one statement every queued message goes through
 * (queueMessagesSql): an SMS always; an e-mail to a member only when its recipient is that
 * member's verified address (users.email, email_verified_at set), at the moment of queueing; an
 * e-mail with no member (a reply to a signed-out contact-form sender) to the address given.
 */
// A scalar subquery, not `exists (...)`: under the OR PostgreSQL may plan an EXISTS as a hashed
// subplan (every verified user read into a hash for each statement: a whole scan of users for every
// receipt, 7 ms at 20,000 members), where a scalar subquery is always one index probe per message.
const VERIFIED_EMAIL_ONLY = sql.raw(`(m.channel <> 'EMAIL' or m.member is null or coalesce((
      select true from users u where u.id = m.member::uuid and u.email = m.recipient and u.email_verified_at is not null limit 1
    ), false))`);

/** Writes outbox rows through queueMessagesSql's statement; answers how many were written. */
async function insertMessages(db: DbOrTx, rows: readonly QueuedMessage[]): Promise<number> {
  const result = await db.execute(queuedRowsSql(sql`${messagesJson(rows)}`));
  return result.rows.length;
}

/**
 * The body of a CTE that queues outbox rows given as one JSON parameter (`placeholder`, written by
 * messagesJson), in their order, returning a row per message: for a statement that writes its
 * messages with its other rows (http/idempotency.ts, the answer and its messages: decision 041).
 * The same rows as queueSms / queueEmail (status, attempts and times from the table's defaults).
 */
export function queueMessagesSql(placeholder: string): SQL {
  return queuedRowsSql(sql.placeholder(placeholder));
}

/** The statement that queues `json`'s rows (messagesJson): queueMessagesSql's, with the rows given. */
export function queuedRowsSql(json: SQL | ReturnType<typeof sql.placeholder>): SQL {
  return sql`
    insert into outbox_messages (channel, recipient, subject, body, redacted_body, send_after, recipient_after_send, request_id)
    select m.channel, m.recipient, m.subject, m.body, m.redacted_body, m.send_after, m.recipient_after_send, m.request_id
    from jsonb_to_recordset(${json}::jsonb)
      as m(channel text, member text, recipient text, subject text, body text, redacted_body text, send_after timestamptz, recipient_after_send text, request_id text, ord int)
    where ${VERIFIED_EMAIL_ONLY}
    order by m.ord
    returning 1
  `;
}

/** Outbox rows as queueMessagesSql's parameter: column names, a time as ISO text, the order kept. */
export function messagesJson(rows: readonly QueuedMessage[]): string {
  return JSON.stringify(
    rows.map((row, ord) => ({
      ord,
      channel: row.channel,
      member: row.member ?? null,
      recipient: row.recipient,
      subject: row.subject ?? null,
      body: row.body,
      redacted_body: row.redactedBody ?? null,
      send_after: row.sendAfter ? row.sendAfter.toISOString() : null,
      recipient_after_send: row.recipientAfterSend ?? null,
      request_id: row.requestId ?? null,
    })),
  );
}

/** An SMS and an e-mail about the same event, with the same options, in one insert (the same rows as queueSms then queueEmail). */
export async function queueSmsAndEmail(db: DbOrTx, sms: OutgoingSms, email: OutgoingEmail, options: QueueOptions): Promise<void> {
  await insertMessages(db, smsAndEmailRows(sms, email, options));
}

/** What an erased message's recipient-less fields read (decision 029, addendum). */
const ERASED_MESSAGE = '[deleted]';
const NOT_SENT_ERASED = "not sent: the recipient's data was deleted";

/**
 * Every message to `address` (a deleted member's phone or e-mail, docs/decisions/029 addendum) keeps
 * its channel, times, status and attempts (the record that a notice was given) and loses what it
 * said and to whom: the recipient becomes `replacement`, subject and body ERASED_MESSAGE. A message
 * not delivered yet is not delivered any more (DEAD, with the reason).
 */
export async function eraseMessagesTo(db: DbOrTx, address: string, replacement: string): Promise<number> {
  const erased = await db
    .update(outboxMessages)
    .set({
      recipient: replacement,
      subject: sql`case when ${outboxMessages.subject} is null then null else ${ERASED_MESSAGE}::text end`,
      body: ERASED_MESSAGE,
      redactedBody: null,
      recipientAfterSend: null,
      lastError: sql`case when ${outboxMessages.status} in ('QUEUED', 'SENDING') then ${NOT_SENT_ERASED}::text else ${outboxMessages.lastError} end`,
      status: sql`case when ${outboxMessages.status} in ('QUEUED', 'SENDING') then 'DEAD' else ${outboxMessages.status} end`,
      leaseUntil: null,
      nextAttemptAt: null,
    })
    .where(inArray(outboxMessages.recipient, [address]))
    .returning({ id: outboxMessages.id });
  return erased.length;
}

/**
 * The language a member's SMS and e-mail are written in (users.language: set from the request's
 * language at registration and sign-in, and when the member switches language in the app).
 */
export async function languageOfUser(db: DbOrTx, userId: string): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return asLanguage(row?.language);
}

/** The language of the member with this phone number; `fallback` (the request's) when nobody has it yet. */
export async function languageOfPhone(db: DbOrTx, phone: string, fallback: Language = DEFAULT_LANGUAGE): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.phone, phone)).limit(1);
  return row ? asLanguage(row.language) : fallback;
}

export function asLanguage(value: string | null | undefined): Language {
  return value === 'fil' ? 'fil' : 'en';
}

/** A message template of the catalogue ('messages' namespace and others) in the member's language, placeholders filled. */
export function messageText(language: Language, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return translate(language, key, values);
}
