import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccessLog, memberDocuments } from '../../src/server/db/schema';
import { jpeg } from '../fixtures/images';
import { completeSteps, createAppWithUploads, createMember, uploadDocument, type TestMember } from '../fixtures/members';

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;
let owner: TestMember;

beforeAll(async () => {
  t = await createAppWithUploads();
  owner = await createMember(t);
  await completeSteps(t, owner.cookie, 'references');
  expect((await uploadDocument(t, owner.cookie, 'ID_FRONT', await jpeg(320, 200))).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

const staffUrl = (memberId: string, kind = 'ID_FRONT') => `/api/admin/members/${memberId}/documents/${kind}`;

describe("who may see a member's images", () => {
  it('the owner, through the route without any id', async () => {
    const res = await get('/api/activation/documents/ID_FRONT', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('anonymous: 401 on every image route', async () => {
    expect((await get('/api/activation/documents/ID_FRONT')).statusCode).toBe(401);
    expect((await get(staffUrl(owner.userId))).statusCode).toBe(401);
  });

  it('another member: 404 whatever they ask for, exactly as for an image that does not exist', async () => {
    const other = await createMember(t);
    const own = await get('/api/activation/documents/ID_FRONT', other.cookie);
    expect(own.statusCode).toBe(404);
    const viaAdmin = await get(staffUrl(owner.userId), other.cookie);
    const missing = await get(staffUrl('00000000-0000-4000-8000-000000000000'), other.cookie);
    expect(viaAdmin.statusCode).toBe(404);
    expect(viaAdmin.json()).toEqual(missing.json());
    // An id in the query or a header changes nothing: the owner route reads the session only.
    expect((await get(`/api/activation/documents/ID_FRONT?userId=${owner.userId}`, other.cookie)).statusCode).toBe(404);
    expect(await t.deps.db.select().from(documentAccessLog).where(eq(documentAccessLog.memberId, owner.userId))).toHaveLength(0);
  });

  it('staff (OFFICER, ADMIN): served, and every view is logged with staff, member, document, time and address', async () => {
    const officer = await createMember(t, { role: 'OFFICER', fullName: 'Olivia Officer' });
    const admin = await createMember(t, { role: 'ADMIN', fullName: 'Adam Admin' });
    const [doc] = await t.deps.db.select().from(memberDocuments).where(eq(memberDocuments.userId, owner.userId));

    const first = await t.app.inject({
      method: 'GET',
      url: staffUrl(owner.userId),
      headers: { cookie: officer.cookie, 'user-agent': 'backoffice' },
      remoteAddress: '10.1.2.3',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    t.clock.advance(60_000);
    expect((await get(staffUrl(owner.userId), admin.cookie)).statusCode).toBe(200);

    const log = await t.deps.db.select().from(documentAccessLog).where(eq(documentAccessLog.memberId, owner.userId)).orderBy(documentAccessLog.createdAt);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      staffUserId: officer.userId,
      staffRole: 'OFFICER',
      documentId: doc!.id,
      kind: 'ID_FRONT',
      ip: '10.1.2.3',
      userAgent: 'backoffice',
    });
    expect(log[1]).toMatchObject({ staffUserId: admin.userId, staffRole: 'ADMIN', documentId: doc!.id });
    expect(log[1]!.createdAt.getTime() - log[0]!.createdAt.getTime()).toBe(60_000);
  });

  it('staff asking for a missing image or member get 404, and nothing is logged', async () => {
    const officer = await createMember(t, { role: 'OFFICER' });
    expect((await get(staffUrl(owner.userId, 'SELFIE'), officer.cookie)).statusCode).toBe(404);
    expect((await get(staffUrl('not-a-uuid'), officer.cookie)).statusCode).toBe(404);
    expect(await t.deps.db.select().from(documentAccessLog).where(eq(documentAccessLog.staffUserId, officer.userId))).toHaveLength(0);
  });

  it('no image is reachable by a guessable public URL', async () => {
    const [doc] = await t.deps.db.select().from(memberDocuments).where(eq(memberDocuments.userId, owner.userId));
    for (const url of [`/uploads/${doc!.storageKey}`, `/data/uploads/${doc!.storageKey.slice(0, 2)}/${doc!.storageKey}`, `/api/uploads/${doc!.storageKey}`]) {
      expect((await get(url, owner.cookie)).statusCode, url).toBe(404);
    }
  });
});
