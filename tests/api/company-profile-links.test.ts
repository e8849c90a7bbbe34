import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProfiles } from '../../src/server/db/schema';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { COMPANY_LINK_MESSAGE } from '../../src/shared/schemas/company';
import { translateEn } from '../../src/shared/i18n/lookup';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * The company profile's links (registration check, support chat, social pages)
 * are rendered as links on every page, so only https addresses are accepted: from the ADMIN's
 * form, from COMPANY_PROFILE_FILE, and from a stored row (one saved before this rule is ignored).
 */

let t: TestApp;
let admin: TestMember;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
  dir = await mkdtemp(path.join(tmpdir(), 'tapat-profile-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const REAL = {
  ...DEMO_COMPANY_PROFILE,
  social: { facebook: 'https://www.facebook.com/bayanihan', instagram: '', tiktok: 'https://www.tiktok.com/@bayanihan' },
  demo: false,
  companyName: 'Bayanihan Lending Corporation',
  shortName: 'BAYAN',
  address: '12 Ayala Avenue, Makati City, Metro Manila, Philippines',
  secRegistrationNumber: 'CS201912345',
  certificateOfAuthorityNumber: 'CA-3001',
};

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'http://www.facebook.com/bayanihan',
  ' JavaScript:alert(1)',
  'https:alert(1)',
];

function put(payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings/company', payload: payload as Record<string, unknown>, headers: { cookie: admin.cookie } });
}

describe('the ADMIN form (PUT /api/admin/settings/company)', () => {
  it.each(HOSTILE)('refuses %j as the registration link, chat link and every social link', async (bad) => {
    const res = await put({ ...REAL, verifyRegistrationUrl: bad, supportChatUrl: bad, social: { facebook: bad, instagram: bad, tiktok: bad } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['social.facebook', 'social.instagram', 'social.tiktok', 'supportChatUrl', 'verifyRegistrationUrl']);
    expect(fields.verifyRegistrationUrl).toBe(translateEn(COMPANY_LINK_MESSAGE));
    expect(fields.verifyRegistrationUrl).toBe('A web address starting with https://.');
    expect(await t.deps.db.select().from(companyProfiles)).toHaveLength(0);
  });

  it('refuses an empty registration link (it must point somewhere a borrower can check)', async () => {
    const res = await put({ ...REAL, verifyRegistrationUrl: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['verifyRegistrationUrl']);
  });

  it('accepts https links (and empty social links), which the public configuration then serves', async () => {
    ok(await put(REAL));
    const company = ok(await get(t, undefined, '/api/public/config')).company;
    expect(company.social).toEqual(REAL.social);
    expect(company.verifyRegistrationUrl).toBe(DEMO_COMPANY_PROFILE.verifyRegistrationUrl);
  });

  it('a stored row with a hostile link (saved before this rule) is ignored: the configured profile is served', async () => {
    await t.deps.db.insert(companyProfiles).values({
      profile: { ...REAL, companyName: 'Hostile Lending Corporation', social: { ...REAL.social, facebook: 'javascript:alert(1)' } },
      createdBy: admin.userId,
      createdAt: t.clock.now(),
    });
    const company = ok(await get(t, undefined, '/api/public/config')).company;
    expect(company.companyName).toBe(DEMO_COMPANY_PROFILE.companyName);
    expect(JSON.stringify(company)).not.toContain('javascript:');
  });
});

describe('COMPANY_PROFILE_FILE is checked with the same schema at start', () => {
  it.each(HOSTILE)('refuses a file with %j as a social link or registration link', async (bad) => {
    const file = path.join(dir, `profile-${HOSTILE.indexOf(bad)}.json`);
    await writeFile(file, JSON.stringify({ ...REAL, verifyRegistrationUrl: bad, social: { ...REAL.social, instagram: bad } }));
    const load = () => loadConfig({ NODE_ENV: 'test', COMPANY_PROFILE_FILE: file });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/verifyRegistrationUrl: A web address starting with https/);
    expect(load).toThrow(/social\.instagram: A web address starting with https/);
  });

  it('accepts a file with https links', async () => {
    const file = path.join(dir, 'good.json');
    await writeFile(file, JSON.stringify(REAL));
    expect(loadConfig({ NODE_ENV: 'test', COMPANY_PROFILE_FILE: file }).company.social).toEqual(REAL.social);
  });
});
