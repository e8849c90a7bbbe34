import { describe, expect, it } from 'vitest';
import { listCities, listProvinces, NCR_PROVINCE, type Place } from '../activation/places';
import { matchRank, sameNamed, searchByName } from './match';

const name = (p: Place) => p.name;
const provinceCode = (label: string) => listProvinces().find((p) => p.name === label)!.code;
const citiesOf = (province: string) => listCities(province === NCR_PROVINCE.name ? NCR_PROVINCE.code : provinceCode(province))!;
const first = (query: string, places: readonly Place[]) => searchByName(query, places, name)[0]?.name;

describe('searching places by the names people use', () => {
  it('finds "City of Cebu" for "Cebu City", in any case and word order', () => {
    const cebu = citiesOf('Cebu');
    expect(cebu.map(name)).toContain('City of Cebu');
    for (const query of ['Cebu City', 'cebu city', 'City of Cebu', 'city cebu', 'CEBU', 'cebu  city ']) expect(first(query, cebu), query).toBe('City of Cebu');
    expect(sameNamed('Cebu City', cebu, name)?.name).toBe('City of Cebu');
  });

  it('finds the Metro Manila cities by their common names', () => {
    const ncr = citiesOf(NCR_PROVINCE.name);
    expect(first('Quezon City', ncr)).toBe('Quezon City');
    expect(first('quezon', ncr)).toBe('Quezon City');
    expect(first('Manila', ncr)).toBe('City of Manila');
    expect(sameNamed('Manila', ncr, name)?.name).toBe('City of Manila');
    expect(first('Makati', ncr)).toBe('City of Makati');
    expect(first('Makati City', ncr)).toBe('City of Makati');
    expect(sameNamed('makati city', ncr, name)?.name).toBe('City of Makati');
  });

  it('ignores accents and punctuation', () => {
    const ncr = citiesOf(NCR_PROVINCE.name);
    expect(first('las pinas', ncr)).toBe('City of Las Piñas');
    expect(first('Pinas Las', ncr)).toBe('City of Las Piñas');
    expect(first('lapu lapu', citiesOf('Cebu'))).toBe('City of Lapu-Lapu');
  });

  it('finds the province for a city typed in the province field', () => {
    expect(first('Cebu City', listProvinces())).toBe('Cebu');
    expect(searchByName('Manila', listProvinces(), name).map(name)).toContain(NCR_PROVINCE.name);
  });

  it('ranks the same name first, then prefixes, then names that contain the text', () => {
    expect(matchRank('San Jose', 'San Jose')).toBe(0);
    expect(matchRank('Jose San', 'San Jose')).toBe(1);
    expect(matchRank('san jo', 'San Jose del Monte')).toBe(2);
    expect(matchRank('ose', 'San Jose')).toBe(3);
    expect(matchRank('cebu', 'Davao')).toBeNull();
    expect(matchRank('', 'Davao')).toBeNull();
    expect(searchByName('', [{ name: 'B' }, { name: 'A' }], (x) => x.name).map((x) => x.name)).toEqual(['B', 'A']);
  });

  it('matches "city" alone word for word instead of ignoring it', () => {
    expect(searchByName('city', [{ name: 'Taguig' }, { name: 'City of Taguig' }], (x) => x.name).map((x) => x.name)).toEqual(['City of Taguig']);
  });

  it('takes no typed text as a choice when two names are equally its own', () => {
    expect(sameNamed('Cebu', [{ name: 'Cebu City' }, { name: 'City of Cebu' }], (x) => x.name)).toBeNull();
    expect(sameNamed('Davao', [{ name: 'Davao' }, { name: 'City of Davao' }], (x) => x.name)?.name).toBe('Davao');
  });
});
