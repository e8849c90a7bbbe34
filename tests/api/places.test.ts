import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('places (PSGC)', () => {
  it('lists the provinces sorted by name, Metro Manila included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/provinces' });
    expect(res.statusCode).toBe(200);
    const provinces = res.json() as { code: string; name: string }[];
    expect(provinces.length).toBe(84);
    expect(provinces[0]).toEqual({ code: '1400100000', name: 'Abra' });
    expect(provinces).toContainEqual({ code: '1300000000', name: 'Metro Manila (NCR)' });
    const names = provinces.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('reaches the NCR cities through Metro Manila', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/provinces/1300000000/cities' });
    expect(res.statusCode).toBe(200);
    const cities = res.json() as { code: string; name: string }[];
    expect(cities).toHaveLength(17);
    expect(cities).toContainEqual({ code: '1380600000', name: 'City of Manila' });
    expect(cities).toContainEqual({ code: '1381300000', name: 'Quezon City' });
    expect(cities).toContainEqual({ code: '1381701000', name: 'Pateros' });
  });

  it('lists the towns of a province, HUCs included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/provinces/0702200000/cities' });
    const names = (res.json() as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['City of Cebu', 'City of Mandaue', 'City of Lapu-Lapu', 'Argao']));
  });

  it('answers 404 for an unknown province', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/provinces/9999999999/cities' });
    expect(res.statusCode).toBe(404);
  });
});
