import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Reads<T extends readonly unknown[]> = { readonly [K in keyof T]: () => Promise<T[K]> };

/**
 * Reads that need not wait for each other: sent together on the pool (each on a connection of its
 * own), one after another in a transaction, whose one connection runs one statement at a time
 * (node-postgres 8 queues a second query on a busy client and warns that version 9 will refuse it).
 * The answers come back in the order of the reads either way.
 */
export async function together<T extends readonly unknown[]>(db: DbOrTx, ...reads: Reads<T>): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}
