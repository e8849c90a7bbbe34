import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import {
  asLanguage,
  queueSms,
  queueSmsAndEmail,
  smsAndEmailRows,
  withCode,
  type OutgoingEmail,
  type OutgoingSms,
  type QueueOptions,
} from '../../providers/notify';
import type { AnswerMessage } from '../../http/idempotency';
import { withdrawals as enMessages } from '../../../shared/i18n/en/withdrawals';
import { withdrawals as filMessages } from '../../../shared/i18n/fil/withdrawals';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/lookup';
import { formatMoney } from '../../../shared/money/money';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import type { WithdrawalStatus } from '../../../shared/states/withdrawal';
import { isPayoutFailureReason, withdrawalReasonText } from '../../../shared/reasons/catalogue';
import { referenceOf, type WithdrawalRow } from './views';
import { maskAccountNumber } from '../../../shared/phone/account-number';
import { CODE_DIGITS, CODE_TTL_MINUTES } from '../../../shared/codes/rules';

/**
 * The member's SMS and e-mail for each withdrawal state change, from fixed
 * templates (the 'withdrawals' i18n namespace): only the member's own withdrawal, nothing shaming.
 * Written to the outbox in the same transaction as the change. What the member did not cause right
 * then waits for 06:00 to 22:00 Philippine time (DECISIONS.md invariant 10).
 */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export interface Recipient {
  /** users.id: the e-mail goes only to this member's verified address (providers/notify.ts, decision 051). */
  readonly memberId: string;
  readonly phone: string;
  readonly email: string;
  readonly fullName: string;
  /** The member's language: every template below is taken from its catalogue. */
  readonly language: Language;
}

/** The 'withdrawals' templates in the member's language. */
function templatesOf(language: Language): typeof enMessages.notify {
  return (language === 'fil' ? filMessages.notify : enMessages.notify) as typeof enMessages.notify;
}

async function recipientOf(tx: Tx, memberId: string): Promise<Recipient> {
  const [row] = await tx
    .select({ phone: users.phone, email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, memberId));
  return recipientFrom(memberId, row);
}

/** The member's contact as a statement read it beside other columns (null columns: no such member). */
export function recipientFrom(
  memberId: string,
  row: { phone: string | null; email: string | null; fullName: string | null; language: string | null } | undefined,
): Recipient {
  if (!row || row.phone === null || row.email === null || row.fullName === null) throw new Error(`withdrawal member ${memberId} not found`);
  return { memberId, phone: row.phone, email: row.email, fullName: row.fullName, language: asLanguage(row.language) };
}

function values(deps: AppDeps, row: WithdrawalRow, extra: Record<string, string> = {}): Record<string, string> {
  return {
    company: deps.config.company.shortName,
    reference: referenceOf(deps, row.number),
    amount: formatMoney(row.amount),
    destination: `${row.destInstitutionName} ${maskAccountNumber(row.destKind, row.destAccountNumber)}`,
    supportEmail: deps.config.company.supportEmail,
    digits: String(CODE_DIGITS),
    ...extra,
  };
}

function email(deps: AppDeps, to: Recipient, row: WithdrawalRow, text: string): string {
  const v = values(deps, row, { name: to.fullName });
  const t = templatesOf(to.language);
  return [fill(t.greeting, v), '', text, '', fill(t.emailFooter, v)].join('\n');
}

/** The SMS with the confirmation code; stored with its redacted form (the code masked). */
function codeSms(deps: AppDeps, to: Recipient, row: WithdrawalRow, code: string) {
  return withCode((c) => fill(templatesOf(to.language).requested.sms, values(deps, row, { code: c, minutes: String(CODE_TTL_MINUTES) })), code);
}

/**
 * The outbox rows of the code SMS (and an e-mail without the code): the member just asked, so at
 * once. The request writes them with its answer (http/idempotency.ts, decision 041).
 */
export function requestedMessages(deps: AppDeps, to: Recipient, row: WithdrawalRow, code: string, requestId: string | null): AnswerMessage[] {
  const t = templatesOf(to.language);
  return smsAndEmailRows(
    { to: to.phone, body: codeSms(deps, to, row, code) },
    { to: to.email, member: to.memberId, subject: t.requested.subject, body: email(deps, to, row, fill(t.requestedEmail, values(deps, row))) },
    { requestId },
  );
}

/** A new code for the same withdrawal (resend): SMS only, at once. */
export async function notifyCode(tx: Tx, deps: AppDeps, row: WithdrawalRow, code: string, requestId: string | null): Promise<void> {
  const to = await recipientOf(tx, row.memberId);
  await queueSms(tx, { to: to.phone, body: codeSms(deps, to, row, code) }, { requestId });
}

export type NotifiedStatus = Exclude<WithdrawalStatus, 'AWAITING_CODE'>;

/** A state change the member is told about, and what decides when and how. */
export interface StatusNotice {
  /** The withdrawal as it is after the change. */
  readonly row: WithdrawalRow;
  readonly status: NotifiedStatus;
  readonly at: Date;
  /** The member caused it right then (sent at once); otherwise it waits for the quiet hours to end. */
  readonly causedByMember: boolean;
  readonly requestId: string | null;
  /** More template values (a split withdrawal's amounts sent and returned). */
  readonly extra?: Record<string, string>;
}

/** A state change: SMS and e-mail, held for the quiet hours unless the member caused it right then. */
export async function notifyStatus(tx: Tx, deps: AppDeps, notice: StatusNotice): Promise<void> {
  const to = await recipientOf(tx, notice.row.memberId);
  await queueSmsAndEmail(tx, ...statusMessage(deps, to, notice));
}

/** notifyStatus's outbox rows, for a caller that writes them with its answer (decision 041). */
export function statusMessages(deps: AppDeps, to: Recipient, notice: StatusNotice): AnswerMessage[] {
  return smsAndEmailRows(...statusMessage(deps, to, notice));
}

function statusMessage(
  deps: AppDeps,
  to: Recipient,
  { row, status, at, causedByMember, requestId, extra = {} }: StatusNotice,
): [OutgoingSms, OutgoingEmail, QueueOptions] {
  const template = templatesOf(to.language)[status];
  const sendAfter = sendAfterFor(at, causedByMember);
  const text = fill(template.sms, values(deps, row, extra));
  // Only the catalogue's text of the reason code: never an officer's or a provider's free text.
  const code = status === 'FAILED' || status === 'PARTLY_PAID' ? row.failureReasonCode : null;
  const detail =
    code && isPayoutFailureReason(code) ? `\n\n${to.language === 'fil' ? translate('fil', `reasons.payoutFailure.${code}`) : withdrawalReasonText(code)}` : '';
  return [
    { to: to.phone, body: text },
    { to: to.email, member: to.memberId, subject: template.subject, body: email(deps, to, row, `${text}${detail}`) },
    { sendAfter, requestId },
  ];
}
