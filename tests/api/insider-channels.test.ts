import { strFromU8, unzipSync } from 'fflate';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyProfiles, contactMessages, dataDeletionRequests, outboxMessages, users } from '../../src/server/db/schema';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/server/http/text-guard';
import { writeAudit } from '../../src/server/audit';
import { hashPassword } from '../../src/server/sessions/passwords';
import { createStaff, post } from '../fixtures/loans';
import { createAppWithUploads, createMember, type TestMember } from '../fixtures/members';

/**
 * A dishonest insider, or a crafted input, using the data-rights flows as a channel (the security
 * review of the back office, branch sec-insider): the erasure of a member must not erase what the
 * lender keeps about its own staff and settings, a staff member does not decide their own (or a
 * related member's) request, and one member's export holds nothing of another member.
 */

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;
let admin: TestMember;
let otherAdmin: TestMember;

beforeAll(async () => {
  t = await createAppWithUploads();
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
  otherAdmin = await createStaff(t, 'ADMIN', 'Admin Dante Lim');
}, 120_000);
afterAll(async () => t.close());

const PASSWORD = 'Sampaguita-Ube-2026';

async function fileRequest(m: TestMember): Promise<string> {
  const res = await post(t, m.cookie, '/api/privacy/deletion-request', { reason: 'Please delete my data.' });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.deps.db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.userId, m.userId))
    .orderBy(desc(dataDeletionRequests.requestedAt));
  return row!.id;
}

const complete = (cookie: string, id: string) => post(t, cookie, `/api/admin/deletion-requests/${id}/complete`);
const reject = (cookie: string, id: string) => post(t, cookie, `/api/admin/deletion-requests/${id}/reject`, { reasonCode: 'LEGAL_HOLD' });

async function statusOf(id: string): Promise<string> {
  const [row] = await t.deps.db.select({ status: dataDeletionRequests.status }).from(dataDeletionRequests).where(eq(dataDeletionRequests.id, id));
  return row!.status;
}

describe('deletion requests and the staff', () => {
  it('an ADMIN does not decide their own request (403 CONFLICT_OF_INTEREST), and no ADMIN erases a staff account (409 DELETION_BLOCKED STAFF_ACCOUNT)', async () => {
    const own = await createStaff(t, 'ADMIN', 'Admin Erwin Go');
    const requestId = await fileRequest(own);
    const self = await complete(own.cookie, requestId);
    expect(self.statusCode, self.body).toBe(403);
    expect(self.json().error.code).toBe('CONFLICT_OF_INTEREST');
    const selfReject = await reject(own.cookie, requestId);
    expect(selfReject.statusCode, selfReject.body).toBe(403);
    expect(selfReject.json().error.code).toBe('CONFLICT_OF_INTEREST');

    const byOther = await complete(admin.cookie, requestId);
    expect(byOther.statusCode, byOther.body).toBe(409);
    expect(byOther.json().error.code).toBe('DELETION_BLOCKED');
    expect(Object.keys(byOther.json().error.fields)).toEqual(['STAFF_ACCOUNT']);
    // The detail page says why beforehand.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/deletion-requests/${requestId}`, headers: { cookie: admin.cookie } });
    expect(detail.json().blockers).toEqual(['STAFF_ACCOUNT']);

    // Nothing moved: the staff account keeps its name (the audit log's actor), the request stays open.
    const [row] = await t.deps.db.select({ fullName: users.fullName, role: users.role }).from(users).where(eq(users.id, own.userId));
    expect(row).toEqual({ fullName: 'Admin Erwin Go', role: 'ADMIN' });
    expect(await statusOf(requestId)).toBe('OPEN');
  });

  it('an ADMIN does not decide the request of a member who shares their e-mail address (any letter case)', async () => {
    const member = await createMember(t, { fullName: 'Lorna Villanueva' });
    await t.deps.db
      .update(users)
      .set({ email: `X.${admin.email.toUpperCase()}` })
      .where(eq(users.id, member.userId));
    await t.deps.db
      .update(users)
      .set({ email: `x.${admin.email}` })
      .where(eq(users.id, admin.userId));
    try {
      const requestId = await fileRequest(member);
      for (const res of [await complete(admin.cookie, requestId), await reject(admin.cookie, requestId)]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.code).toBe('CONFLICT_OF_INTEREST');
      }
      expect(await statusOf(requestId)).toBe('OPEN');
      // Another ADMIN may.
      const res = await reject(otherAdmin.cookie, requestId);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.deps.db.update(users).set({ email: admin.email }).where(eq(users.id, admin.userId));
    }
  });
});

describe("a member's erasure cuts the member's words out of the audit rows about members only", () => {
  it("a member named like a staff member or the signatory does not erase the staff's or the settings' audit rows", async () => {
    // The member picks a name that also stands in the lender's own records (any letters are a valid name).
    const member = await createMember(t, { fullName: 'Ramon Bautista' });
    const at = t.clock.now();
    const actor = { userId: admin.userId, role: 'ADMIN' };
    await writeAudit(t.deps.db, {
      actor,
      action: 'STAFF_CREATE',
      subjectType: 'USER',
      subjectId: admin.userId,
      details: { role: 'OFFICER', name: 'Ramon Bautista', via: 'cli' },
      ip: null,
      at,
    });
    await writeAudit(t.deps.db, {
      actor,
      action: 'COMPANY_PROFILE_UPDATE',
      subjectType: 'COMPANY_PROFILE',
      subjectId: null,
      details: { changed: ['disclosureSignatory'], after: { disclosureSignatory: { name: 'Ramon Bautista', position: 'President' } } },
      ip: null,
      at,
    });
    // A row about the member that quotes them: this one is cut, as before.
    await writeAudit(t.deps.db, {
      actor,
      action: 'DOCUMENT_VIEW',
      subjectType: 'MEMBER',
      subjectId: member.userId,
      details: { kind: 'SELFIE', remark: 'checked Ramon Bautista' },
      ip: null,
      at,
    });
    const requestId = await fileRequest(member);
    const res = await complete(admin.cookie, requestId);
    expect(res.statusCode, res.body).toBe(200);

    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.userId)));
    const byAction = (action: string) => rows.filter((r) => r.action === action).map((r) => JSON.stringify(r.details));
    expect(byAction('STAFF_CREATE').join()).toContain('Ramon Bautista');
    expect(byAction('COMPANY_PROFILE_UPDATE').join()).toContain('Ramon Bautista');
    const aboutMember = rows.filter((r) => r.action === 'DOCUMENT_VIEW' && r.subjectId === member.userId);
    expect(aboutMember).toHaveLength(1);
    expect(JSON.stringify(aboutMember[0]!.details)).not.toContain('Ramon Bautista');
  });
});

describe("one member's data export", () => {
  it('does not carry the id of the member who referred them, nor of the staff member handling their message', async () => {
    const referrer = await createMember(t, { fullName: 'Teresita Ocampo' });
    const member = await createMember(t, { fullName: 'Nestor Aquino' });
    await t.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), referralCode: 'FRIEND01', referredBy: referrer.userId })
      .where(eq(users.id, member.userId));
    await t.deps.db.insert(contactMessages).values({
      name: 'Nestor',
      email: member.email,
      message: 'A question about my data.',
      consentAt: t.clock.now(),
      userId: member.userId,
      status: 'IN_PROGRESS',
      assignedTo: admin.userId,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/privacy/export', payload: { password: PASSWORD }, headers: { cookie: member.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(json).toContain('FRIEND01');
    expect(json).not.toContain(referrer.userId);
    expect(json).toContain('A question about my data.');
    expect(json).not.toContain(admin.userId);
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ referred: true });
  });
});

describe("the company profile's words stand on every page, document and e-mail footer", () => {
  const REAL = {
    ...DEMO_COMPANY_PROFILE,
    social: { ...DEMO_COMPANY_PROFILE.social },
    disclosureSignatory: { name: 'Ramon Bautista', position: 'Loan Release Officer' },
    demo: false,
    companyName: 'Bayanihan Lending Corporation',
    shortName: 'BAYAN',
    address: '12 Ayala Avenue, Export Processing Zone, Makati City',
    secRegistrationNumber: 'CS201912345',
    certificateOfAuthorityNumber: 'CA-3001',
    operatingPermitNumber: 'OP-2024-17',
    employees: '50 to 99',
    officeHours: 'Mon–Fri 8:00–17:00, Sat 9:00–12:00',
  };
  const put = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload, headers: { cookie: admin.cookie } });

  it('refuses a line break, a control or a direction-override character in any text (a forged line on the contract PDF)', async () => {
    const res = await put({
      ...REAL,
      companyName: 'Bayanihan Lending Corporation\nNOTICE: pay PHP 500 to 0917 123 4567 first',
      address: '12 Ayala Avenue\r\nMakati City',
      officeHours: 'Mon\u202Eto Fri',
      employees: '50\t99',
      disclosureSignatory: { name: 'Ramon\u0007Bautista', position: 'Manager\u2028Cashier' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'address',
      'companyName',
      'disclosureSignatory.name',
      'disclosureSignatory.position',
      'employees',
      'officeHours',
    ]);
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
  });

  it('a NUL character is a 400 naming the field, never a 500 from the database (the profile, the public contact form)', async () => {
    const profile = await put({ ...REAL, disclosureSignatory: { name: 'Ramon\u0000Bautista', position: 'President' } });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(profile.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'disclosureSignatory.name': UNSTORABLE_TEXT_MESSAGE } });
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email: 'nul@example.com', message: 'Hello\u0000 there, a question.', agree: true },
    });
    expect(contact.statusCode, contact.body).toBe(400);
    expect(Object.keys(contact.json().error.fields)).toEqual(['message']);
    expect(await t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'nul@example.com'))).toHaveLength(0);
    const query = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=%00', headers: { cookie: admin.cookie } });
    expect(query.statusCode, query.body).toBe(400);
  });

  it('an unpaired surrogate (a JSON \\ud800 escape) is a 400 naming the field, never a 500 from a jsonb column (a support reply, the profile)', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email: 'surrogate@example.com', message: 'A question about fees.', agree: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [message] = await t.deps.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, 'surrogate@example.com'));
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/messages/${message!.id}/reply`,
      payload: '{"text":"Hello \\udc00 there"}',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error.fields).toEqual({ text: UNSTORABLE_TEXT_MESSAGE });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/company',
      payload: JSON.stringify({ ...REAL, officeHours: 'Mon \ud800 Fri' }),
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    // Paired surrogates (an emoji) are ordinary text.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"name":"Ana","email":"emoji@example.com","message":"Thank you \\ud83d\\ude00 so much","agree":true}',
      headers: { 'content-type': 'application/json' },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('refuses words of the advance-fee pattern in the office hours, the staff count and the registration numbers, as in a product name', async () => {
    const res = await put({
      ...REAL,
      officeHours: 'Daily; pay the unlock fee at the cashier first',
      employees: 'Deposit required',
      secRegistrationNumber: 'CS2019 processing',
      certificateOfAuthorityNumber: 'CA-3001 verification',
      operatingPermitNumber: 'Release fee 500',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'certificateOfAuthorityNumber',
      'employees',
      'officeHours',
      'operatingPermitNumber',
      'secRegistrationNumber',
    ]);
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
  });

  it('every text of the profile a borrower reads goes through the one check of staff text (decision 060): each field refuses a payment demand, a link elsewhere, an account number', async () => {
    const fields = [
      ['companyName'],
      ['address'],
      ['secRegistrationNumber'],
      ['certificateOfAuthorityNumber'],
      ['operatingPermitNumber'],
      ['employees'],
      ['officeHours'],
      ['disclosureSignatory', 'name'],
      ['disclosureSignatory', 'position'],
    ] as const;
    const set = (path: readonly string[], value: string) =>
      path.length === 1 ? { ...REAL, [path[0]!]: value } : { ...REAL, disclosureSignatory: { ...REAL.disclosureSignatory, [path[1]!]: value } };
    for (const path of fields) {
      for (const [value, reason] of [
        ['Pay PHP 5,000 unfreeze fee', null],
        ['Send 5000 pesos first', 'Payment instructions are not allowed'],
        ['Call 0917 123 4567', 'Phone and account numbers'],
        ['See tapat-help.example', 'Links and e-mail addresses other than the lender’s own'],
      ] as const) {
        // A registration number is the lender's own number by definition (its digits may be many).
        if (value.startsWith('Call') && path[0].endsWith('Number')) continue;
        const res = await put(set(path, value));
        const where = `${path.join('.')}: ${value}`;
        expect(res.statusCode, where).toBe(400);
        expect(Object.keys(res.json().error.fields), where).toEqual([path.join('.')]);
        if (reason) expect(res.json().error.fields[path.join('.')], where).toContain(reason);
      }
    }
    // The Filipino reason for the ADMIN who reads Filipino.
    const fil = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/company',
      payload: set(['companyName'], 'Bayanihan Lending, bayad muna ng P5,000 sa GCash'),
      headers: { cookie: admin.cookie, 'accept-language': 'fil' },
    });
    expect(fil.json().error.fields.companyName).toContain('Bawal ang tagubilin sa pagbabayad');
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
    // The profile's own addresses pass: its support e-mail in the office hours.
    const own = await put({ ...REAL, officeHours: `Mon–Fri 8:00–17:00; write to ${REAL.supportEmail}` });
    expect(own.statusCode, own.body).toBe(200);
    await t.deps.db.delete(companyProfiles);
  });

  it('accepts a real profile (an en dash in the hours, a processing zone in the address, a release officer as signatory)', async () => {
    const res = await put(REAL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ officeHours: REAL.officeHours, address: REAL.address });
    // Back to the configured profile (at the next request) for the other tests of this file.
    await t.deps.db.delete(companyProfiles);
  });
});

describe("a support reply: a named officer's quoted words, checked, under the lender's standing warning (decision 060)", () => {
  async function messageFrom(email: string, cookie?: string): Promise<string> {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email, message: 'Is there a fee to get my loan?', agree: true },
      headers: cookie ? { cookie } : {},
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [message] = await t.deps.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, email));
    return message!.id;
  }

  it('the scam reply of the review is refused on the field with the reason and what was found (en and fil); nothing sent, nothing changed', async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ramon Diaz');
    const id = await messageFrom('scam.target@example.com');
    const cases: { text: string; en: string; fil: string; found: string }[] = [
      {
        text: 'Your loan is FROZEN. To release it pay PHP 5,000 to GCash 0918 765 4321 today. Log in at http://tapat-verify.example/login',
        en: 'Links and e-mail addresses other than the lender’s own are not allowed',
        fil: 'Bawal ang link at e-mail address',
        found: 'http://tapat-verify.example/login',
      },
      { text: 'Your loan is FROZEN. Send it to GCash 0918 765 4321 today.', en: 'Phone and account numbers', fil: 'Bawal ang numero', found: '0918 765 4321' },
      {
        text: 'Your loan is FROZEN. Please pay PHP 5,000 today.',
        en: 'Payment instructions are not allowed',
        fil: 'Bawal ang tagubilin sa pagbabayad',
        found: 'Please pay PHP 5,000 today.',
      },
      {
        text: 'Your loan is FROZEN until the unfreeze fee is settled.',
        en: 'Words of an advance-fee scheme',
        fil: 'Bawal ang mga salita ng advance-fee scheme',
        found: 'unfreeze fee',
      },
    ];
    for (const c of cases) {
      const en = await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: c.text });
      expect([en.statusCode, en.json().error.code], c.text).toEqual([400, 'VALIDATION_FAILED']);
      expect(Object.keys(en.json().error.fields)).toEqual(['text']);
      expect(en.json().error.fields.text).toContain(c.en);
      expect(en.json().error.fields.text).toContain(`Found: “${c.found}”`);
      const fil = await t.app.inject({
        method: 'POST',
        url: `/api/admin/support/messages/${id}/reply`,
        payload: { text: c.text },
        headers: { cookie: officer.cookie, 'accept-language': 'fil' },
      });
      expect(fil.json().error.fields.text).toContain(c.fil);
    }
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'scam.target@example.com'))).toEqual([]);
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.status).toBe('NEW');
  });

  it("every reply is quoted as the named officer's words, with the standing warning and the footer (en and fil); the lender's own links and the member's own number pass", async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    // A signed-in sender's reply goes only to their own verified address (decision 051).
    const filMember = await createMember(t, { email: 'pedro.reply@example.com' });
    await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, filMember.userId));
    const company = t.deps.config.company;
    const cases = [
      {
        cookie: undefined,
        email: 'ana.reply@example.com',
        text: `There is no fee to get a loan.\nWrite to ${company.supportEmail} if anyone asks you for one.`,
        intro: `Officer Ana Reyes of ${company.companyName} answered your message. These are Officer Ana Reyes’s own words:`,
        warning: `${company.companyName} never asks for a payment to release, unlock or withdraw a loan`,
      },
      {
        cookie: filMember.cookie,
        email: 'pedro.reply@example.com',
        text: `Walang bayad para makakuha ng loan. Ite-text namin kayo sa ${filMember.phone}.`,
        intro: `Sinagot ni Officer Ana Reyes ng ${company.companyName} ang iyong mensahe.`,
        warning: `Hindi kailanman humihingi ang ${company.companyName} ng bayad para ma-release, ma-unlock o ma-withdraw ang loan`,
      },
    ];
    for (const c of cases) {
      const id = await messageFrom(c.email, c.cookie);
      const replied = await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: c.text });
      expect(replied.statusCode, replied.body).toBe(200);
      const [email] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, c.email));
      const quote = c.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      expect(email!.body.startsWith(`${c.intro}`)).toBe(true);
      expect(email!.body).toContain(`\n\n${quote}\n\n`);
      expect(email!.body.slice(email!.body.indexOf(quote) + quote.length)).toContain(c.warning);
    }
  });
});
