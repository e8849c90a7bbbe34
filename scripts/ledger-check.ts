/**
 * npm run ledger:check: verifies every invariant of the ledger (src/server/ledger/check.ts) on the
 * database at DATABASE_URL, or else the embedded database under DATA_DIR (default ./data). While the
 * embedded server runs it owns DATA_DIR: the check is then run by the server, through its local
 * admin channel (src/server/ops/admin-channel.ts). On DATABASE_URL it runs in one read-only snapshot
 * (checkLedgerSnapshot, docs/decisions/087-ledger-check-set-based.md). Exits 0 when all hold, 1 when one does not (each
 * problem printed), 2 when it cannot run.
 */
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { checkLedger, checkLedgerSnapshot, type LedgerCheckResult } from '../src/server/ledger/check';
import { callServerOf } from '../src/server/ops/admin-client';

function report(where: string, result: LedgerCheckResult): number {
  console.log(`ledger:check on ${where}: ${result.counts.accounts} accounts, ${result.counts.transfers} transfers, ${result.counts.entries} entries`);
  if (result.ok) {
    console.log('ledger:check: every invariant holds');
    return 0;
  }
  for (const problem of result.problems) console.error(`ledger:check: ${problem}`);
  console.error(`ledger:check: ${result.problems.length} problem(s)`);
  return 1;
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  // A server holding DATA_DIR answers for it; one still starting or stopping is waited for (callServerOf).
  const answer = databaseUrl ? null : await callServerOf(dataDir, 'GET', '/ledger');
  if (answer) {
    if (answer.status !== 200) {
      console.error(`ledger:check: the running server refused (${answer.status}): ${JSON.stringify(answer.body)}`);
      return 2;
    }
    return report(`${dataDir}/pglite (through the running server)`, answer.body as LedgerCheckResult);
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl, dataDir, purpose: 'ledger:check' });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    // On PostgreSQL in one snapshot with room for its groupings (decision 087); the embedded database as before.
    if (databaseUrl) return report('DATABASE_URL', await checkLedgerSnapshot(database.db));
    return report(`${dataDir}/pglite`, await checkLedger(database.db));
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
