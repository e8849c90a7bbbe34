import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUploadAttempts, memberDocuments } from '../../src/server/db/schema';
import {
  elfBytes,
  exifTags,
  hugeJpegHeader,
  hugePngHeader,
  hugeWebpHeader,
  jpeg,
  jpegWithGps,
  peBytes,
  png,
  pngZipPolyglot,
  textBytes,
  truncatedJpeg,
  webp,
} from '../fixtures/images';
import { AppError } from '../../src/server/http/errors';
import { uploadDocument as uploadDocumentService } from '../../src/server/modules/documents/service';
import { completeSteps, createAppWithUploads, createMember, storedFiles, uploadDocument } from '../fixtures/members';

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;

beforeAll(async () => {
  t = await createAppWithUploads();
});
afterAll(async () => {
  await t.close();
});

/** A member at the identity step, where uploads are allowed. */
async function memberAtIdentityStep() {
  const m = await createMember(t);
  await completeSteps(t, m.cookie, 'references');
  return m;
}

async function documentsOf(userId: string) {
  return t.deps.db.select().from(memberDocuments).where(eq(memberDocuments.userId, userId));
}

function fetchOwn(cookie: string, kind: string) {
  return t.app.inject({ method: 'GET', url: `/api/activation/documents/${kind}`, headers: { cookie } });
}

describe('accepted uploads', () => {
  it('stores a JPEG re-encoded, with its SHA-256, size and dimensions, and serves it back privately', async () => {
    const m = await memberAtIdentityStep();
    const res = await uploadDocument(t, m.cookie, 'ID_FRONT', await jpeg(640, 480));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'ID_FRONT', width: 640, height: 480, uploadedAt: t.clock.now().toISOString() });
    const [row] = await documentsOf(m.userId);
    expect(row).toMatchObject({ kind: 'ID_FRONT', contentType: 'image/jpeg', width: 640, height: 480, sourceFormat: 'jpeg', supersededAt: null });
    expect(row!.storageKey).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const image = await fetchOwn(m.cookie, 'ID_FRONT');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.length).toBe(row!.sizeBytes);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(image.rawPayload).digest('hex')).toBe(row!.sha256);
  });

  it('accepts PNG and WebP whatever the declared type, and stores JPEG', async () => {
    const m = await memberAtIdentityStep();
    expect((await uploadDocument(t, m.cookie, 'ID_BACK', await png(300, 200), 'application/octet-stream')).statusCode).toBe(201);
    expect((await uploadDocument(t, m.cookie, 'SELFIE', await webp(300, 200), 'image/png')).statusCode).toBe(201);
    for (const kind of ['ID_BACK', 'SELFIE']) expect((await sharp((await fetchOwn(m.cookie, kind)).rawPayload).metadata()).format).toBe('jpeg');
  });

  it('strips EXIF, GPS included: the input has it, the stored file has none', async () => {
    const m = await memberAtIdentityStep();
    const input = await jpegWithGps(600, 400);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(exifTags(inputMeta.exif)).toHaveProperty('IFD0:0x8825'); // the GPS IFD
    expect(exifTags(inputMeta.exif)).toHaveProperty('GPS:0x2'); // GPSLatitude
    expect((await uploadDocument(t, m.cookie, 'SELFIE', input)).statusCode).toBe(201);
    const stored = (await fetchOwn(m.cookie, 'SELFIE')).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('TapatTestCam'))).toBe(false);
    // And on disk: the only file is the stored one, without the camera's make either.
    const files = await storedFiles(t.uploadsDir);
    const { readFile } = await import('node:fs/promises');
    for (const file of files) expect((await readFile(file)).includes(Buffer.from('TapatTestCam'))).toBe(false);
  });

  it('applies the EXIF orientation (6: portrait stored upright)', async () => {
    const m = await memberAtIdentityStep();
    const res = await uploadDocument(t, m.cookie, 'ID_FRONT', await jpegWithGps(600, 300, 6));
    expect(res.json()).toMatchObject({ width: 300, height: 600 });
    const meta = await sharp((await fetchOwn(m.cookie, 'ID_FRONT')).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 600, undefined]);
  });

  it('keeps the longest side within 2000 pixels', async () => {
    const m = await memberAtIdentityStep();
    const res = await uploadDocument(t, m.cookie, 'ID_BACK', await jpeg(2400, 3600));
    expect(res.json()).toMatchObject({ width: 1333, height: 2000 });
    const meta = await sharp((await fetchOwn(m.cookie, 'ID_BACK')).rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2000);
  });

  it('two uploads of one kind at the same time leave exactly one current image and one stored object', async () => {
    const m = await memberAtIdentityStep();
    const before = (await storedFiles(t.uploadsDir)).length;
    const results = await Promise.all([
      uploadDocument(t, m.cookie, 'ID_BACK', await jpeg(200, 100)),
      uploadDocument(t, m.cookie, 'ID_BACK', await jpeg(100, 200)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await documentsOf(m.userId);
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
    expect((await storedFiles(t.uploadsDir)).length).toBe(before + 1);
  });

  it('replacing an image supersedes the previous one and deletes its object', async () => {
    const m = await memberAtIdentityStep();
    await uploadDocument(t, m.cookie, 'SELFIE', await jpeg(200, 200));
    const [first] = await documentsOf(m.userId);
    const before = await storedFiles(t.uploadsDir);
    expect(before.some((f) => f.endsWith(first!.storageKey))).toBe(true);
    expect((await uploadDocument(t, m.cookie, 'SELFIE', await jpeg(300, 300))).statusCode).toBe(201);
    const rows = await documentsOf(m.userId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first!.id)!.supersededAt).not.toBeNull();
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
    const after = await storedFiles(t.uploadsDir);
    expect(after.some((f) => f.endsWith(first!.storageKey))).toBe(false);
    expect((await sharp((await fetchOwn(m.cookie, 'SELFIE')).rawPayload).metadata()).width).toBe(300);
  });
});

describe('refused uploads: a clear message and nothing stored', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number, RegExp][] = [
    ['a text file named .jpg', textBytes, 'image/jpeg', 415, /not a photo we can read.*JPEG, PNG or WebP image\.$/],
    ['a renamed Linux executable (ELF) sent as .png', elfBytes, 'image/png', 415, /not a photo we can read/],
    ['a renamed Windows executable (PE) sent as .png', peBytes, 'image/png', 415, /not a photo we can read/],
    [
      'an SVG carrying a script, declared as SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script></svg>'),
      'image/svg+xml',
      415,
      /not a photo we can read/,
    ],
    [
      'an HTML page declared as a JPEG',
      () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      'image/jpeg',
      415,
      /not a photo we can read/,
    ],
    [
      'a GIF (not an accepted format)',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      'image/gif',
      415,
      /not a photo we can read/,
    ],
    ['a truncated JPEG', truncatedJpeg, 'image/jpeg', 400, /damaged or incomplete/],
    ['a PNG with a ZIP appended (polyglot)', pngZipPolyglot, 'image/png', 400, /extra data after the image/],
    ['a PNG whose header says 30000 x 30000', hugePngHeader, 'image/png', 413, /too many pixels/],
    ['a JPEG whose frame header says 60000 x 60000', () => hugeJpegHeader(), 'image/jpeg', 413, /too many pixels/],
    ['a WebP whose frame header says 16383 x 16383', hugeWebpHeader, 'image/webp', 413, /too many pixels/],
    ['an empty body', () => Buffer.alloc(0), 'image/jpeg', 400, /No photo was received/],
  ];

  for (const [name, make, type, status, message] of cases) {
    it(`refuses ${name}`, async () => {
      const m = await memberAtIdentityStep();
      const filesBefore = await storedFiles(t.uploadsDir);
      const res = await uploadDocument(t, m.cookie, 'ID_FRONT', await make(), type);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(message);
      expect(await documentsOf(m.userId)).toHaveLength(0);
      expect(await storedFiles(t.uploadsDir)).toEqual(filesBefore);
    });
  }

  it('refuses a body over 10 MB with 413 and a clear message', async () => {
    const m = await memberAtIdentityStep();
    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadDocument(t, m.cookie, 'ID_FRONT', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The photo is larger than 10 MB. Please choose a smaller photo.' });
    expect(await documentsOf(m.userId)).toHaveLength(0);
  });

  it('refuses HEIC honestly: this server cannot decode it yet', async () => {
    const m = await memberAtIdentityStep();
    const heic = Buffer.alloc(64);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic', 4, 'latin1');
    heic.write('mif1heic', 16, 'latin1');
    heic.writeUInt32BE(40, 24);
    heic.write('mdat', 28, 'latin1');
    const res = await uploadDocument(t, m.cookie, 'SELFIE', heic, 'image/heic');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('HEIC photos cannot be read yet; please send a JPEG or PNG.');
  });

  it('refuses another content type (JSON, text) with 415', async () => {
    const m = await memberAtIdentityStep();
    const res = await t.app.inject({ method: 'PUT', url: '/api/activation/documents/ID_FRONT', payload: { image: 'x' }, headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/send the photo itself/);
  });

  it('refuses an unknown kind', async () => {
    const m = await memberAtIdentityStep();
    expect((await uploadDocument(t, m.cookie, 'PASSPORT_PAGE', await jpeg(64, 64))).statusCode).toBe(400);
  });
});

describe('when uploads are allowed', () => {
  it('not before the identity step, not after activation', async () => {
    const early = await createMember(t);
    const tooEarly = await uploadDocument(t, early.cookie, 'ID_FRONT', await jpeg(64, 64));
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toBe('Please complete the earlier steps before uploading your ID and selfie.');

    const done = await createMember(t);
    await completeSteps(t, done.cookie);
    const locked = await uploadDocument(t, done.cookie, 'ID_FRONT', await jpeg(64, 64));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toMatch(/already activated/);
  });

  it('needs a session, refused before the body is read', async () => {
    const res = await uploadDocument(t, undefined, 'ID_FRONT', Buffer.alloc(11 * 1024 * 1024));
    expect(res.statusCode).toBe(401);
  });

  it('at most 30 attempts per member per hour, counted in the database', async () => {
    const m = await memberAtIdentityStep();
    for (let i = 0; i < 30; i++) expect((await uploadDocument(t, m.cookie, 'ID_FRONT', textBytes())).statusCode).toBe(415);
    const limited = await uploadDocument(t, m.cookie, 'ID_FRONT', await jpeg(64, 64));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many uploads in the last hour. Please wait a while and try again.');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await t.deps.db.select().from(documentUploadAttempts).where(eq(documentUploadAttempts.userId, m.userId))).toHaveLength(30);
    t.clock.advance(60 * 60_000 + 1);
    expect((await uploadDocument(t, m.cookie, 'ID_FRONT', await jpeg(64, 64))).statusCode).toBe(201);
  });

  it('at most 3 uploads of one member at a time, refused before their bodies are read; the slots come back', async () => {
    const m = await memberAtIdentityStep();
    const other = await memberAtIdentityStep();
    const image = await jpeg(64, 64);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => uploadDocument(t, m.cookie, 'ID_FRONT', image)),
      uploadDocument(t, other.cookie, 'ID_FRONT', image),
    ]);
    const mine = answers.slice(0, 8);
    const refused = mine.filter((r) => r.statusCode === 429);
    expect(refused.length, mine.map((r) => r.statusCode).join()).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.json().error.message).toBe('Your other photos are still being sent. Please wait until they finish, then try again.');
    for (const r of mine.filter((x) => x.statusCode !== 429)) expect(r.statusCode).toBe(201);
    expect(answers[8]!.statusCode, 'another member is not held up').toBe(201);
    // Refused before their bodies were read: no attempt recorded for them.
    const attempts = await t.deps.db.select().from(documentUploadAttempts).where(eq(documentUploadAttempts.userId, m.userId));
    expect(attempts).toHaveLength(8 - refused.length);
    // Once those are done, the member may upload again.
    expect((await uploadDocument(t, m.cookie, 'ID_BACK', image)).statusCode).toBe(201);
  });

  it('the hourly limit holds when attempts arrive at the same time (as through several processes): 40 at once, 30 looked at, 10 refused', async () => {
    const m = await memberAtIdentityStep();
    // The service itself, as each process's route calls it (one process lets only a few of a member's uploads in at a time).
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        uploadDocumentService(t.deps, m.userId, 'ID_FRONT', textBytes()).then(
          () => 201,
          (error: unknown) => (error instanceof AppError ? error.status : 500),
        ),
      ),
    );
    expect(outcomes.filter((c) => c === 415)).toHaveLength(30);
    expect(outcomes.filter((c) => c === 429)).toHaveLength(10);
    expect(await t.deps.db.select().from(documentUploadAttempts).where(eq(documentUploadAttempts.userId, m.userId))).toHaveLength(30);
  });
});
