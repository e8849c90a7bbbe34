import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes src/shared/phone/metadata-ph.ts: the Philippines' entry of libphonenumber-js's "max"
 * metadata, so the browser can tell a mobile number from a landline without the whole file.
 * Run after updating libphonenumber-js (src/shared/phone/phone.test.ts fails until then).
 */
const root = path.resolve(import.meta.dirname, '..');
const max = JSON.parse(readFileSync(path.join(root, 'node_modules/libphonenumber-js/metadata.max.json'), 'utf8')) as {
  version: number;
  countries: Record<string, unknown>;
};
const ph = { version: max.version, country_calling_codes: { '63': ['PH'] }, countries: { PH: max.countries.PH }, nonGeographic: {} };
const header = readFileSync(path.join(root, 'src/shared/phone/metadata-ph.ts'), 'utf8').split('export const')[0];
writeFileSync(path.join(root, 'src/shared/phone/metadata-ph.ts'), `${header}export const PH_MAX_METADATA = ${JSON.stringify(ph)};\n`);
