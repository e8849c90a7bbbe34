import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { recordStaffView } from '../../audit';
import { documentUploadAttempts, memberDocuments, users } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { HOUR } from '../../clock';
import { AppError } from '../../http/errors';
import { storageFor } from '../../providers/storage';
import type { DocumentKind } from '../../../shared/activation/id-types';
import { canUploadDocuments, type AccountState } from '../../../shared/states/account';
import { ownDocumentUrl, type DocumentInfo } from '../../../shared/schemas/activation';
import { ImageRefused, sanitiseImage, type RefusalReason } from './image';
import { ERROR_STATUS, type ErrorCode } from '../../../shared/schemas/errors';
import { isUuid } from '../../../shared/schemas/params';
import { text } from '../../../shared/i18n/text';

/** At most 30 upload attempts (accepted or refused) per member per hour, counted in the database. */
const UPLOADS_PER_HOUR = 30;

const REFUSAL = {
  EMPTY: { code: 'BAD_REQUEST', key: 'activation.documents.empty' },
  NOT_AN_IMAGE: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'activation.documents.notAnImage' },
  HEIC_UNSUPPORTED: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'activation.documents.heicUnsupported' },
  UNREADABLE: { code: 'BAD_REQUEST', key: 'activation.documents.unreadable' },
  TOO_MANY_PIXELS: { code: 'PAYLOAD_TOO_LARGE', key: 'activation.documents.tooManyPixels' },
  TRAILING_DATA: { code: 'BAD_REQUEST', key: 'activation.documents.trailingData' },
} as const satisfies Readonly<Record<RefusalReason, { code: ErrorCode; key: string }>>;

function info(row: typeof memberDocuments.$inferSelect): DocumentInfo {
  return {
    kind: row.kind as DocumentKind,
    uploadedAt: row.createdAt.toISOString(),
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    url: ownDocumentUrl(row.kind as DocumentKind, row.id),
  };
}

function assertMayUpload(state: AccountState): void {
  const check = canUploadDocuments(state);
  if (!check.ok) {
    throw new AppError(409, 'CONFLICT', text(check.reason === 'STEP_LOCKED' ? 'activation.errors.documentsLocked' : 'activation.errors.documentsTooEarly'));
  }
}

async function stateOf(db: DbOrTx, userId: string, lock = false): Promise<AccountState> {
  const query = db.select({ state: users.accountState }).from(users).where(eq(users.id, userId));
  const rows = lock ? await query.for('update') : await query;
  const row = rows[0];
  if (!row) throw new AppError(401, 'UNAUTHENTICATED');
  return row.state as AccountState;
}

async function assertUploadAllowed(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(documentUploadAttempts)
    .where(and(eq(documentUploadAttempts.userId, userId), gt(documentUploadAttempts.createdAt, new Date(now.getTime() - HOUR))));
  if ((row?.n ?? 0) >= UPLOADS_PER_HOUR) {
    throw new AppError(429, 'RATE_LIMITED', text('activation.documents.rateLimited'), undefined, { 'retry-after': String(HOUR / 1000) });
  }
}

/**
 * Stores a member's ID or selfie image: checks the state (identity step reached, not yet
 * activated) and the hourly limit, sanitises the bytes (image.ts), stores the re-encoding under a
 * new random key, and supersedes the previous image of that kind (its object is deleted). A refused
 * image leaves nothing behind.
 */
export async function uploadDocument(deps: AppDeps, userId: string, kind: DocumentKind, body: Uint8Array): Promise<DocumentInfo> {
  const now = deps.clock.now();
  // Counted and recorded under the member's row lock: attempts sent at the same time cannot all
  // read the same count and pass the hourly limit together.
  const attempt = await deps.db.transaction(async (tx) => {
    assertMayUpload(await stateOf(tx, userId, true));
    await assertUploadAllowed(tx, userId, now);
    const [row] = await tx.insert(documentUploadAttempts).values({ userId, kind, createdAt: now }).returning({ id: documentUploadAttempts.id });
    return row;
  });

  let image;
  try {
    image = await sanitiseImage(body);
  } catch (error) {
    if (error instanceof ImageRefused) {
      const refusal = REFUSAL[error.reason];
      throw new AppError(ERROR_STATUS[refusal.code], refusal.code, text(refusal.key));
    }
    throw error;
  }

  const storage = storageFor(deps.config.storage);
  const storageKey = await storage.put(image.bytes, { contentType: image.contentType });
  let saved: typeof memberDocuments.$inferSelect;
  let replacedKeys: string[];
  try {
    ({ saved, replacedKeys } = await deps.db.transaction(async (tx) => {
      // The member's row lock serialises uploads (and step saves) of one member.
      assertMayUpload(await stateOf(tx, userId, true));
      const replaced = await tx
        .update(memberDocuments)
        .set({ supersededAt: now })
        .where(and(eq(memberDocuments.userId, userId), eq(memberDocuments.kind, kind), isNull(memberDocuments.supersededAt)))
        .returning({ storageKey: memberDocuments.storageKey });
      const [row] = await tx
        .insert(memberDocuments)
        .values({
          userId,
          kind,
          storageKey,
          sha256: image.sha256,
          contentType: image.contentType,
          sizeBytes: image.sizeBytes,
          width: image.width,
          height: image.height,
          sourceFormat: image.sourceFormat,
          createdAt: now,
        })
        .returning();
      if (attempt) await tx.update(documentUploadAttempts).set({ accepted: true }).where(eq(documentUploadAttempts.id, attempt.id));
      return { saved: row!, replacedKeys: replaced.map((r) => r.storageKey) };
    }));
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
  for (const key of replacedKeys) await storage.delete(key);
  return info(saved);
}

async function currentDocument(db: DbOrTx, userId: string, kind: DocumentKind) {
  const rows = await db
    .select()
    .from(memberDocuments)
    .where(and(eq(memberDocuments.userId, userId), eq(memberDocuments.kind, kind), isNull(memberDocuments.supersededAt)))
    .limit(1);
  return rows[0];
}

export interface ImageFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly sha256: string;
}

async function readImage(deps: AppDeps, row: typeof memberDocuments.$inferSelect): Promise<ImageFile> {
  const bytes = await storageFor(deps.config.storage).get(row.storageKey);
  if (!bytes) throw new AppError(404, 'NOT_FOUND');
  return { bytes, contentType: row.contentType, sha256: row.sha256 };
}

/** The signed-in member's own current image of a kind, or 404. */
export async function ownDocument(deps: AppDeps, userId: string, kind: DocumentKind): Promise<ImageFile> {
  const row = await currentDocument(deps.db, userId, kind);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return readImage(deps, row);
}

/**
 * A member's image for staff (OFFICER, ADMIN): every view is written to document_access_log
 * (staff user, role, member, document, time, address) before the bytes are sent.
 */
export async function documentForStaff(
  deps: AppDeps,
  staff: { userId: string; role: string },
  memberId: string,
  kind: DocumentKind,
  ctx: { ip: string; userAgent: string | null },
): Promise<ImageFile> {
  if (!isUuid(memberId)) throw new AppError(404, 'NOT_FOUND');
  const row = await currentDocument(deps.db, memberId, kind);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const file = await readImage(deps, row);
  const now = deps.clock.now();
  // The access log (what the member's data export lists) and the staff audit log, together or not at all.
  await recordStaffView(deps.db, {
    staff,
    memberId,
    documentId: row.id,
    kind,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    at: now,
    audit: { action: 'DOCUMENT_VIEW', subjectType: 'MEMBER', subjectId: memberId, details: { kind, documentId: row.id } },
  });
  return file;
}
