import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw SQL statement, typed by the caller (the set-based reads: ledger:check, the
 * portfolio, the collections queue, the closed days). Both drivers (PGlite and node-postgres)
 * answer `{ rows }`; the row type is the caller's promise about its own select list.
 */
export async function sqlRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
