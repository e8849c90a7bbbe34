import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { DAY, HOUR, type Clock } from '../clock';
import type { Role } from '../../shared/states/roles';
import type { Language } from '../../shared/i18n/languages';
import type { AccountState } from '../../shared/states/account';
import { REMEMBERED_SESSION_DAYS } from '../../shared/session-life';

/**
 * 'Remember me': a 30-day cookie. Without it: a browser-session cookie and 12 hours idle, sliding
 * while used but never past PERSISTENT_SESSION_MS from sign-in (no session outlives a remembered one).
 */
export const PERSISTENT_SESSION_MS = REMEMBERED_SESSION_DAYS * DAY;
const IDLE_SESSION_MS = 12 * HOUR;
/** How often last_seen_at is written (sliding idle expiry) at most. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionAuth {
  readonly sessionId: string;
  readonly userId: string;
  readonly role: Role;
  readonly phone: string;
  readonly fullName: string;
  readonly accountState: AccountState;
  /** The member's language (users.language): the pages after sign-in, on any browser, and every SMS, e-mail and PDF. */
  readonly language: Language;
  readonly persistent: boolean;
  readonly expiresAt: Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  readonly token: string;
  readonly expiresAt: Date;
  readonly persistent: boolean;
}

/** Creates a session with a fresh random token; only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  clock: Clock,
  input: { userId: string; persistent: boolean; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (input.persistent ? PERSISTENT_SESSION_MS : IDLE_SESSION_MS));
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    persistent: input.persistent,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt, persistent: input.persistent };
}

/** The newest company profile id and product version stored: what syncConfiguration compares with what it loaded. */
export interface ConfigurationVersions {
  readonly companyId: string | null;
  /** The highest product_versions seq stored (null: none): the catalogue reloads when it grew. */
  readonly productSeq: number | null;
}

const sessionFields = {
  sessionId: sessions.id,
  userId: sessions.userId,
  persistent: sessions.persistent,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  revokedAt: sessions.revokedAt,
  role: users.role,
  phone: users.phone,
  fullName: users.fullName,
  accountState: users.accountState,
  language: users.language,
};

export interface SessionRow {
  sessionId: string | null;
  userId: string | null;
  persistent: boolean | null;
  expiresAt: Date | null;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  role: string | null;
  phone: string | null;
  fullName: string | null;
  accountState: string | null;
  language: string | null;
}

/** A session row as read: null when unknown, revoked or expired. Slides the idle expiry of non-persistent sessions. */
async function sessionOfRow(db: DbOrTx, clock: Clock, row: SessionRow | undefined): Promise<SessionAuth | null> {
  const now = clock.now();
  if (!row?.sessionId || !row.userId || !row.expiresAt || !row.lastSeenAt || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  let expiresAt = row.expiresAt;
  if (!row.persistent && now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Slides, capped at the sign-in time plus the remembered session's life (the row's created_at).
    const slid = new Date(now.getTime() + IDLE_SESSION_MS);
    const [touched] = await db
      .update(sessions)
      .set({
        lastSeenAt: now,
        expiresAt: sql`least(${slid.toISOString()}::timestamptz, ${sessions.createdAt} + ${`${PERSISTENT_SESSION_MS} milliseconds`}::interval)`,
      })
      .where(eq(sessions.id, row.sessionId))
      .returning({ expiresAt: sessions.expiresAt });
    expiresAt = touched?.expiresAt ?? expiresAt;
    if (expiresAt.getTime() <= now.getTime()) return null;
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    role: row.role as Role,
    phone: row.phone ?? '',
    fullName: row.fullName ?? '',
    accountState: row.accountState as AccountState,
    language: row.language === 'fil' ? 'fil' : 'en',
    persistent: row.persistent ?? false,
    expiresAt,
  };
}

function validToken(token: string | null | undefined): token is string {
  return !!token && token.length <= 100;
}

/** The key a session row is stored under for a cookie's token ('' for none or a malformed one: matches no row). */
export function sessionKey(token: string | null | undefined): string {
  return validToken(token) ? hashToken(token) : '';
}

/**
 * The columns of findSessionAndVersions, for a hot read's statement that joins the session itself
 * (`from (select 1) as one left join sessions on sessions.id = <key> left join users on ...`, then
 * the route's own tables joined to sessions.user_id): one statement per request (decision 038).
 * Read the row with sessionAndVersionsOfRow, which applies every check findSessionAndVersions does.
 */
export const sessionAndVersionsColumns = {
  companyId: sql<string | null>`(select max(id) from company_profiles)::text`,
  productSeq: sql<number | null>`(select max(seq) from product_versions)`,
  ...sessionFields,
};

/** The session (null when unknown, revoked or expired; slides the idle expiry) and configuration versions of a row with sessionAndVersionsColumns. */
export async function sessionAndVersionsOfRow(
  db: DbOrTx,
  clock: Clock,
  key: string,
  row: (SessionRow & { companyId: string | null; productSeq: number | string | null }) | undefined,
): Promise<{ auth: SessionAuth | null; versions: ConfigurationVersions }> {
  const productSeq = row?.productSeq ?? null;
  return {
    auth: key && row?.sessionId === key ? await sessionOfRow(db, clock, row) : null,
    versions: { companyId: row?.companyId ?? null, productSeq: productSeq === null ? null : Number(productSeq) },
  };
}

/** Looks a session token up; null when unknown, revoked or expired. Slides the idle expiry of non-persistent sessions. */
export async function findSession(db: DbOrTx, clock: Clock, token: string): Promise<SessionAuth | null> {
  if (!validToken(token)) return null;
  const rows = await db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, hashToken(token)))
    .limit(1);
  return sessionOfRow(db, clock, rows[0]);
}

/** The statement of findSessionAndVersions, built once per database handle (src/server/db/prepared.ts): every API request runs it. */
function sessionAndVersionsStatement(db: DbOrTx) {
  return prepared(db, 'session_and_versions', () =>
    db
      .select(sessionAndVersionsColumns)
      .from(sql`(select 1) as one`)
      .leftJoin(sessions, eq(sessions.id, sql.placeholder('id')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .limit(1)
      .prepare('session_and_versions'),
  );
}

/**
 * The session of a token (as findSession) and the configuration versions, in ONE statement: the
 * two reads every API request makes before its route (src/server/http/session.ts). Without a
 * token the session part matches nothing and only the versions are read.
 */
export async function findSessionAndVersions(
  db: DbOrTx,
  clock: Clock,
  token: string | null | undefined,
): Promise<{ auth: SessionAuth | null; versions: ConfigurationVersions }> {
  const id = sessionKey(token);
  const rows = await sessionAndVersionsStatement(db).execute({ id });
  return sessionAndVersionsOfRow(db, clock, id, rows[0]);
}

/** Revokes one session (sign-out). */
export async function revokeSession(db: DbOrTx, clock: Clock, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping one (password change keeps the current one). */
export async function revokeUserSessions(db: DbOrTx, clock: Clock, userId: string, keepSessionId?: string): Promise<void> {
  const condition = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: clock.now() }).where(condition);
}

/**
 * Deletes every session row of a user (a completed data deletion, docs/decisions/029 addendum): the
 * rows hold the member's addresses and browsers; revoked or not, none of them signs anyone in again.
 */
export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
