/**
 * npm run ledger:check: verifies every invariant of the ledger (src/server/ledger/check.ts) on the
 * database at DATABASE_URL, or else the embedded database under DATA_DIR (default ./data).
 * Exits 0 when all hold, 1 when one does not (each problem printed), 2 when it cannot run.
 */
import { openDatabase } from '../src/server/db/client';
import { checkLedger } from '../src/server/ledger/check';

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const result = await checkLedger(database.db);
    const where = databaseUrl ? 'DATABASE_URL' : `${dataDir}/pglite`;
    console.log(`ledger:check on ${where}: ${result.counts.accounts} accounts, ${result.counts.transfers} transfers, ${result.counts.entries} entries`);
    if (result.ok) {
      console.log('ledger:check: every invariant holds');
      return 0;
    }
    for (const problem of result.problems) console.error(`ledger:check: ${problem}`);
    console.error(`ledger:check: ${result.problems.length} problem(s)`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger:check could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
