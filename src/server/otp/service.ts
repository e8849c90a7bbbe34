import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { otpChallenges } from '../db/schema';
import { columnList, preparedSql } from '../db/prepared';
import type { DbOrTx } from '../db/client';
import { HOUR, MINUTE, type Clock } from '../clock';
import { AppError } from '../http/errors';
import type { OtpBudgets } from '../config';
import { codeTextValues, CODE_DIGITS, CODE_HOURLY_LIMIT, CODE_MAX_ATTEMPTS, CODE_RESEND_AFTER_MINUTES, CODE_TTL_MINUTES } from '../../shared/codes/rules';
import { text } from '../../shared/i18n/text';
import { together } from '../db/together';

/**
 * One-time codes (DECISIONS.md invariant 2): generated, hashed, checked, expired and rate-limited
 * here on the server; the code itself only ever leaves in the SMS to the verified phone (the outbox
 * keeps a redacted copy for everything else: providers/notify.ts withCode).
 */
const OTP_DIGITS = CODE_DIGITS;
const OTP_TTL_MS = CODE_TTL_MINUTES * MINUTE;
const OTP_MAX_ATTEMPTS = CODE_MAX_ATTEMPTS;
export const OTP_RESEND_INTERVAL_MS = CODE_RESEND_AFTER_MINUTES * MINUTE;
export const OTP_HOURLY_LIMIT = CODE_HOURLY_LIMIT;

/** Codes a signed-in member asks for, inside their session: strangers can never spend their budget. */
export type MemberOtpPurpose = 'CONTRACT_SIGNING' | 'WITHDRAWAL' | 'PAYOUT_ACCOUNT_CHANGE' | 'EMAIL_VERIFICATION';
/** Codes anyone may ask for without a session: also limited per client address, per number prefix and in all. */
export type AnonymousOtpPurpose = 'REGISTRATION' | 'PASSWORD_RESET';
export type OtpPurpose = MemberOtpPurpose | AnonymousOtpPurpose;

type OtpChallengeRow = typeof otpChallenges.$inferSelect;

export interface IssuedCode {
  readonly code: string;
  readonly expiresAt: Date;
  readonly resendAvailableAt: Date;
}

/** Where a budget trip is reported: a warning without personal data (no phone, no address). */
export interface BudgetLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Who asked for an anonymous code, and the budgets it is counted against. */
export interface AnonymousRequester {
  readonly ip: string;
  readonly budgets: OtpBudgets;
  readonly log?: BudgetLog;
  /**
   * A device cookie of the phone's own member (sessions/devices.ts, decision 050), checked by the
   * caller: the code is counted in the phone's devices' budget, apart from anonymous requests.
   */
  readonly deviceId?: string;
}

export type IssueInput =
  | { readonly purpose: MemberOtpPurpose; readonly phone: string; readonly subject: string }
  | { readonly purpose: AnonymousOtpPurpose; readonly phone: string; readonly subject: string; readonly requester: AnonymousRequester };

const ANONYMOUS_PURPOSES: readonly AnonymousOtpPurpose[] = ['REGISTRATION', 'PASSWORD_RESET'];

/** The number block a prefix budget counts: the calling code and the first 6 digits of the national number. */
function phonePrefix(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164.slice(0, 8);
  return `+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 6)}`;
}

function hashCode(pepper: string, challengeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${challengeId}:${code}`).digest('hex');
}

const sendsBusy = () => new AppError(429, 'RATE_LIMITED', text('errors.CODE_SENDS_BUSY'));

/**
 * The per-phone budget of one purpose: at most one code a minute and OTP_HOURLY_LIMIT an hour for
 * (phone, purpose). Purposes never share it, so anonymous requests for a phone cannot hold back
 * the codes its member asks for in their session. Anonymous purposes have two such budgets a
 * phone: one for requests from the member's own devices (`devices`: a device cookie of theirs,
 * decision 050), one for everyone else; strangers spending theirs leave the member's untouched.
 */
async function assertPhoneBudget(db: DbOrTx, now: Date, phone: string, purpose: OtpPurpose, devices = false): Promise<void> {
  const recent = await db
    .select({ createdAt: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.phone, phone),
        eq(otpChallenges.purpose, purpose),
        gt(otpChallenges.createdAt, new Date(now.getTime() - HOUR)),
        devices ? isNotNull(otpChallenges.deviceId) : isNull(otpChallenges.deviceId),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt));
  refusePhoneBudget(now, recent[0]?.createdAt ?? null, recent.length);
}

/** assertPhoneBudget's refusals, from the newest code of the last hour and how many were sent in it. */
function refusePhoneBudget(now: Date, last: Date | null, sent: number): void {
  if (last && now.getTime() - last.getTime() < OTP_RESEND_INTERVAL_MS) {
    const wait = Math.ceil((OTP_RESEND_INTERVAL_MS - (now.getTime() - last.getTime())) / 1000);
    throw new AppError(429, 'RATE_LIMITED', text('errors.CODE_RESEND_WAIT', codeTextValues()), undefined, { 'retry-after': String(wait) });
  }
  if (sent >= OTP_HOURLY_LIMIT) {
    throw new AppError(429, 'RATE_LIMITED', text('errors.CODE_HOURLY_LIMIT'));
  }
}

/**
 * The budgets of anonymous codes over the last hour: per client address, per number prefix, and in
 * all (against SMS pumping: many numbers from one address, or one number block from many). A trip
 * is logged as a warning, without the phone or the address. A request from the member's own device
 * (decision 050) goes to a verified member's phone, bounded by the devices' budget of that phone:
 * only the budget in all holds it (the brake on all sends); the address and prefix budgets, which
 * a stranger sharing the member's address or number block could spend, do not (it still counts in them).
 */
async function assertAnonymousBudgets(db: DbOrTx, now: Date, purpose: AnonymousOtpPurpose, prefix: string, requester: AnonymousRequester): Promise<void> {
  const since = new Date(now.getTime() - HOUR);
  const anonymous = inArray(otpChallenges.purpose, [...ANONYMOUS_PURPOSES]);
  const checks = [
    { budget: 'address', limit: requester.budgets.perAddressHourly, where: and(eq(otpChallenges.ip, requester.ip), gt(otpChallenges.createdAt, since)) },
    { budget: 'prefix', limit: requester.budgets.perPrefixHourly, where: and(eq(otpChallenges.prefix, prefix), gt(otpChallenges.createdAt, since)) },
    { budget: 'global', limit: requester.budgets.globalHourly, where: and(anonymous, gt(otpChallenges.createdAt, since)) },
  ] as const;
  for (const check of checks) {
    if (requester.deviceId && check.budget !== 'global') continue;
    const [row] = await db.select({ n: count() }).from(otpChallenges).where(check.where);
    if ((row?.n ?? 0) >= check.limit) {
      requester.log?.warn({ event: 'otp_budget_exhausted', budget: check.budget, limit: check.limit, purpose }, 'one-time code budget exhausted');
      throw sendsBusy();
    }
  }
}

/**
 * Issues a new code for (purpose, subject) sent to `phone`, superseding any earlier one.
 * Every purpose: at most one a minute and OTP_HOURLY_LIMIT an hour per phone and purpose.
 * Anonymous purposes also: the requester's address, the number's prefix and all anonymous sends
 * together stay within config.otpBudgets. The counts live in the database (otp_challenges), and
 * the checks take turns under a transaction-scoped advisory lock, so several processes agree and a
 * burst of parallel requests cannot slip past a limit. Call it inside the transaction that sends.
 */
export async function issueCode(
  db: DbOrTx,
  clock: Clock,
  pepper: string,
  input: IssueInput,
  options: { readonly lockHeld?: boolean } = {},
): Promise<IssuedCode> {
  const anonymous = 'requester' in input ? input.requester : null;
  const prefix = anonymous ? phonePrefix(input.phone) : null;
  // Anonymous sends all take turns (their budgets are shared); a member's, per phone and purpose.
  // A caller that took codeLockKey's lock in its own last statement says so (lockHeld, decision 041).
  if (!options.lockHeld || anonymous) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${codeLockKey(input)}))`);
  const now = clock.now();
  const id = randomUUID();
  const code = randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const issued = { code, expiresAt, resendAvailableAt: new Date(now.getTime() + OTP_RESEND_INTERVAL_MS) };
  if (!anonymous) {
    // A member's code: the phone's budget, the earlier code superseded and the new one written in one statement (decision 041).
    const [row] = await memberCodeStatement(db).execute({
      phone: input.phone,
      purpose: input.purpose,
      subject: input.subject,
      since: new Date(now.getTime() - HOUR).toISOString(),
      resendCutoff: new Date(now.getTime() - OTP_RESEND_INTERVAL_MS).toISOString(),
      limit: OTP_HOURLY_LIMIT,
      now: now.toISOString(),
      id,
      codeHash: hashCode(pepper, id, code),
      maxAttempts: OTP_MAX_ATTEMPTS,
      expiresAt: expiresAt.toISOString(),
    });
    if (!row) throw new Error('the code statement answered no row');
    if (row.issued !== 1) {
      refusePhoneBudget(now, row.last, row.sent);
      throw new Error('the code statement wrote no code within the budget');
    }
    return issued;
  }
  await assertPhoneBudget(db, now, input.phone, input.purpose, anonymous.deviceId !== undefined);
  if (prefix) await assertAnonymousBudgets(db, now, input.purpose as AnonymousOtpPurpose, prefix, anonymous);

  await db
    .update(otpChallenges)
    .set({ supersededAt: now })
    .where(and(eq(otpChallenges.purpose, input.purpose), eq(otpChallenges.subject, input.subject), isNull(otpChallenges.supersededAt)));

  await db.insert(otpChallenges).values({
    id,
    purpose: input.purpose,
    phone: input.phone,
    subject: input.subject,
    codeHash: hashCode(pepper, id, code),
    maxAttempts: OTP_MAX_ATTEMPTS,
    expiresAt,
    ip: anonymous.ip,
    prefix,
    deviceId: anonymous.deviceId ?? null,
    createdAt: now,
  });
  return issued;
}

/**
 * issueCode's budget refusals for an anonymous code, read before the caller does anything costly
 * (registration hashes the password with argon2id first): without the lock and writing nothing, so
 * it may let a request through that issueCode then refuses, never the other way round. A stranger
 * past a budget costs these reads, not a password hash each.
 */
export async function assertAnonymousCodeAllowed(
  db: DbOrTx,
  clock: Clock,
  input: { readonly purpose: AnonymousOtpPurpose; readonly phone: string; readonly requester: AnonymousRequester },
): Promise<void> {
  const now = clock.now();
  await assertPhoneBudget(db, now, input.phone, input.purpose, input.requester.deviceId !== undefined);
  await assertAnonymousBudgets(db, now, input.purpose, phonePrefix(input.phone), input.requester);
}

/**
 * The transaction-scoped advisory lock issueCode's budget checks take turns under: all anonymous
 * sends share one; a member's are per phone and purpose. A caller may take it in a statement of
 * its own (after its writes, as issueCode would) and call issueCode with lockHeld.
 */
export function codeLockKey(input: { readonly purpose: OtpPurpose; readonly phone: string }): string {
  return ANONYMOUS_PURPOSES.includes(input.purpose as AnonymousOtpPurpose) ? 'otp:anonymous' : `otp:${input.purpose}:${input.phone}`;
}

/**
 * A member's code in one statement, after the lock: the phone's codes of this purpose in the last
 * hour (assertPhoneBudget's rule: none since resendCutoff, fewer than the hourly limit), and only
 * within that budget the earlier live code superseded and the new one inserted. It answers the
 * count and the newest of that hour for the refusal, and whether the code was written.
 */
function memberCodeStatement(db: DbOrTx) {
  return preparedSql<{ sent: number; last: Date | null; issued: number }>(
    db,
    'otp_issue_member_code',
    () => sql`with
  recent as (
    select created_at from otp_challenges
    where phone = ${sql.placeholder('phone')} and purpose = ${sql.placeholder('purpose')} and created_at > ${sql.placeholder('since')}::timestamptz
  ),
  budget as (select count(*)::int as sent, max(created_at) as last from recent),
  allowed as (
    select 1 from budget
    where sent < ${sql.placeholder('limit')}::int and (last is null or last <= ${sql.placeholder('resendCutoff')}::timestamptz)
  ),
  superseded as (
    update otp_challenges set superseded_at = ${sql.placeholder('now')}::timestamptz
    where purpose = ${sql.placeholder('purpose')} and subject = ${sql.placeholder('subject')} and superseded_at is null and exists (select 1 from allowed)
    returning 1
  ),
  issued as (
    insert into otp_challenges (id, purpose, phone, subject, code_hash, max_attempts, expires_at, ip, prefix, created_at)
    select ${sql.placeholder('id')}::uuid, ${sql.placeholder('purpose')}, ${sql.placeholder('phone')}, ${sql.placeholder('subject')},
      ${sql.placeholder('codeHash')}, ${sql.placeholder('maxAttempts')}::int, ${sql.placeholder('expiresAt')}::timestamptz, null, null,
      ${sql.placeholder('now')}::timestamptz
    from allowed
    returning 1
  )
select budget.sent, budget.last, (select count(*)::int from issued) as issued from budget`,
    { sent: sql`sent`, last: otpChallenges.createdAt, issued: sql`issued` },
  );
}

/**
 * Checks a code for (purpose, subject) and consumes it. Throws AppError saying which refusal:
 * CODE_NOT_FOUND, CODE_USED, CODE_EXPIRED, CODE_LOCKED or CODE_INVALID (with the tries left).
 * Safe under concurrency: attempts and consumption are single conditional updates.
 */
export async function verifyCode(db: DbOrTx, clock: Clock, pepper: string, input: { purpose: OtpPurpose; subject: string; code: string }): Promise<void> {
  const now = clock.now();
  // Built once (src/server/db/prepared.ts): the confirmations of money paths run it on every try (decision 041).
  const rows = await preparedSql<OtpChallengeRow>(
    db,
    'otp_current_code',
    () => sql`select ${columnList('c', otpChallenges)} from otp_challenges c
where c.purpose = ${sql.placeholder('purpose')} and c.subject = ${sql.placeholder('subject')} and c.superseded_at is null
order by c.created_at desc
limit 1`,
    getTableColumns(otpChallenges),
  ).execute({ purpose: input.purpose, subject: input.subject });
  const challenge = rows[0];
  if (!challenge) throw new AppError(400, 'CODE_NOT_FOUND');
  if (challenge.consumedAt) throw new AppError(400, 'CODE_USED');
  if (challenge.expiresAt.getTime() <= now.getTime()) throw new AppError(400, 'CODE_EXPIRED');
  if (challenge.attempts >= challenge.maxAttempts) throw new AppError(429, 'CODE_LOCKED');

  const expected = Buffer.from(challenge.codeHash, 'hex');
  const actual = Buffer.from(hashCode(pepper, challenge.id, input.code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const updated = await db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(and(eq(otpChallenges.id, challenge.id), sql`${otpChallenges.attempts} < ${otpChallenges.maxAttempts}`))
      .returning({ attempts: otpChallenges.attempts, maxAttempts: otpChallenges.maxAttempts });
    const row = updated[0];
    if (!row) throw new AppError(429, 'CODE_LOCKED');
    const left = row.maxAttempts - row.attempts;
    if (left <= 0) throw new AppError(429, 'CODE_LOCKED');
    throw new AppError(400, 'CODE_INVALID', text(left === 1 ? 'errors.codeTriesLeft_one' : 'errors.codeTriesLeft_other', { count: left }));
  }

  const consumed = await preparedSql<{ id: string }>(
    db,
    'otp_consume_code',
    () => sql`update otp_challenges set consumed_at = ${sql.placeholder('now')}::timestamptz
where id = ${sql.placeholder('id')}::uuid and consumed_at is null and attempts < max_attempts
returning id::text as id`,
  ).execute({ id: challenge.id, now: now.toISOString() });
  if (consumed.length === 0) throw new AppError(400, 'CODE_USED');
}

/** The times of the code last sent for (purpose, subject), as its page counts down to them. */
export interface CodeTimes {
  /** When that code expires (it may have already). */
  readonly expiresAt: Date;
  /** When the phone may be sent another code of this purpose: the one-a-minute rule and the hourly limit of assertPhoneBudget. */
  readonly resendAvailableAt: Date;
}

/** The code of (purpose, subject) still in force: neither superseded by a newer one nor used. */
function liveCode(input: { readonly purpose: OtpPurpose; readonly subject: string | SQL }) {
  return and(
    eq(otpChallenges.purpose, input.purpose),
    eq(otpChallenges.subject, input.subject),
    isNull(otpChallenges.supersededAt),
    isNull(otpChallenges.consumedAt),
  );
}

/**
 * The times of the live code for (purpose, subject) (neither superseded nor used), read from the
 * rows issueCode wrote with the server's clock, and when `phone` may be sent the next code of this
 * purpose (the budget issueCode applies to it); null when there is no live code. For a page opened
 * again while the code is awaited: it shows the expiry and counts the resend down as it did when
 * the code was sent, instead of offering a resend the server would refuse. Two statements, sent together.
 */
export async function codeTimes(db: DbOrTx, clock: Clock, input: { purpose: MemberOtpPurpose; subject: string; phone: string }): Promise<CodeTimes | null> {
  const now = clock.now();
  const [[challenge], recent] = await together(
    db,
    () => db.select({ expiresAt: otpChallenges.expiresAt }).from(otpChallenges).where(liveCode(input)).orderBy(desc(otpChallenges.createdAt)).limit(1),
    () =>
      db
        .select({ createdAt: otpChallenges.createdAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.phone, input.phone), eq(otpChallenges.purpose, input.purpose), gt(otpChallenges.createdAt, new Date(now.getTime() - HOUR))))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(OTP_HOURLY_LIMIT),
  );
  return codeTimesOf(now, {
    codeExpiresAt: challenge?.expiresAt ?? null,
    lastSentAt: recent[0]?.createdAt ?? null,
    oldestCountedAt: recent[OTP_HOURLY_LIMIT - 1]?.createdAt ?? null,
  });
}

/** What codeTimes reads, as one statement's columns (codeTimesColumns). */
export interface CodeTimesRead {
  /** The live code's expiry (null: no live code). */
  readonly codeExpiresAt: Date | null;
  /** The newest code of this purpose sent to the phone in the hour before now. */
  readonly lastSentAt: Date | null;
  /** The OTP_HOURLY_LIMIT-th newest of them (null while fewer were sent). */
  readonly oldestCountedAt: Date | null;
}

/** The code's times from what was read (codeTimes, or codeTimesColumns in a hot read's statement); null when there is no live code. */
export function codeTimesOf(now: Date, read: CodeTimesRead): CodeTimes | null {
  if (!read.codeExpiresAt) return null;
  let resendAt = now.getTime();
  if (read.lastSentAt) resendAt = Math.max(resendAt, read.lastSentAt.getTime() + OTP_RESEND_INTERVAL_MS);
  // The hourly limit reached: the next code goes once the oldest of the last OTP_HOURLY_LIMIT leaves the hour.
  if (read.oldestCountedAt) resendAt = Math.max(resendAt, read.oldestCountedAt.getTime() + HOUR);
  return { expiresAt: read.codeExpiresAt, resendAvailableAt: new Date(resendAt) };
}

/** How codeTimesColumns's values are read from a raw row (rawRowMapper, src/server/db/prepared.ts): as these columns. */
export const codeTimesDecoders = { codeExpiresAt: otpChallenges.expiresAt, lastSentAt: otpChallenges.createdAt, oldestCountedAt: otpChallenges.createdAt };

/**
 * codeTimes's reads as scalar subqueries for a statement that reads the code's subject and phone
 * itself (the withdrawal status poll, one statement with its session: decision 043): `subject` and
 * `phone` are SQL of that statement, `since` the start of the hour before now (a placeholder of an
 * ISO time), `when` the condition under which they are read at all (null otherwise). The same
 * conditions as codeTimes (liveCode; the phone's codes of this purpose in the hour); read the row's
 * values with codeTimesOf.
 */
export function codeTimesColumns(db: DbOrTx, purpose: MemberOtpPurpose, subject: SQL, phone: SQL | Column, since: SQL, when: SQL) {
  const sentInTheHour = and(eq(otpChallenges.phone, phone), eq(otpChallenges.purpose, purpose), gt(otpChallenges.createdAt, since));
  const live = db
    .select({ expiresAt: otpChallenges.expiresAt })
    .from(otpChallenges)
    .where(liveCode({ purpose, subject }))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  const sent = (offset: number) =>
    db.select({ createdAt: otpChallenges.createdAt }).from(otpChallenges).where(sentInTheHour).orderBy(desc(otpChallenges.createdAt)).limit(1).offset(offset);
  return {
    codeExpiresAt: sql<Date | null>`(case when ${when} then (${live}) end)`.mapWith(codeTimesDecoders.codeExpiresAt),
    lastSentAt: sql<Date | null>`(case when ${when} then (${sent(0)}) end)`.mapWith(codeTimesDecoders.lastSentAt),
    oldestCountedAt: sql<Date | null>`(case when ${when} then (${sent(OTP_HOURLY_LIMIT - 1)}) end)`.mapWith(codeTimesDecoders.oldestCountedAt),
  };
}

/**
 * Counts a wrong try on the current code for (purpose, subject) outside the caller's transaction:
 * for callers that check the code inside the transaction that acts on it (so the code is consumed
 * only if the action commits) and whose wrong try was rolled back with it. Never past maxAttempts.
 */
export async function countWrongTry(db: DbOrTx, input: { purpose: OtpPurpose; subject: string }): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(liveCode(input), sql`${otpChallenges.attempts} < ${otpChallenges.maxAttempts}`));
}

/**
 * A deleted member's one-time code records lose their phone (docs/decisions/029 addendum). The codes
 * are keyed hashes; the rows stay, under the anonymised phone, for the per-address and per-prefix
 * budgets of anonymous sends.
 */
export async function renameOtpPhone(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(otpChallenges).set({ phone: to }).where(eq(otpChallenges.phone, from));
}

/**
 * How many codes of `purpose` were issued since `since` for subjects ending in `suffix`, the live
 * code of `except` not counted: requests about one thing whoever asked (identity's e-mail
 * verification counts the codes for one address, subjects `<user id>:<address>`).
 */
export async function codesForSubjectSuffixSince(db: DbOrTx, purpose: OtpPurpose, suffix: string, except: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.purpose, purpose),
        gt(otpChallenges.createdAt, since),
        sql`right(${otpChallenges.subject}, ${suffix.length}) = ${suffix}`,
        sql`not (${otpChallenges.subject} = ${except} and ${otpChallenges.supersededAt} is null)`,
      ),
    );
  return row?.n ?? 0;
}

/** A code hash no code's HMAC equals (not even hex): what a code that was never sent keeps. */
const UNSENT_CODE_HASH = 'unsent';

/** Makes the live code of `purpose` for `subject` one that no guess matches (a request over a budget: nothing was sent). */
export async function voidLiveCode(db: DbOrTx, purpose: OtpPurpose, subject: string): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ codeHash: UNSENT_CODE_HASH })
    .where(and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.subject, subject), isNull(otpChallenges.supersededAt)));
}
