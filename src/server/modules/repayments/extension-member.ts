import { and, desc, eq, gte, isNull, like } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loanExtensionEvents, loanExtensions, loanInstalments, otpChallenges } from '../../db/schema';
import { AppError } from '../../http/errors';
import { issueCode, verifyCode } from '../../otp/service';
import { languageOfUser, messageText, queueSms, withCode } from '../../providers/notify';
import type { RequestOrigin } from '../../http/request-origin';
import type { SessionAuth } from '../../sessions/store';
import { EXTENSION_NOTICE_DAYS } from '../../../shared/loan/extension';
import { toDecimalString } from '../../../shared/money/money';
import { maskPhoneNational } from '../../../shared/phone/phone';
import type { ExtensionDto } from '../../../shared/schemas/extensions';
import { memberLoan } from './core';
import { loanById, loanNumberOf } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { transition } from '../../domain/loans/transition';
import { disclosureOfPlan, EXTENSION_FEE, eligibilityOf, planFor } from './extension-plan';
import { extensionDto, extensionTransition, latestExtension, openExtension } from './extension-views';
import { codeTextValues } from '../../../shared/codes/rules';
import { text } from '../../../shared/i18n/text';

/**
 * The borrower's side of extensions (/api/loans/current/extension, identity from the session):
 * ask for a new term, withdraw, and sign the approved offer's disclosure statement with a one-time
 * code (the CONTRACT_SIGNING machinery and its limits, bound to the SHA-256 of exactly that
 * statement). Signing is when the new schedule takes effect, in one transaction with the loan row
 * locked and the plan recomputed: a payment or charge since the approval changes the statement and
 * refuses the code (EXTENSION_CHANGED).
 */

function signingSubject(extensionId: string, sha256: string): string {
  return `extension:${extensionId}:${sha256}`;
}

export async function currentExtension(deps: AppDeps, userId: string) {
  const loan = await memberLoan(deps.db, userId);
  const row = await latestExtension(deps.db, loan.id);
  const eligibility = await eligibilityOf(deps.db, deps, loan);
  return {
    eligibility: { ...eligibility, noticeDays: EXTENSION_NOTICE_DAYS },
    extension: row ? await extensionDto(deps.db, deps, row, loan) : null,
  };
}

export async function requestExtension(deps: AppDeps, auth: SessionAuth, newTerm: number, ctx: RequestOrigin): Promise<{ extension: ExtensionDto }> {
  return deps.db.transaction(async (tx) => {
    const loan = await memberLoan(tx, auth.userId, true);
    if (await openExtension(tx, loan.id)) throw new AppError(409, 'EXTENSION_OPEN', text('extensions.errors.alreadyOpen'));
    const { plan } = await planFor(tx, deps, loan, newTerm, EXTENSION_FEE);
    const now = deps.clock.now();
    const [created] = await tx
      .insert(loanExtensions)
      .values({
        loanId: loan.id,
        memberId: auth.userId,
        status: 'REQUESTED',
        newTerm,
        fromLine: plan.fromLine,
        remainingPrincipal: plan.remainingPrincipal,
        newEndDate: plan.newEndDate,
        fee: EXTENSION_FEE,
        requestedAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(loanExtensionEvents).values({
      extensionId: created!.id,
      fromStatus: null,
      toStatus: 'REQUESTED',
      action: 'REQUEST',
      actorUserId: auth.userId,
      actorRole: 'MEMBER',
      at: now,
    });
    // The borrower's record that the request was received (the page says so at once); the officers
    // see it in the back office's extension queue and its count in the menu.
    await queueSms(
      tx,
      {
        to: auth.phone,
        body: messageText(await languageOfUser(tx, auth.userId), 'extensions.sms.received', {
          company: deps.config.company.shortName,
          loan: loanNumberOf(deps, loan.number),
          months: newTerm,
        }),
      },
      ctx,
    );
    return { extension: await extensionDto(tx, deps, created!, loan) };
  });
}

async function openOf(deps: AppDeps, userId: string) {
  const loan = await memberLoan(deps.db, userId);
  const row = await openExtension(deps.db, loan.id);
  if (!row) throw new AppError(404, 'EXTENSION_NOT_FOUND', text('extensions.errors.noRequest'));
  return { loan, row };
}

export async function withdrawExtension(deps: AppDeps, auth: SessionAuth): Promise<{ extension: ExtensionDto }> {
  const { row } = await openOf(deps, auth.userId);
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, row.loanId, true);
    const current = await openExtension(tx, loan.id, true);
    if (!current || current.id !== row.id) throw new AppError(409, 'EXTENSION_STATE', text('extensions.errors.decided'));
    const updated = await extensionTransition(tx, current, 'WITHDRAW', { by: 'MEMBER', userId: auth.userId, role: 'MEMBER', at: deps.clock.now() });
    return { extension: await extensionDto(tx, deps, updated, loan) };
  });
}

/** The approved offer as it stands now, with the SHA-256 its code binds; refusals when it no longer stands. */
async function approvedOffer(deps: AppDeps, userId: string) {
  const { loan, row } = await openOf(deps, userId);
  if (row.status !== 'APPROVED') throw new AppError(409, 'EXTENSION_STATE', text('extensions.errors.notApproved'));
  const { plan } = await planFor(deps.db, deps, loan, row.newTerm, row.fee);
  return { loan, row, plan, ...disclosureOfPlan(deps, loan, row.id, plan) };
}

export async function requestExtensionCode(deps: AppDeps, auth: SessionAuth, ctx: RequestOrigin) {
  const offer = await approvedOffer(deps, auth.userId);
  return deps.db.transaction(async (tx) => {
    const issued = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'CONTRACT_SIGNING',
      phone: auth.phone,
      subject: signingSubject(offer.row.id, offer.sha256),
    });
    const values = { company: deps.config.company.shortName, loan: loanNumberOf(deps, offer.loan.number) };
    const language = await languageOfUser(tx, auth.userId);
    await queueSms(
      tx,
      {
        to: auth.phone,
        body: withCode((code) => messageText(language, 'extensions.sms.code', { ...values, code, ...codeTextValues() }), issued.code),
      },
      ctx,
    );
    return { sentTo: maskPhoneNational(auth.phone), expiresAt: issued.expiresAt.toISOString(), resendAvailableAt: issued.resendAvailableAt.toISOString() };
  });
}

export async function signExtension(
  deps: AppDeps,
  auth: SessionAuth,
  code: string,
  ctx: RequestOrigin & { userAgent: string | null },
): Promise<{ extension: ExtensionDto }> {
  const offer = await approvedOffer(deps, auth.userId);
  // A code sent for another statement of this extension (a payment since changed it): say so.
  const [sent] = await deps.db
    .select({ subject: otpChallenges.subject })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.purpose, 'CONTRACT_SIGNING'), like(otpChallenges.subject, `extension:${offer.row.id}:%`), isNull(otpChallenges.supersededAt)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  if (sent && sent.subject !== signingSubject(offer.row.id, offer.sha256)) throw new AppError(409, 'EXTENSION_CHANGED', text('extensions.errors.changed'));
  // Checked outside the transaction so that a wrong try counts (as for the contract).
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, { purpose: 'CONTRACT_SIGNING', subject: signingSubject(offer.row.id, offer.sha256), code });
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, offer.loan.id, true);
    const row = await openExtension(tx, loan.id, true);
    if (!row || row.id !== offer.row.id || row.status !== 'APPROVED') throw new AppError(409, 'EXTENSION_STATE', text('extensions.errors.notApproved'));
    const { plan } = await planFor(tx, deps, loan, row.newTerm, row.fee);
    const signed = disclosureOfPlan(deps, loan, row.id, plan);
    if (signed.sha256 !== offer.sha256) throw new AppError(409, 'EXTENSION_CHANGED', text('extensions.errors.changed'));
    const now = deps.clock.now();
    // The new schedule: the lines from the first one not fully paid are replaced, numbered and
    // dated as the loan's; what was paid on an old line stays paid on the new line of its number
    // (plan.stored). The ledger is unchanged.
    const today = todayPh(deps);
    await tx.delete(loanInstalments).where(and(eq(loanInstalments.loanId, loan.id), gte(loanInstalments.number, plan.fromLine)));
    await tx.insert(loanInstalments).values(
      plan.stored.map((l) => ({
        loanId: loan.id,
        number: l.number,
        dueDate: l.dueDate,
        principal: l.principal,
        interest: l.interest,
        fees: l.fees,
        total: l.total,
        principalPaid: l.principalPaid,
        interestPaid: l.interestPaid,
        feesPaid: l.feesPaid,
        paidOn: l.principalPaid + l.interestPaid + l.feesPaid === l.total ? today : null,
      })),
    );
    const updated = await extensionTransition(tx, row, 'SIGN', {
      by: 'MEMBER',
      userId: auth.userId,
      role: 'MEMBER',
      at: now,
      changes: {
        fromLine: plan.fromLine,
        remainingPrincipal: plan.remainingPrincipal,
        newEndDate: plan.newEndDate,
        totalMonths: plan.totalMonths,
        contractualMonthlyRate: String(plan.schedule.contractualMonthlyRate),
        disclosureJson: JSON.stringify(signed.disclosure),
        documentsSha256: signed.sha256,
        signedAt: now,
        signerIp: ctx.ip,
        signerUserAgent: ctx.userAgent?.slice(0, 300) ?? null,
      },
    });
    await transition(tx, loan, 'EXTEND', {
      actor: { userId: auth.userId, role: 'MEMBER' },
      at: now,
      data: {
        extensionId: row.id,
        fromLine: plan.fromLine,
        newTerm: row.newTerm,
        remainingPrincipal: toDecimalString(plan.remainingPrincipal),
        newEndDate: plan.newEndDate,
        documentsSha256: signed.sha256,
      },
    });
    await queueSms(
      tx,
      {
        to: auth.phone,
        body: messageText(await languageOfUser(tx, auth.userId), 'extensions.sms.effective', {
          company: deps.config.company.shortName,
          loan: loanNumberOf(deps, loan.number),
          due: plan.schedule.lines[0]!.dueDate,
        }),
      },
      ctx,
    );
    return { extension: await extensionDto(tx, deps, updated, loan) };
  });
}
