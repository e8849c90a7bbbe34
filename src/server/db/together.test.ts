import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from './client';
import { together } from './together';

let client: PGlite;
let db: DbOrTx;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle({ client }) as unknown as DbOrTx;
}, 120_000);
afterAll(async () => client.close());

/** A read that records when it started and ended, and answers `value` after `ms`. */
function timed(log: string[], name: string, value: number, ms: number) {
  return async () => {
    log.push(`${name} start`);
    await new Promise((r) => setTimeout(r, ms));
    log.push(`${name} end`);
    return value;
  };
}

describe('together', () => {
  it('sends the reads together outside a transaction, answers in their order', async () => {
    const log: string[] = [];
    const answers = await together(db, timed(log, 'a', 1, 20), timed(log, 'b', 2, 1));
    expect(answers).toEqual([1, 2]);
    expect(log).toEqual(['a start', 'b start', 'b end', 'a end']);
  });

  it('in a transaction, runs them one after another (one connection, one statement at a time)', async () => {
    const log: string[] = [];
    const answers = await (db as { transaction: (work: (tx: DbOrTx) => Promise<unknown>) => Promise<unknown> }).transaction((tx) =>
      together(tx, timed(log, 'a', 1, 20), timed(log, 'b', 2, 1), async () => (await tx.execute<{ n: number }>(sql`select 3 as n`)).rows[0]!.n),
    );
    expect(answers).toEqual([1, 2, 3]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
