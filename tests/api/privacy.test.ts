import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, dataDeletionRequests, outboxMessages, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/sessions/passwords';
import { CSV_PARTS, EXPORT_PARTS } from '../../src/server/modules/privacy/export-coverage';
import { completeSteps, createAppWithUploads, createMember, type TestMember } from '../fixtures/members';

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;

beforeAll(async () => {
  t = await createAppWithUploads();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Sampaguita-Ube-2026';

/** Every file but the images: one JSON per part, CSV beside three of them, the README. */
const PART_FILES = [...EXPORT_PARTS.map((p) => `${p}.json`), ...CSV_PARTS.map((p) => `${p}.csv`), 'README.txt'];

/** A member who can type their password (the fixture's hash is a placeholder). */
async function memberWithPassword(overrides: Parameters<typeof createMember>[1] = {}): Promise<TestMember> {
  const m = await createMember(t, overrides);
  await t.deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, m.userId));
  return m;
}

function exportOf(cookie?: string, password: string | undefined = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/privacy/export',
    ...(password === undefined ? {} : { payload: { password } }),
    headers: cookie ? { cookie } : {},
  });
}

function requestDeletion(cookie: string | undefined, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/privacy/deletion-request', ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

describe('data export (POST /api/privacy/export)', () => {
  let m: TestMember;
  let files: Record<string, Uint8Array>;
  let data: Record<string, unknown> & { account: Record<string, unknown> };
  const part = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!)) as unknown;

  beforeAll(async () => {
    m = await memberWithPassword();
    await completeSteps(t, m.cookie);
    await t.deps.db
      .insert(outboxMessages)
      .values({ channel: 'SMS', recipient: m.phone, body: 'Your Tapat code is 482913.', redactedBody: 'Your Tapat code is ••••••.' });
    await t.deps.db.insert(outboxMessages).values({ channel: 'SMS', recipient: '+639990000000', body: 'Someone else.' });
    await t.deps.db
      .insert(contactMessages)
      .values({ name: 'Maria', email: m.email, message: 'Hello, a question.', consentAt: t.clock.now(), userId: m.userId });
    const res = await exportOf(m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tapat-data-2026-11-22.zip"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    files = unzipSync(new Uint8Array(res.rawPayload));
    data = Object.fromEntries(
      ['account', 'activation', 'consents', 'documents', 'security', 'messages', 'support'].map((name) => [name, part(name)]),
    ) as typeof data;
  });

  it('is a ZIP with one file per part, a README and the three images', async () => {
    expect(Object.keys(files).sort()).toEqual([...PART_FILES, 'images/ID_BACK.jpg', 'images/ID_FRONT.jpg', 'images/SELFIE.jpg'].sort());
    for (const kind of ['ID_FRONT', 'ID_BACK', 'SELFIE']) expect((await sharp(files[`images/${kind}.jpg`]!).metadata()).format).toBe('jpeg');
  });

  it('holds everything about the member and no password hash, token hash or storage key', () => {
    const json = Object.entries(files)
      .filter(([name]) => !name.startsWith('images/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(data.account).toMatchObject({
      id: m.userId,
      phone: m.phone,
      email: m.email,
      fullName: m.fullName,
      monthlyNetIncome: { centavos: 3500000, formatted: '₱35,000.00' },
      accountState: 'INFO_COMPLETED',
    });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(json).not.toContain('argon2');
    expect(json).not.toMatch(/passwordHash|tokenHash|codeHash|storageKey/);
    const activation = data.activation as Record<string, unknown>;
    expect(activation.personal).toMatchObject({ firstName: 'Maria', birthDate: '1990-05-17' });
    expect(activation.address).toMatchObject({ townName: 'Quezon City' });
    expect(activation.references).toHaveLength(2);
    expect(activation.identity).toMatchObject({ identityNumber: '1234-5678-9012-3456' });
    expect(activation.payoutAccount).toMatchObject({ institutionCode: 'BDO', accountNumber: '001234567890' });
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'CREDIT_BUREAU', textVersion: expect.any(String), givenAt: expect.any(String) })]);
    const documents = (data.documents as { documents: Record<string, unknown>[] }).documents;
    expect(documents).toHaveLength(3);
    expect(documents[0]).toMatchObject({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      file: expect.stringMatching(/^images\//),
    });
    const sessions = (data.security as { sessions: Record<string, unknown>[] }).sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).not.toHaveProperty('id');
    expect(sessions[0]).toMatchObject({ userAgent: 'vitest', persistent: false });
    // A message that carried a code is exported with the code masked; the code itself never.
    expect(data.messages).toEqual([expect.objectContaining({ recipient: m.phone, body: 'Your Tapat code is ••••••.' })]);
    expect(json).not.toContain('482913');
    expect(json).not.toMatch(/redactedBody/);
    expect((data.support as { contactMessages: unknown }).contactMessages).toEqual([expect.objectContaining({ message: 'Hello, a question.' })]);
  });

  it("never includes another member's data", async () => {
    const other = await memberWithPassword({ fullName: 'Juan Santos' });
    const res = await exportOf(other.cookie);
    const otherFiles = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(otherFiles).sort()).toEqual([...PART_FILES].sort());
    const json = Object.values(otherFiles)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(json).not.toContain(m.userId);
    expect(json).not.toContain('Dela Cruz');
  });

  it("never includes the e-mails of an address the member did not verify: another member's mail stays theirs (review11)", async () => {
    // Registration never refuses an address (decision 051): anyone may type a victim's.
    const victim = await memberWithPassword({ fullName: 'Rosa Victima' });
    await t.deps.db.insert(outboxMessages).values({
      channel: 'EMAIL',
      recipient: victim.email,
      subject: 'Your loan TAPAT-L-000777 was approved',
      body: 'PHP 50,000.00 will be sent to your BDO account ending 4321.',
    });
    const typist = await memberWithPassword({ fullName: 'Juan Typist', email: victim.email, emailVerified: false });
    const res = await exportOf(typist.cookie);
    expect(res.statusCode).toBe(200);
    const json = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['messages.json']!);
    expect(json).not.toContain('TAPAT-L-000777');
    expect(json).not.toContain('ending 4321');
    // The victim, who verified the address, gets their own mail.
    const own = await exportOf(victim.cookie);
    expect(strFromU8(unzipSync(new Uint8Array(own.rawPayload))['messages.json']!)).toContain('TAPAT-L-000777');
  });

  it('tells a Filipino-speaking member of the download in Filipino', async () => {
    const fil = await memberWithPassword();
    await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, fil.userId));
    expect((await exportOf(fil.cookie)).statusCode).toBe(200);
    const told = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, fil.phone));
    expect(told.at(-1)!.body).not.toContain('a copy of your data was downloaded');
    expect(told.at(-1)!.body).toMatch(/TAPAT/);
    const [email] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, fil.email));
    expect(email!.subject).toBe('May nag-download ng kopya ng iyong data sa TAPAT');
  });

  it('needs a session', async () => {
    expect((await exportOf()).statusCode).toBe(401);
  });

  it('is no longer served by a GET: a session alone downloads nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/export', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describe('deletion request (POST /api/privacy/deletion-request)', () => {
  it('is filed (201), one open at a time (409), and seen by the member and by staff', async () => {
    const m = await createMember(t);
    const first = await requestDeletion(m.cookie, { reason: 'I no longer need a loan.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ requestedAt: t.clock.now().toISOString(), message: 'Your request to delete your data has been received.' });
    const second = await requestDeletion(m.cookie, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You already have an open request to delete your data. We will contact you about it.');

    const mine = await t.app.inject({ method: 'GET', url: '/api/privacy/deletion-request', headers: { cookie: m.cookie } });
    expect(mine.json()).toEqual({ request: { requestedAt: t.clock.now().toISOString(), status: 'OPEN', rejectionReasonCode: null } });

    const officer = await createMember(t, { role: 'OFFICER' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/deletion-requests', headers: { cookie: officer.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().requests).toContainEqual(
      expect.objectContaining({
        memberId: m.userId,
        memberName: m.fullName,
        reason: 'I no longer need a loan.',
        status: 'OPEN',
        requestedAt: t.clock.now().toISOString(),
      }),
    );
  });

  it('takes no body at all, and refuses an over-long reason', async () => {
    const m = await createMember(t);
    expect((await requestDeletion(m.cookie, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await requestDeletion(m.cookie)).statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.userId, m.userId));
    expect(row).toMatchObject({ reason: null, status: 'OPEN' });
  });

  it('a new request may follow a handled one', async () => {
    const m = await createMember(t);
    expect((await requestDeletion(m.cookie, {})).statusCode).toBe(201);
    await t.deps.db.update(dataDeletionRequests).set({ status: 'REJECTED', handledAt: t.clock.now() }).where(eq(dataDeletionRequests.userId, m.userId));
    t.clock.advance(1000);
    expect((await requestDeletion(m.cookie, {})).statusCode).toBe(201);
  });

  it('the staff list is for OFFICER and ADMIN only; requests need a session', async () => {
    const m = await createMember(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deletion-requests', headers: { cookie: m.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deletion-requests' })).statusCode).toBe(401);
    expect((await requestDeletion(undefined, {})).statusCode).toBe(401);
  });
});
