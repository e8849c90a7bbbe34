import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { pendingRegistrations, recoveryAttempts, users } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError } from '../../http/errors';
import {
  assertAnonymousCodeAllowed,
  codesForSubjectSuffixSince,
  issueCode,
  OTP_HOURLY_LIMIT,
  verifyCode,
  voidLiveCode,
  type AnonymousRequester,
  type BudgetLog,
} from '../../otp/service';
import { HOUR } from '../../clock';
import {
  asLanguage,
  languageOfPhone,
  languageOfUser,
  messageText,
  queueEmail,
  queueEmailVerificationCode,
  queueSms,
  withCode,
  type CodeText,
} from '../../providers/notify';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { createSession, revokeSession, revokeUserSessions, type NewSession, type SessionAuth } from '../../sessions/store';
import { pesos } from '../../../shared/money/money';
import { countryOfPhone, maskPhoneNational } from '../../../shared/phone/phone';
import type { EmailStatus, recoveryResetSchema, registerStartSchema, SessionUser, signInSchema } from '../../../shared/schemas/auth';
import { INITIAL_ACCOUNT_STATE, type AccountState } from '../../../shared/states/account';
import type { Role } from '../../../shared/states/roles';
import { PENDING_REGISTRATION_TTL_MS, RECOVERY_ATTEMPT_TTL_MS } from './cookies';
import { assertPasswordAcceptable, isPasswordAcceptable } from './password-policy';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../sessions/passwords';
import { assertSignInAllowed, recordSignInAttempt } from '../../sessions/rate-limit';
import { deviceOf, findDevice, forgetUserDevices, issueDevice, type NewDevice } from '../../sessions/devices';
import { uniqueViolation } from '../../db/errors';
import { codeTextValues } from '../../../shared/codes/rules';

/** Who is asking: recorded, never used to decide whose data is touched. */
export interface RequestContext {
  readonly ip: string;
  /** The request's id, stored with the SMS and e-mail it queues (decision 045; routes: http/request-origin.ts). */
  readonly requestId: string | null;
  readonly userAgent: string | null;
  /** Where a tripped code budget is reported (the request's logger). */
  readonly log?: BudgetLog;
  /** The language the request was made in (Accept-Language): stored as the member's, for their SMS and e-mail. */
  readonly language?: Language;
  /** The device cookie's token (tapat_dev, sessions/devices.ts), as sent; it counts only for the member it was issued to. */
  readonly deviceToken?: string | null;
}

function requesterOf(deps: AppDeps, ctx: RequestContext, deviceId: string | null = null): AnonymousRequester {
  return { ip: ctx.ip, budgets: deps.config.otpBudgets, ...(ctx.log ? { log: ctx.log } : {}), ...(deviceId ? { deviceId } : {}) };
}

export const RECOVERY_START_MESSAGE = 'If this phone number is registered, we have sent a code to it by SMS.';
export const RECOVERY_DONE_MESSAGE = 'Your password has been changed. Please sign in with your new password.';

function toSessionUser(u: { fullName: string; phone: string; role: string; accountState: string; language: string }): SessionUser {
  return { fullName: u.fullName, phone: u.phone, role: u.role as Role, accountState: u.accountState as AccountState, language: asLanguage(u.language) };
}

/** The signed-in user as the browser sees it. */
export function sessionUserOf(auth: SessionAuth): SessionUser {
  return toSessionUser(auth);
}

/** A code SMS in the member's language; stored with its redacted form beside it (the code masked), see providers/notify.ts. */
function codeSms(deps: AppDeps, language: Language, what: 'verification' | 'passwordReset', code: string): CodeText {
  return withCode((c) => messageText(language, `messages.codes.${what}`, { company: deps.config.company.shortName, code: c, ...codeTextValues() }), code);
}

/** To the owner of a registered phone someone tried to register with: no code, and what to do (in the owner's language). */
function registrationAttemptSms(deps: AppDeps, language: Language): string {
  return messageText(language, 'auth.notices.registrationAttempt', { company: deps.config.company.shortName });
}

async function phoneRegistered(db: DbOrTx, phone: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows.length > 0;
}

/**
 * Field errors for a phone that already belongs to an account. An e-mail address is never refused
 * (decision 051): a new account's address is unverified, and only verified addresses are unique,
 * so nothing here tells whether an address has an account.
 */
async function takenFields(db: DbOrTx, phone: string): Promise<Record<string, string>> {
  return (await phoneRegistered(db, phone)) ? { phone: 'validation.phoneTaken' } : {};
}

/** A unique-index violation on users (a race between two registrations of one phone) as the field error it means. */
export function duplicateAsFieldError(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  return constraint === 'users_phone_key' ? fieldError({ phone: 'validation.phoneTaken' }) : null;
}

// Registration ------------------------------------------------------------------------------

export type RegisterStartData = z.output<typeof registerStartSchema>;

export interface CodeTimers {
  readonly codeExpiresAt: Date;
  readonly resendAvailableAt: Date;
}

/**
 * Step one of registration: checks the details, keeps them as a pending registration (nothing in
 * users yet) and sends a REGISTRATION code to the phone, all in one transaction.
 *
 * The answer never tells whether the phone or the e-mail address already has an account: a
 * registered phone gets a pending registration and a code challenge like any other (the same
 * budgets, the same timers), but its owner is sent a notice instead of the code, so the code step
 * simply fails for whoever typed it. An e-mail address is never refused, here or at the code step:
 * it is unverified until its owner proves it in Settings (decision 051).
 */
export async function startRegistration(
  deps: AppDeps,
  input: RegisterStartData,
  ctx: RequestContext,
): Promise<CodeTimers & { pendingId: string; phoneMasked: string }> {
  if (!isPasswordAcceptable(input.password, [input.fullName, input.email, input.phone])) throw fieldError({ password: 'validation.passwordCommon' });
  // The code budgets before the argon2id hash: a flood past them must not cost a hash each (issueCode checks them again, under its lock).
  await assertAnonymousCodeAllowed(deps.db, deps.clock, { purpose: 'REGISTRATION', phone: input.phone, requester: requesterOf(deps, ctx) });

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const pendingId = randomUUID();
  const issued = await deps.db.transaction(async (tx) => {
    await tx.insert(pendingRegistrations).values({
      id: pendingId,
      phone: input.phone,
      email: input.email,
      fullName: input.fullName,
      passwordHash,
      employmentCountry: input.employmentCountry,
      employmentLocation: input.employmentLocation,
      jobTitle: input.jobTitle,
      jobCategory: input.jobCategory,
      monthlyNetIncome: pesos(BigInt(input.monthlyNetIncome)),
      referralCode: input.referralCode ? input.referralCode.toUpperCase() : null,
      registrationIp: ctx.ip,
      registrationCountry: countryOfPhone(input.phone),
      language: ctx.language ?? DEFAULT_LANGUAGE,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PENDING_REGISTRATION_TTL_MS),
    });
    const code = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'REGISTRATION',
      phone: input.phone,
      subject: pendingId,
      requester: requesterOf(deps, ctx),
    });
    const registered = await phoneRegistered(tx, input.phone);
    const language = await languageOfPhone(tx, input.phone, ctx.language);
    await queueSms(
      tx,
      { to: input.phone, body: registered ? registrationAttemptSms(deps, language) : codeSms(deps, language, 'verification', code.code) },
      ctx,
    );
    return code;
  });
  return { pendingId, phoneMasked: maskPhoneNational(input.phone), codeExpiresAt: issued.expiresAt, resendAvailableAt: issued.resendAvailableAt };
}

async function livePendingRegistration(deps: AppDeps, pendingId: string | null) {
  if (!pendingId) throw new AppError(400, 'REGISTRATION_EXPIRED');
  const rows = await deps.db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.id, pendingId), gt(pendingRegistrations.expiresAt, deps.clock.now())))
    .limit(1);
  const pending = rows[0];
  if (!pending) throw new AppError(400, 'REGISTRATION_EXPIRED');
  return pending;
}

/**
 * Sends a new registration code (at most one a minute and five an hour per phone, within the
 * anonymous budgets). A registered phone is sent nothing more: its owner had the notice already.
 */
export async function resendRegistrationCode(deps: AppDeps, pendingId: string | null, ctx: RequestContext): Promise<CodeTimers> {
  const pending = await livePendingRegistration(deps, pendingId);
  const issued = await deps.db.transaction(async (tx) => {
    const code = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'REGISTRATION',
      phone: pending.phone,
      subject: pending.id,
      requester: requesterOf(deps, ctx),
    });
    if (!(await phoneRegistered(tx, pending.phone)))
      await queueSms(tx, { to: pending.phone, body: codeSms(deps, ctx.language ?? (pending.language as Language), 'verification', code.code) }, ctx);
    return code;
  });
  return { codeExpiresAt: issued.expiresAt, resendAvailableAt: issued.resendAvailableAt };
}

/**
 * Step two: the code proves the phone. Then, in one transaction, the account is created, the
 * pending registration removed and a (browser-session) session opened.
 */
export async function completeRegistration(
  deps: AppDeps,
  input: { pendingId: string | null; code: string },
  ctx: RequestContext,
): Promise<{ session: NewSession; device: NewDevice; user: SessionUser }> {
  const pending = await livePendingRegistration(deps, input.pendingId);
  // Outside the transaction: a wrong try must stay counted.
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, { purpose: 'REGISTRATION', subject: pending.id, code: input.code });

  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // A phone registered before this registration started was sent a notice, not the code: even
      // a lucky guess registers nothing, and says nothing either.
      const owner = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.phone, pending.phone)).limit(1);
      if (owner[0] && owner[0].createdAt.getTime() < pending.createdAt.getTime()) throw new AppError(400, 'CODE_INVALID');
      // The code proved the phone: its owner may learn that it is taken (never the e-mail address: decision 051).
      const taken = await takenFields(tx, pending.phone);
      if (Object.keys(taken).length > 0) throw fieldError(taken);
      // A code that is a member's invite code links the new member to them (no money moves for
      // referrals); an unknown code is kept as typed, as before, and links nobody.
      const [referrer] = pending.referralCode ? await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, pending.referralCode)).limit(1) : [];
      const [user] = await tx
        .insert(users)
        .values({
          phone: pending.phone,
          email: pending.email,
          fullName: pending.fullName,
          passwordHash: pending.passwordHash,
          role: 'MEMBER',
          accountState: INITIAL_ACCOUNT_STATE,
          employmentCountry: pending.employmentCountry,
          employmentLocation: pending.employmentLocation,
          jobTitle: pending.jobTitle,
          jobCategory: pending.jobCategory,
          monthlyNetIncome: pending.monthlyNetIncome,
          referralCode: pending.referralCode,
          referredBy: referrer?.id ?? null,
          registrationIp: pending.registrationIp,
          registrationCountry: pending.registrationCountry,
          language: ctx.language ?? pending.language,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new AppError(500, 'INTERNAL');
      await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
      const session = await createSession(tx, deps.clock, { userId: user.id, persistent: false, ip: ctx.ip, userAgent: ctx.userAgent });
      const device = await issueDevice(tx, deps.clock, user.id);
      return { session, device, user: toSessionUser(user) };
    });
  } catch (error) {
    throw duplicateAsFieldError(error) ?? error;
  }
}

// Sign-in and sign-out ----------------------------------------------------------------------

export type SignInData = z.output<typeof signInSchema>;

/**
 * One generic refusal whether or not the phone has an account (an unknown phone is checked
 * against a dummy hash, so both take as long). Limits per phone and per IP (rate-limit.ts); a
 * device cookie of the phone's member has its own per-phone lockout (decision 050), any other
 * cookie counts as none. A successful sign-in always opens a new session with a new id, and
 * binds this browser to the member with a new device cookie.
 */
export async function signIn(deps: AppDeps, input: SignInData, ctx: RequestContext): Promise<{ session: NewSession; device: NewDevice; user: SessionUser }> {
  // Sign-ins of one phone take turns (a transaction-scoped advisory lock), so that parallel
  // guesses cannot slip past the limit of five failures.
  const signedIn = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${input.phone}`}))`);
    // The cookie is looked up whatever the phone (the same reads with or without an account).
    const presented = await findDevice(tx, deps.clock, ctx.deviceToken);
    const rows = await tx.select().from(users).where(eq(users.phone, input.phone)).limit(1);
    const found = rows[0];
    const deviceId = deviceOf(presented, found?.id);
    await assertSignInAllowed(tx, deps.clock.now(), input.phone, ctx.ip, deviceId);
    const ok = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstDummy(input.password);
    await recordSignInAttempt(tx, deps.clock.now(), { phone: input.phone, ip: ctx.ip, succeeded: ok, deviceId });
    return ok && found ? { user: found, deviceId } : undefined;
  });
  // Thrown after the commit: the failure stays recorded.
  if (!signedIn) throw new AppError(401, 'INVALID_CREDENTIALS');
  const { user } = signedIn;
  // The member's language is theirs, kept on the server: signing in on another browser (in whatever
  // language that browser shows) does not change it; the web app switches to it (decision 063).
  const session = await createSession(deps.db, deps.clock, { userId: user.id, persistent: input.remember, ip: ctx.ip, userAgent: ctx.userAgent });
  const device = await issueDevice(deps.db, deps.clock, user.id, signedIn.deviceId);
  return { session, device, user: toSessionUser(user) };
}

/** Revokes the current session, if any. */
export async function signOut(deps: AppDeps, auth: SessionAuth | null): Promise<void> {
  if (auth) await revokeSession(deps.db, deps.clock, auth.sessionId);
}

// Password change (Settings) ----------------------------------------------------------------

export const PASSWORD_CHANGED_MESSAGE = 'Your password changed successfully.';

/**
 * Settings > Password (DECISIONS.md section 5): the current password is required and a wrong one
 * counts as a failed sign-in of the member's phone (the same limits: five failures lock it for 15
 * minutes; with a device cookie of theirs, that device's own lockout, decision 050); the new one
 * follows the registration rule. The member's other sessions and other device cookies are revoked,
 * this session and this browser's device cookie stay, and the member is told by SMS and e-mail.
 */
export async function changePassword(
  deps: AppDeps,
  auth: SessionAuth,
  input: { currentPassword: string; newPassword: string },
  ctx: RequestContext,
): Promise<void> {
  const checked = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${auth.phone}`}))`);
    const deviceId = deviceOf(await findDevice(tx, deps.clock, ctx.deviceToken), auth.userId);
    await assertSignInAllowed(tx, deps.clock.now(), auth.phone, ctx.ip, deviceId);
    const rows = await tx.select().from(users).where(eq(users.id, auth.userId)).limit(1);
    const found = rows[0];
    if (!found) throw new AppError(401, 'UNAUTHENTICATED');
    const ok = await verifyPassword(found.passwordHash, input.currentPassword);
    await recordSignInAttempt(tx, deps.clock.now(), { phone: found.phone, ip: ctx.ip, succeeded: ok, deviceId });
    return ok ? { user: found, deviceId } : undefined;
  });
  // Thrown after the commit: the failure stays counted.
  if (!checked) throw fieldError({ currentPassword: 'settings.password.wrongCurrent' });
  const { user } = checked;
  assertPasswordAcceptable(input.newPassword, [user.phone, user.fullName, user.email], 'newPassword');

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, deps.clock, user.id, auth.sessionId);
    // Only this browser's device cookie stays (none stays when it sent none of the member's).
    await forgetUserDevices(tx, user.id, checked.deviceId);
    const language = await languageOfUser(tx, user.id);
    const company = { company: deps.config.company.shortName };
    const body = messageText(language, 'messages.password.changed', company);
    await queueSms(tx, { to: user.phone, body }, ctx);
    await queueEmail(tx, { to: user.email, member: user.id, subject: messageText(language, 'messages.password.changedSubject', company), body }, ctx);
  });
}

// Account recovery --------------------------------------------------------------------------

/**
 * Starts a password reset. The answer and the limits are the same whether or not the phone is
 * registered: both get an attempt and a code challenge, counted against the same budgets (per
 * phone, per client address, per number prefix, in all; otp service); only a registered phone is
 * sent the code, an unregistered one is sent nothing. A request with a device cookie of the
 * phone's member is counted in that member's devices' budget instead (the same numbers, per phone;
 * otp service, decision 050), so strangers spending the phone's anonymous budget do not stop it;
 * any other cookie counts as none, so the answers stay the same with or without an account.
 */
export async function startRecovery(deps: AppDeps, phone: string, ctx: RequestContext): Promise<CodeTimers & { attemptId: string }> {
  const presented = await findDevice(deps.db, deps.clock, ctx.deviceToken);
  const rows = await deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  const userId = rows[0]?.id ?? null;
  const deviceId = deviceOf(presented, userId);
  const now = deps.clock.now();
  const attemptId = randomUUID();
  const issued = await deps.db.transaction(async (tx) => {
    await tx.insert(recoveryAttempts).values({
      id: attemptId,
      phone,
      userId,
      ip: ctx.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RECOVERY_ATTEMPT_TTL_MS),
    });
    const code = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'PASSWORD_RESET',
      phone,
      subject: attemptId,
      requester: requesterOf(deps, ctx, deviceId),
    });
    if (userId) {
      await queueSms(tx, { to: phone, body: codeSms(deps, await languageOfUser(tx, userId), 'passwordReset', code.code) }, ctx);
    }
    return code;
  });
  return { attemptId, codeExpiresAt: issued.expiresAt, resendAvailableAt: issued.resendAvailableAt };
}

export type RecoveryResetData = z.output<typeof recoveryResetSchema>;

/**
 * Sets a new password with the code sent to the phone, and revokes every session and every device
 * cookie of the account; the code proved the phone, so this browser is given a new device cookie
 * (decision 050). Nobody is signed in.
 */
export async function completeRecovery(
  deps: AppDeps,
  input: { attemptId: string | null } & Pick<RecoveryResetData, 'code' | 'password'>,
  ctx: Pick<RequestContext, 'requestId'>,
): Promise<{ device: NewDevice }> {
  if (!input.attemptId) throw new AppError(400, 'RECOVERY_EXPIRED');
  const rows = await deps.db
    .select({ id: recoveryAttempts.id, phone: recoveryAttempts.phone, userId: recoveryAttempts.userId, fullName: users.fullName, email: users.email })
    .from(recoveryAttempts)
    .leftJoin(users, eq(users.id, recoveryAttempts.userId))
    .where(and(eq(recoveryAttempts.id, input.attemptId), isNull(recoveryAttempts.completedAt), gt(recoveryAttempts.expiresAt, deps.clock.now())))
    .limit(1);
  const attempt = rows[0];
  if (!attempt) throw new AppError(400, 'RECOVERY_EXPIRED');

  // The policy first, so that a refused password does not use up the code.
  assertPasswordAcceptable(input.password, [attempt.phone, attempt.fullName ?? '', attempt.email ?? '']);
  // Outside the transaction: a wrong try must stay counted.
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, { purpose: 'PASSWORD_RESET', subject: attempt.id, code: input.code });
  const userId = attempt.userId;
  // An unregistered phone's code was never sent: even a lucky guess changes nothing.
  if (!userId) throw new AppError(400, 'CODE_INVALID');

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(recoveryAttempts).set({ completedAt: now }).where(eq(recoveryAttempts.id, attempt.id));
    await revokeUserSessions(tx, deps.clock, userId);
    await forgetUserDevices(tx, userId);
    const device = await issueDevice(tx, deps.clock, userId);
    await queueSms(
      tx,
      {
        to: attempt.phone,
        body: messageText(await languageOfUser(tx, userId), 'messages.password.reset', { company: deps.config.company.shortName }),
      },
      ctx,
    );
    return { device };
  });
}

// E-mail verification (decision 051) -------------------------------------------------------

/** The subject of an e-mail code: the member and the address, so a code verifies only that member's that address. */
function emailCodeSubject(userId: string, email: string): string {
  return `${userId}:${email}`;
}

async function memberEmail(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, email: users.email, emailVerifiedAt: users.emailVerifiedAt, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError(401, 'UNAUTHENTICATED');
  return row;
}

/**
 * How many verification e-mails (a code, or the notice to an address verified elsewhere) one
 * mailbox gets in an hour, whichever accounts ask: each account that typed an address has its own
 * five an hour (the member codes' budget), so without this one mailbox could be sent 5 x N an
 * hour by N accounts (a spam cannon), and N accounts could try 25 x N codes an hour at claiming an
 * address they do not read (review11). The same as one member's budget: a member alone never
 * meets it; a stranger who spends it delays its owner's code by at most an hour (SMS carries
 * everything meanwhile).
 */
const EMAIL_ADDRESS_HOURLY_LIMIT = OTP_HOURLY_LIMIT;

/**
 * Inside sendEmailCode's transaction, after the code was issued: whether this address has had
 * EMAIL_ADDRESS_HOURLY_LIMIT requests in the last hour (the new one not counted). Then the new
 * code is made one no guess matches (its hash replaced) and nothing is mailed, and the answer stays
 * the same: nothing tells the asker that the address is busy, or verified elsewhere. Requests for
 * one address take turns (an advisory lock on it), so parallel requests from several accounts
 * cannot slip past the count.
 */
async function addressBudgetSpent(tx: DbOrTx, now: Date, userId: string, email: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
  const subject = emailCodeSubject(userId, email);
  // The subject is `<user id>:<address>`; a user id has no colon.
  if ((await codesForSubjectSuffixSince(tx, 'EMAIL_VERIFICATION', `:${email}`, subject, new Date(now.getTime() - HOUR))) < EMAIL_ADDRESS_HOURLY_LIMIT)
    return false;
  await voidLiveCode(tx, 'EMAIL_VERIFICATION', subject);
  return true;
}

/** Another account that verified this address, if any (users_email_verified_key: at most one). */
async function verifiedOwnerOf(db: DbOrTx, email: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt), ne(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** GET /api/auth/email: the member's address and whether they proved they read it. */
export async function emailStatus(deps: AppDeps, auth: SessionAuth): Promise<EmailStatus> {
  const user = await memberEmail(deps.db, auth.userId);
  return { email: user.email, verified: user.emailVerifiedAt !== null };
}

/**
 * POST /api/auth/email/code: a 6-digit code e-mailed to the member's address (the one e-mail that
 * goes to an address not yet verified), under the member codes' budget (one a minute, five an
 * hour, per member). When another account has verified that address, its mailbox is sent a notice
 * instead of the code, and the code step can never succeed; the answer is the same either way.
 */
export async function sendEmailCode(deps: AppDeps, auth: SessionAuth, ctx: RequestContext): Promise<CodeTimers> {
  return deps.db.transaction(async (tx) => {
    const user = await memberEmail(tx, auth.userId);
    if (user.emailVerifiedAt) throw new AppError(409, 'EMAIL_ALREADY_VERIFIED');
    const issued = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'EMAIL_VERIFICATION',
      phone: user.phone,
      subject: emailCodeSubject(user.id, user.email),
    });
    if (await addressBudgetSpent(tx, deps.clock.now(), user.id, user.email)) {
      ctx.log?.warn(
        { event: 'otp_budget_exhausted', budget: 'email-address', limit: EMAIL_ADDRESS_HOURLY_LIMIT, purpose: 'EMAIL_VERIFICATION' },
        'one-time code budget exhausted',
      );
      return { codeExpiresAt: issued.expiresAt, resendAvailableAt: issued.resendAvailableAt };
    }
    const owner = await verifiedOwnerOf(tx, user.email, user.id);
    const company = { company: deps.config.company.shortName };
    if (owner) {
      // To the mailbox's verified owner, in their language: no code, and what to do.
      const language = asLanguage(owner.language);
      await queueEmail(
        tx,
        {
          to: owner.email,
          member: owner.id,
          subject: messageText(language, 'messages.email.takenSubject', company),
          body: messageText(language, 'messages.email.taken', company),
        },
        ctx,
      );
    } else {
      const language = asLanguage(user.language);
      const body = withCode((c) => messageText(language, 'messages.email.code', { ...company, code: c, ...codeTextValues() }), issued.code);
      await queueEmailVerificationCode(tx, { to: user.email, subject: messageText(language, 'messages.email.codeSubject', company), body }, ctx);
    }
    return { codeExpiresAt: issued.expiresAt, resendAvailableAt: issued.resendAvailableAt };
  });
}

/**
 * POST /api/auth/email/verify: the code proves the member reads the address. Checked outside the
 * transaction (a wrong try stays counted); then, under a lock on the address, the address is
 * marked verified unless another account verified it first (then CODE_INVALID, as for a wrong
 * code: nothing says the address has an account). users_email_verified_key is the last guard.
 */
export async function verifyEmail(deps: AppDeps, auth: SessionAuth, input: { code: string }): Promise<EmailStatus> {
  const user = await memberEmail(deps.db, auth.userId);
  if (user.emailVerifiedAt) throw new AppError(409, 'EMAIL_ALREADY_VERIFIED');
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, {
    purpose: 'EMAIL_VERIFICATION',
    subject: emailCodeSubject(user.id, user.email),
    code: input.code,
  });
  const now = deps.clock.now();
  let verified: boolean;
  try {
    verified = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-verify:${user.email}`}))`);
      if (await verifiedOwnerOf(tx, user.email, user.id)) return false;
      const updated = await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.email, user.email), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      return updated.length === 1;
    });
  } catch (error) {
    if (uniqueViolation(error) !== 'users_email_verified_key') throw error;
    verified = false;
  }
  if (!verified) throw new AppError(400, 'CODE_INVALID');
  return { email: user.email, verified: true };
}
