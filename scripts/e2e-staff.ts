/**
 * The staff accounts of the browser tests, created in one process before an e2e server starts
 * (scripts/e2e-server.sh): one opening of the embedded database instead of one per account.
 * tests/e2e/funding.ts (OFFICERS) and tests/e2e/backoffice.spec.ts (ADMIN) hold the same logins.
 */
import { openDatabase } from '../src/server/db/client';
import { createStaffUser, parseUserCreateArgs } from './user-create';

const STAFF = [
  ['--phone', '+639990000001', '--password', 'Officer one kalamansi lantern 2048', '--role', 'OFFICER', '--name', 'Officer Jose Reyes'],
  ['--phone', '+639990000002', '--password', 'Officer two sampaguita harbour 4096', '--role', 'OFFICER', '--name', 'Officer Liza Bautista'],
  ['--phone', '+639990000009', '--password', 'Admin nine narra lighthouse 8192', '--role', 'ADMIN', '--name', 'Admin Rosa Garcia'],
];

const database = await openDatabase({ dataDir: process.env.DATA_DIR || './data', purpose: 'e2e-staff' });
try {
  for (const args of STAFF) await createStaffUser(database.db, parseUserCreateArgs(args), new Date());
} finally {
  await database.close();
}
