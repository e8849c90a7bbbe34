import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { queueEmail, queueSms, withCode } from '../../providers/notify';
import { withdrawals as messages } from '../../../shared/i18n/en/withdrawals';
import { formatMoney } from '../../../shared/money/money';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import type { WithdrawalStatus } from '../../../shared/states/withdrawal';
import { isPayoutFailureReason, withdrawalReasonText } from '../../../shared/reasons/catalogue';
import { maskAccount, referenceOf, type WithdrawalRow } from './views';

/**
 * The member's SMS and e-mail for each withdrawal state change (issue 5 item 6), from fixed
 * templates (the 'withdrawals' i18n namespace): only the member's own withdrawal, nothing shaming.
 * Written to the outbox in the same transaction as the change. What the member did not cause right
 * then waits for 06:00 to 22:00 Philippine time (DECISIONS.md invariant 10).
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

async function recipientOf(tx: Tx, memberId: string): Promise<{ phone: string; email: string; fullName: string }> {
  const [row] = await tx.select({ phone: users.phone, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, memberId));
  if (!row) throw new Error(`withdrawal member ${memberId} not found`);
  return row;
}

function values(deps: AppDeps, row: WithdrawalRow, extra: Record<string, string> = {}): Record<string, string> {
  return {
    company: deps.config.company.shortName,
    reference: referenceOf(deps, row.number),
    amount: formatMoney(row.amount),
    destination: `${row.destInstitutionName} ${maskAccount(row.destAccountNumber)}`,
    supportEmail: deps.config.company.supportEmail,
    ...extra,
  };
}

function email(deps: AppDeps, name: string, row: WithdrawalRow, text: string): string {
  const v = values(deps, row, { name });
  return [fill(messages.notify.greeting, v), '', text, '', fill(messages.notify.emailFooter, v)].join('\n');
}

/** The SMS with the confirmation code; stored with its redacted form (the code masked). */
function codeSms(deps: AppDeps, row: WithdrawalRow, code: string) {
  return withCode((c) => fill(messages.notify.requested.sms, values(deps, row, { code: c })), code);
}

/** The code SMS (and an e-mail without the code): the member just asked, so at once. */
export async function notifyRequested(tx: Tx, deps: AppDeps, row: WithdrawalRow, code: string): Promise<void> {
  const to = await recipientOf(tx, row.memberId);
  await queueSms(tx, { to: to.phone, body: codeSms(deps, row, code) });
  await queueEmail(tx, {
    to: to.email,
    subject: messages.notify.requested.subject,
    body: email(deps, to.fullName, row, fill(messages.notify.requestedEmail, values(deps, row))),
  });
}

/** A new code for the same withdrawal (resend): SMS only, at once. */
export async function notifyCode(tx: Tx, deps: AppDeps, row: WithdrawalRow, code: string): Promise<void> {
  const to = await recipientOf(tx, row.memberId);
  await queueSms(tx, { to: to.phone, body: codeSms(deps, row, code) });
}

type NotifiedStatus = Exclude<WithdrawalStatus, 'AWAITING_CODE'>;

/** A state change: SMS and e-mail, held for the quiet hours unless the member caused it right then. */
export async function notifyStatus(tx: Tx, deps: AppDeps, row: WithdrawalRow, status: NotifiedStatus, at: Date, causedByMember: boolean): Promise<void> {
  const to = await recipientOf(tx, row.memberId);
  const template = messages.notify[status];
  const sendAfter = sendAfterFor(at, causedByMember);
  const text = fill(template.sms, values(deps, row));
  await queueSms(tx, { to: to.phone, body: text }, { sendAfter });
  // Only the catalogue's text of the reason code: never an officer's or a provider's free text.
  const code = status === 'FAILED' ? row.failureReasonCode : null;
  const detail = code && isPayoutFailureReason(code) ? `\n\n${withdrawalReasonText(code)}` : '';
  await queueEmail(tx, { to: to.email, subject: template.subject, body: email(deps, to.fullName, row, `${text}${detail}`) }, { sendAfter });
}
