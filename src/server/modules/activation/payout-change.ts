import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { payoutAccounts, users } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { issueCode, verifyCode } from '../../otp/service';
import { languageOfUser, messageText, queueEmail, queueSms, withCode } from '../../providers/notify';
import { codeTextValues } from '../../../shared/codes/rules';
import { philippineDateTime } from '../../../shared/i18n/philippine-time';
import { findPayoutInstitution } from '../../../shared/activation/payout-institutions';
import { maskPhoneNational } from '../../../shared/phone/phone';
import type { PayoutAccountChangeData, PayoutAccountDetailsData, PayoutAccountResponse } from '../../../shared/schemas/member-settings';
import { isActivated, type AccountState } from '../../../shared/states/account';
import { type Member, type RequestContext } from './service';
import { accountNumberShown, maskAccountNumber } from '../../../shared/phone/account-number';
import { payoutChangeHoldHours, withdrawalsBlockedUntil } from '../../domain/payout-account/hold';
import { text } from '../../../shared/i18n/text';

/**
 * Changing the payout account after activation (DECISIONS.md section 9: free of
 * charge, with re-verification): a PAYOUT_ACCOUNT_CHANGE code is sent by SMS to the member's own
 * phone, bound to exactly the new account's details; the change sets payout_accounts.changed_at,
 * which holds withdrawals for WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS (the withdrawals module
 * reads it), and the member is told by SMS and e-mail. Always the session's member.
 */

type PayoutRow = typeof payoutAccounts.$inferSelect;

function responseOf(deps: AppDeps, row: PayoutRow | undefined): PayoutAccountResponse {
  return {
    account: row
      ? {
          institutionCode: row.institutionCode,
          institutionName: row.institutionName,
          kind: row.kind as 'BANK' | 'EWALLET',
          accountNumber: accountNumberShown(row.kind, row.accountNumber),
          accountNumberMasked: maskAccountNumber(row.kind, row.accountNumber),
          accountName: row.accountName,
          changedAt: row.changedAt?.toISOString() ?? null,
        }
      : null,
    withdrawalsBlockedUntil: withdrawalsBlockedUntil(deps, row?.changedAt, deps.clock.now())?.toISOString() ?? null,
    holdHours: payoutChangeHoldHours(deps),
  };
}

/** GET /api/member/payout-account */
export async function getPayoutAccount(deps: AppDeps, userId: string): Promise<PayoutAccountResponse> {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return responseOf(deps, row);
}

/** The code is bound to the member and to exactly these details. */
function changeSubject(userId: string, details: PayoutAccountDetailsData): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([details.institutionCode, details.accountNumber, details.accountName]))
    .digest('hex');
  return `${userId}:${digest}`;
}

/** The member (activated, with a payout account) and the checks every step repeats; refuses the account already in use. */
async function changeable(deps: AppDeps, userId: string, details: PayoutAccountDetailsData) {
  const [user] = await deps.db.select({ state: users.accountState, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const [current] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  if (!isActivated(user.state as AccountState) || !current) throw new AppError(409, 'CONFLICT', text('settings.payout.notActivated'));
  const institution = findPayoutInstitution(details.institutionCode);
  if (!institution) throw fieldError({ institutionCode: 'activation.validation.bankCode' });
  if (current.institutionCode === institution.code && current.accountNumber === details.accountNumber && current.accountName === details.accountName) {
    throw fieldError({ accountNumber: 'settings.payout.same' });
  }
  return { user, current, institution };
}

/** POST /api/member/payout-account/code: a code by SMS to the member's phone for exactly this new account. */
export async function requestPayoutChangeCode(deps: AppDeps, member: Member, details: PayoutAccountDetailsData, ctx: RequestContext) {
  const { institution } = await changeable(deps, member.userId, details);
  return deps.db.transaction(async (tx) => {
    const issued = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'PAYOUT_ACCOUNT_CHANGE',
      phone: member.phone,
      subject: changeSubject(member.userId, details),
    });
    const language = await languageOfUser(tx, member.userId);
    const values = {
      company: deps.config.company.shortName,
      institution: institution.name,
      account: maskAccountNumber(institution.kind, details.accountNumber),
      ...codeTextValues(),
    };
    await queueSms(
      tx,
      { to: member.phone, body: withCode((code) => messageText(language, 'messages.payout.changeCode', { ...values, code }), issued.code) },
      ctx,
    );
    return { sentTo: maskPhoneNational(member.phone), expiresAt: issued.expiresAt.toISOString(), resendAvailableAt: issued.resendAvailableAt.toISOString() };
  });
}

/**
 * PUT /api/member/payout-account: checks the code (bound to these details) on the server, then
 * replaces the account, sets changed_at and tells the member by SMS and e-mail, in one transaction.
 */
export async function changePayoutAccount(deps: AppDeps, member: Member, input: PayoutAccountChangeData, ctx: RequestContext): Promise<PayoutAccountResponse> {
  const details = { institutionCode: input.institutionCode, accountNumber: input.accountNumber, accountName: input.accountName };
  const { user, institution } = await changeable(deps, member.userId, details);
  // Outside the transaction: a wrong try must stay counted.
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, {
    purpose: 'PAYOUT_ACCOUNT_CHANGE',
    subject: changeSubject(member.userId, details),
    code: input.code,
  });

  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutAccounts)
      .set({
        institutionCode: institution.code,
        institutionName: institution.name,
        kind: institution.kind,
        accountNumber: details.accountNumber,
        accountName: details.accountName,
        changedAt: now,
        updatedAt: now,
      })
      .where(eq(payoutAccounts.userId, member.userId))
      .returning();
    if (!updated) throw new AppError(409, 'CONFLICT', text('settings.payout.notActivated'));
    // In the member's language (users.language), the hold's end in Philippine time.
    const language = await languageOfUser(tx, member.userId);
    const holdEnds = withdrawalsBlockedUntil(deps, now, now);
    const values = {
      company: deps.config.company.shortName,
      account: `${institution.name} ${maskAccountNumber(institution.kind, details.accountNumber)}`,
      until: philippineDateTime(holdEnds ?? now, language),
    };
    const body = messageText(language, holdEnds ? 'messages.payout.changedWithHold' : 'messages.payout.changed', values);
    await queueSms(tx, { to: member.phone, body }, ctx);
    await queueEmail(tx, { to: user.email, member: member.userId, subject: messageText(language, 'messages.payout.changedSubject', values), body }, ctx);
    return updated;
  });
  return responseOf(deps, row);
}
