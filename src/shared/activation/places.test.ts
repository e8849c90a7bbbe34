import { describe, expect, it } from 'vitest';
import { NCR_PROVINCE, PSGC_CITY_COUNT, SGA_PROVINCE, countListedCities, findCity, findProvince, listCities, listProvinces } from './places';

describe('PSGC places', () => {
  it('lists the 82 provinces, Metro Manila and the Special Geographic Area, sorted, without HUC pseudo-provinces', () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(84);
    expect(provinces.map((p) => p.name)).toEqual([...provinces.map((p) => p.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(provinces.some((p) => p.name.startsWith('City of '))).toBe(false);
    expect(provinces.every((p) => /^\d{10}$/.test(p.code) && p.name === p.name.trim())).toBe(true);
    expect(findProvince(NCR_PROVINCE.code)).toEqual(NCR_PROVINCE);
  });

  it('reaches the 16 NCR cities and Pateros through Metro Manila, but not the Manila districts', () => {
    const ncr = listCities(NCR_PROVINCE.code)!;
    expect(ncr).toHaveLength(17);
    const names = ncr.map((c) => c.name);
    for (const name of ['City of Manila', 'Quezon City', 'City of Makati', 'City of Taguig', 'Pasay City', 'Pateros']) expect(names).toContain(name);
    expect(names).not.toContain('Binondo');
    expect(findCity(NCR_PROVINCE.code, '1381300000')?.name).toBe('Quezon City');
  });

  it('puts each HUC under the province it lies in', () => {
    const cebu = listProvinces().find((p) => p.name === 'Cebu')!;
    const names = listCities(cebu.code)!.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['City of Cebu', 'City of Lapu-Lapu', 'City of Mandaue']));
    const davaoDelSur = listProvinces().find((p) => p.name === 'Davao del Sur')!;
    expect(listCities(davaoDelSur.code)!.map((c) => c.name)).toContain('City of Davao');
    const basilan = listProvinces().find((p) => p.name === 'Basilan')!;
    expect(listCities(basilan.code)!.map((c) => c.name)).toContain('City of Isabela');
    expect(listCities(SGA_PROVINCE.code)).toHaveLength(8);
  });

  it('offers every town of the dataset except the 14 districts of Manila', () => {
    expect(countListedCities()).toBe(PSGC_CITY_COUNT - 14);
  });

  it('does not accept a town of another province', () => {
    const cebu = listProvinces().find((p) => p.name === 'Cebu')!;
    expect(findCity(cebu.code, '1381300000')).toBeUndefined();
    expect(listCities('0000000000')).toBeNull();
  });
});
