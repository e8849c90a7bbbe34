import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED, NAME_AFTER_RUNS, useNamedStatements } from './pglite-named';

/** The same statements on a client with named statements and on a plain one: the same answers, errors and locks. */
let named: PGlite;
let plain: PGlite;

const SETUP = `
  create table t (id int primary key, amount bigint not null, at timestamptz, note text, doc jsonb, tags text[]);
  insert into t values (1, 9007199254740993, '2026-11-24T01:02:03Z', null, '{"a":[1,2]}', '{x,y}'), (2, 5, null, 'it''s', null, '{}');
`;

beforeAll(async () => {
  named = new PGlite();
  plain = new PGlite();
  useNamedStatements(named);
  await named.exec(SETUP);
  await plain.exec(SETUP);
}, 120_000);
afterAll(async () => {
  await named.close();
  await plain.close();
});

/** Runs a statement often enough to be named, and returns the last answer. */
async function often(client: PGlite, text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
  let last;
  for (let i = 0; i <= NAME_AFTER_RUNS + 2; i += 1) last = await client.query(text, params, options);
  return last!;
}

async function preparedNames(client: PGlite): Promise<string[]> {
  const res = await client.query<{ name: string }>(`select name from pg_prepared_statements where name like 'tapat_n%' order by name`);
  return res.rows.map((r) => r.name);
}

describe('named statements on PGlite', () => {
  it('answers as the plain client does: rows, types, nulls, array rows and parser options', async () => {
    const text = 'select id, amount, at, note, doc, tags from t where id >= $1 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } }]) {
      const a = await often(named, text, [1], options);
      const b = await plain.query(text, [1], options);
      expect(a.rows).toEqual(b.rows);
      expect(a.fields).toEqual(b.fields);
    }
    expect(await preparedNames(named)).not.toEqual([]);
  });

  it('serialises parameters as the plain client does (dates, nulls, numbers, strings with quotes)', async () => {
    const text = 'select $1::timestamptz as at, $2::text as note, $3::int + 1 as n, $4::bigint as big';
    const params = [new Date('2026-01-02T03:04:05Z'), null, 41, '9007199254740993'];
    expect((await often(named, text, params)).rows).toEqual((await plain.query(text, params)).rows);
    const quoted = ["it's; drop table t; --"];
    expect((await often(named, 'select $1::text as s', quoted)).rows).toEqual([{ s: quoted[0] }]);
    expect((await named.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(2);
  });

  it('throws the database error of a kept statement, with its code, and stays usable', async () => {
    const insert = 'insert into t (id, amount) values ($1, $2)';
    for (let id = 10; id < 10 + NAME_AFTER_RUNS + 2; id += 1) await named.query(insert, [id, 1]);
    await expect(named.query(insert, [10, 1])).rejects.toMatchObject({ code: '23505' });
    expect((await named.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await named.query('delete from t where id >= 10');
  });

  it('runs a statement afresh when its table changed under it', async () => {
    const text = 'select * from t where id = $1';
    await often(named, text, [2]);
    await named.exec('alter table t add column extra text');
    const res = await named.query<Record<string, unknown>>(text, [2]);
    expect(Object.keys(res.rows[0]!)).toContain('extra');
    await named.exec('alter table t drop column extra');
    expect(Object.keys((await named.query<Record<string, unknown>>(text, [2])).rows[0]!)).not.toContain('extra');
  });

  it('waits for a transaction and leaves its statements alone', async () => {
    const text = 'select amount from t where id = $1';
    await often(named, text, [2]);
    let outside: Promise<unknown> | undefined;
    await named.transaction(async (tx) => {
      await tx.query('update t set amount = 6 where id = 2');
      // A top-level statement waits for the transaction: it must not see (or be part of) its uncommitted work.
      outside = named.query(text, [2]);
      await tx.query('update t set amount = 7 where id = 2');
    });
    expect(Number(((await outside) as { rows: { amount: unknown }[] }).rows[0]!.amount)).toBe(7);
  });

  it('keeps at most MAX_NAMED statements', async () => {
    for (let i = 0; i < MAX_NAMED + 5; i += 1) await often(named, `select ${i} as n, $1::int as p`, [i]);
    expect((await preparedNames(named)).length).toBeLessThanOrEqual(MAX_NAMED);
  }, 120_000);
});
