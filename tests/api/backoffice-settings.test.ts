import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyProfiles } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, ok } from '../fixtures/loans';
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
};

function put(cookie: string | undefined, payload: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {}, remoteAddress });
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
    expect(body.product).toMatchObject({ version: 1, minAmount: '200000.00', maxAmount: '5000000.00', terms: [6, 12, 24, 36, 48], monthlyRateBps: 50, annualCostCapBps: 2500 });
    expect(body.production).toBe(false);
  });

  it('refuses invalid input with the reasons, and saves nothing', async () => {
    const bad = await put(admin.cookie, { ...REAL, shortName: 'bayan lending', supportEmail: 'not-an-email', supportChatUrl: 'http://chat.example.com', dateRegistered: '2023-13-40' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['dateRegistered', 'shortName', 'supportChatUrl', 'supportEmail']);
    expect(bad.json().error.fields.shortName).toContain('capital letters');
    const extra = await put(admin.cookie, { ...REAL, logoUrl: 'https://evil.example.com/x.png' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('logoUrl');
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
    expect(details.changed).toEqual(['address', 'certificateOfAuthorityNumber', 'companyName', 'demo', 'secRegistrationNumber', 'shortName']);
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
    const again = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }), database: t.database, clock: t.clock, logger: false });
    try {
      expect(again.deps.config.company.companyName).toBe('Bayanihan Lending Corporation');
      const res = await again.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(res.json().company.shortName).toBe('BAYAN');
    } finally {
      await again.app.close();
    }
  });

  it('when the audit row cannot be written, the profile is not saved either', async () => {
    await t.deps.db.execute(sql.raw(`
      create function audit_refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.action = 'COMPANY_PROFILE_UPDATE' then raise exception 'audit refused'; end if;
        return new;
      end $$;`));
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
});

describe('production', () => {
  it('refuses to save a DEMO profile, with the reason', async () => {
    const prod = await createTestApp({ production: true });
    try {
      const boss = await createStaff(prod, 'ADMIN', 'Admin Prod Tan');
      const res = await prod.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload: { ...REAL, demo: true }, headers: { cookie: boss.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.demo).toContain('Production refuses the DEMO company profile');
      expect(await prod.deps.db.select().from(companyProfiles)).toHaveLength(0);
      expect(ok(await prod.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload: REAL, headers: { cookie: boss.cookie } })).source).toBe('DATABASE');
    } finally {
      await prod.close();
    }
  });
});
