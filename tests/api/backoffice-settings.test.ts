import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyProfiles, productVersions } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, get, ok, post } from '../fixtures/loans';
import { createMember, type TestMember } from '../fixtures/members';

let t: TestApp;
let officer: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => {
  await t.close();
});

const REAL = {
  ...DEMO_COMPANY_PROFILE,
  social: { ...DEMO_COMPANY_PROFILE.social },
  demo: false,
  companyName: 'Bayanihan Lending Corporation',
  shortName: 'BAYAN',
  address: '12 Ayala Avenue, Makati City, Metro Manila, Philippines',
  secRegistrationNumber: 'CS201912345',
  certificateOfAuthorityNumber: 'CA-3001',
  disclosureSignatory: { name: 'Rosa Villanueva', position: 'Chief Finance Officer' },
};

function put(cookie: string | undefined, payload: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/company',
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
    remoteAddress,
  });
}

describe('roles', () => {
  it('settings are ADMIN only: anonymous 401, member 403, officer 403', async () => {
    const member = await createMember(t);
    expect((await get(t, undefined, '/api/admin/settings')).statusCode).toBe(401);
    expect((await put(undefined, REAL)).statusCode).toBe(401);
    for (const who of [member, officer]) {
      expect((await get(t, who.cookie, '/api/admin/settings')).statusCode).toBe(403);
      const res = await put(who.cookie, REAL);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
    expect(ok(await get(t, admin.cookie, '/api/admin/settings')).company.source).toBe('CONFIGURATION');
  });
});

describe('the company profile', () => {
  it('starts as the configured one, and the read-only product is the current version', async () => {
    const body = ok(await get(t, admin.cookie, '/api/admin/settings'));
    expect(body.company).toEqual({ profile: DEMO_COMPANY_PROFILE, source: 'CONFIGURATION', updatedAt: null, updatedBy: null });
    expect(body.product).toMatchObject({
      version: 1,
      minAmount: '200000.00',
      maxAmount: '5000000.00',
      terms: [6, 12, 24, 36, 48],
      monthlyRateBps: 50,
      annualCostCapBps: 2500,
    });
    expect(body.production).toBe(false);
  });

  it('refuses invalid input with the reasons, and saves nothing', async () => {
    const bad = await put(admin.cookie, {
      ...REAL,
      shortName: 'bayan lending',
      supportEmail: 'not-an-email',
      supportChatUrl: 'http://chat.example.com',
      dateRegistered: '2023-13-40',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['dateRegistered', 'shortName', 'supportChatUrl', 'supportEmail']);
    expect(bad.json().error.fields.shortName).toContain('capital letters');
    const extra = await put(admin.cookie, { ...REAL, logoUrl: 'https://evil.example.com/x.png' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('logoUrl');
    const noSignatory = await put(admin.cookie, { ...REAL, disclosureSignatory: { name: 'A', position: '' } });
    expect(noSignatory.statusCode).toBe(400);
    expect(Object.keys(noSignatory.json().error.fields).sort()).toEqual(['disclosureSignatory.name', 'disclosureSignatory.position']);
    const { disclosureSignatory: _omitted, ...withoutSignatory } = REAL;
    expect((await put(admin.cookie, withoutSignatory)).statusCode).toBe(400);
    const missing = await put(admin.cookie, { companyName: 'Only a name' });
    expect(missing.statusCode).toBe(400);
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'COMPANY_PROFILE_UPDATE'))).toHaveLength(0);
  });

  it('an ADMIN saves it: the public pages, loan numbers and the audit log (before and after) follow at once', async () => {
    const saved = ok(await put(admin.cookie, REAL, '10.0.0.5'));
    expect(saved).toMatchObject({ profile: REAL, source: 'DATABASE', updatedBy: 'Admin Carla Tan' });
    expect(ok(await get(t, undefined, '/api/public/config')).company).toEqual(REAL);
    expect(t.deps.config.company.shortName).toBe('BAYAN');

    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'COMPANY_PROFILE_UPDATE'));
    expect(row).toMatchObject({ actorUserId: admin.userId, actorRole: 'ADMIN', subjectType: 'COMPANY_PROFILE', ip: '10.0.0.5' });
    const details = row!.details as { changed: string[]; before: Record<string, unknown>; after: Record<string, unknown>; beforeSource: string };
    expect(details.changed).toEqual([
      'address',
      'certificateOfAuthorityNumber',
      'companyName',
      'demo',
      'disclosureSignatory',
      'secRegistrationNumber',
      'shortName',
    ]);
    expect(details.before.companyName).toBe(DEMO_COMPANY_PROFILE.companyName);
    expect(details.after.companyName).toBe('Bayanihan Lending Corporation');
    expect(details.beforeSource).toBe('CONFIGURATION');

    // Saving the same again changes nothing and is said so.
    const same = await put(admin.cookie, REAL);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('Nothing changed.');
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(1);
  });

  it('survives a restart: a new app on the same database serves the saved profile', async () => {
    const again = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }),
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    try {
      expect(again.deps.config.company.companyName).toBe('Bayanihan Lending Corporation');
      const res = await again.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(res.json().company.shortName).toBe('BAYAN');
    } finally {
      await again.app.close();
    }
  });

  it('when the audit row cannot be written, the profile is not saved either', async () => {
    await t.deps.db.execute(
      sql.raw(`
      create function audit_refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.action = 'COMPANY_PROFILE_UPDATE' then raise exception 'audit refused'; end if;
        return new;
      end $$;`),
    );
    await t.deps.db.execute(sql.raw(`create trigger audit_refuse_profile before insert on audit_log for each row execute function audit_refuse_profile();`));
    try {
      const res = await put(admin.cookie, { ...REAL, companyName: 'Never Saved Lending Corporation' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger audit_refuse_profile on audit_log'));
      await t.deps.db.execute(sql.raw('drop function audit_refuse_profile()'));
    }
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(1);
    expect(ok(await get(t, undefined, '/api/public/config')).company.companyName).toBe('Bayanihan Lending Corporation');
  });
  it('a profile saved before the disclosure signatory existed keeps applying, with the configured signatory until an ADMIN saves one', async () => {
    const { disclosureSignatory: _omitted, ...older } = { ...REAL, companyName: 'Older Lending Corporation' };
    const [row] = await t.deps.db.insert(companyProfiles).values({ profile: older, createdBy: admin.userId, createdAt: t.clock.now() }).returning();
    try {
      const body = ok(await get(t, admin.cookie, '/api/admin/settings'));
      expect(body.company.source).toBe('DATABASE');
      expect(body.company.profile).toEqual({ ...older, disclosureSignatory: DEMO_COMPANY_PROFILE.disclosureSignatory });
      expect(t.deps.config.company.disclosureSignatory).toEqual(DEMO_COMPANY_PROFILE.disclosureSignatory);
    } finally {
      await t.deps.db.delete(companyProfiles).where(eq(companyProfiles.id, row!.id));
    }
    expect(ok(await get(t, admin.cookie, '/api/admin/settings')).company.profile.disclosureSignatory).toEqual(REAL.disclosureSignatory);
  });
});

describe('production', () => {
  it('refuses to save a DEMO profile, with the reason', async () => {
    const prod = await createTestApp({ production: true });
    try {
      const boss = await createStaff(prod, 'ADMIN', 'Admin Prod Tan');
      const res = await prod.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/company',
        payload: { ...REAL, demo: true },
        headers: { cookie: boss.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.demo).toContain('Production refuses the DEMO company profile');
      expect(await prod.deps.db.select().from(companyProfiles)).toHaveLength(0);
      expect(ok(await prod.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload: REAL, headers: { cookie: boss.cookie } })).source).toBe(
        'DATABASE',
      );
    } finally {
      await prod.close();
    }
  });
});

describe('product versions', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function draftNow(): Promise<Record<string, any>> {
    return ok(await get(t, admin.cookie, '/api/admin/settings')).productDraft;
  }
  function postProduct(cookie: string | undefined, payload: unknown) {
    return t.app.inject({ method: 'POST', url: '/api/admin/settings/product', payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
  }

  it('are ADMIN only: anonymous 401, member 403, officer 403', async () => {
    const draft = await draftNow();
    const member = await createMember(t);
    expect((await postProduct(undefined, { ...draft, monthlyRateBps: 40 })).statusCode).toBe(401);
    expect((await postProduct(member.cookie, { ...draft, monthlyRateBps: 40 })).statusCode).toBe(403);
    expect((await postProduct(officer.cookie, { ...draft, monthlyRateBps: 40 })).statusCode).toBe(403);
    expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
  });

  it('a version that breaks a cap is refused with the reasons; malformed or unchanged ones too; nothing is stored', async () => {
    const draft = await draftNow();
    const capped = await postProduct(admin.cookie, { ...draft, monthlyRateBps: 300 });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error.code).toBe('PRODUCT_REFUSED');
    expect(capped.json().error.message).toContain('above the 25 % a year cap');
    expect(capped.json().error.fields.reason1).toContain('over 6 months costs');
    const small = await postProduct(admin.cookie, {
      ...draft,
      minAmount: '5000.00',
      terms: [3, 6],
      defaultTerm: 3,
      eligibility: { ...draft.eligibility, incomeMultipleByTerm: { 3: 12, 6: 12 } },
      penalties: { graceDays: 3, dailyRateBps: 50, collectionChargeBps: 500 },
    });
    expect(small.statusCode).toBe(409);
    expect(small.json().error.message).toContain('SEC small-loan cap: late charges');
    const upFront = await postProduct(admin.cookie, {
      ...draft,
      fees: [{ code: 'PROCESSING', label: 'Processing', flat: '100.00', bpsOfPrincipal: 0, treatment: 'PAID_UP_FRONT' }],
    });
    expect(upFront.statusCode).toBe(400);
    expect((await postProduct(admin.cookie, { ...draft, defaultTerm: 'six' })).statusCode).toBe(400);
    const same = await postProduct(admin.cookie, draft);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('Nothing changed.');
    expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_VERSION_CREATE'))).toHaveLength(0);
  });

  it('a valid version is offered from now on: public config, quote and new applications use it; an earlier loan keeps its version', async () => {
    const earlier = await createActivatedMember(t);
    const before = ok(await apply(t, earlier.cookie, { ...APPLICATION }), 201).loan;
    expect(before.productVersion).toBe(1);
    const quoteBefore = ok(await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6'));

    const draft = await draftNow();
    const created = ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/settings/product',
        payload: { ...draft, name: 'Tapat Instalment Loan 2027', monthlyRateBps: 40 },
        headers: { cookie: admin.cookie },
        remoteAddress: '10.0.0.7',
      }),
      201,
    );
    expect(created).toMatchObject({ version: 2, effectiveFrom: '2026-11-22', draft: { monthlyRateBps: 40, name: 'Tapat Instalment Loan 2027' } });

    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.product).toMatchObject({ version: 2, monthlyAddOnRateBps: 40 });
    const quoteAfter = ok(await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6'));
    expect(quoteAfter.productVersion).toBe(2);
    expect(quoteAfter.disclosure.regularInstalment).not.toBe(quoteBefore.disclosure.regularInstalment);

    // The earlier application keeps version 1 and its numbers; an officer can still act on it.
    const kept = ok(await get(t, earlier.cookie, '/api/loans/current')).loan;
    expect(kept.productVersion).toBe(1);
    expect(kept.disclosure.regularInstalment).toBe(quoteBefore.disclosure.regularInstalment);
    ok(await post(t, officer.cookie, `/api/admin/loans/${before.id}/review`, {}));

    // A page that still shows version 1 is told the terms changed; version 2 applies.
    const later = await createActivatedMember(t);
    const stale = await apply(t, later.cookie, { ...APPLICATION, productVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRODUCT_VERSION_STALE');
    const fresh = ok(await apply(t, later.cookie, { ...APPLICATION, productVersion: 2 }), 201).loan;
    expect(fresh.productVersion).toBe(2);
    expect(fresh.disclosure.regularInstalment).toBe(quoteAfter.disclosure.regularInstalment);
    ok(await post(t, officer.cookie, `/api/admin/loans/${fresh.id}/review`, {}));
    ok(await post(t, officer.cookie, `/api/admin/loans/${fresh.id}/approve`, { amount: '200000.00', term: 6 }));

    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_VERSION_CREATE'));
    expect(row).toMatchObject({ actorUserId: admin.userId, subjectType: 'PRODUCT', subjectId: '2', ip: '10.0.0.7' });
    const details = row!.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before).toMatchObject({ version: 1, monthlyRateBps: 50 });
    expect(details.after).toMatchObject({ version: 2, monthlyRateBps: 40 });
  });

  it('another process on the same database offers the new version at its next request', async () => {
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }),
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/public/config' })).json().product.version).toBe(2);
      const draft = await draftNow();
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/settings/product',
          payload: { ...draft, monthlyRateBps: 45 },
          headers: { cookie: admin.cookie },
        }),
        201,
      );
      expect((await other.app.inject({ method: 'GET', url: '/api/public/config' })).json().product).toMatchObject({ version: 3, monthlyAddOnRateBps: 45 });
      // ... and the company profile another process saved, likewise.
      const current = ok(await get(t, admin.cookie, '/api/admin/settings')).company.profile;
      ok(await put(admin.cookie, { ...current, officeHours: 'Weekdays 9 am to 6 pm' }));
      expect((await other.app.inject({ method: 'GET', url: '/api/public/config' })).json().company.officeHours).toBe('Weekdays 9 am to 6 pm');
    } finally {
      await other.app.close();
    }
  });
});
