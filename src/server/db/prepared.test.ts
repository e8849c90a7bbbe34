import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { prepared, rawRowMapper, rawSelectList } from './prepared';
import { sessions, withdrawals } from './schema';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('prepared statements (decision 036)', () => {
  it('builds a statement once per database handle and name', () => {
    const db = {};
    const other = {};
    let builds = 0;
    const build = () => ({ built: ++builds });
    const first = prepared(db, 'x', build);
    expect(prepared(db, 'x', build)).toBe(first);
    expect(builds).toBe(1);
    expect(prepared(other, 'x', build)).not.toBe(first);
    expect(builds).toBe(2);
  });

  it('each name belongs to one call site, and is the name PostgreSQL gets (.prepare)', () => {
    const sites: { file: string; cacheName: string; statementName: string | undefined }[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/prepared\(\s*[\w.]+,\s*'([^']+)',\s*\(\)\s*=>([\s\S]*?)\.prepare\('([^']+)'\)/g)) {
        sites.push({ file: path.relative(SRC, file), cacheName: match[1]!, statementName: match[3] });
      }
    }
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) expect(site.statementName, site.file).toBe(site.cacheName);
    const names = sites.map((s) => s.cacheName);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // Every call of prepared() in src/ was seen by the pattern above (none escapes the check).
    const calls = sourceFiles(SRC).reduce((n, file) => n + (readFileSync(file, 'utf8').match(/\bprepared\(\s*[\w.]+,\s*'/g)?.length ?? 0), 0);
    expect(calls).toBe(sites.length);
    // preparedSql (raw statements, decision 039) shares PostgreSQL's names: one call site each, none a prepared() name.
    const rawNames = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bpreparedSql<[^>]*>\(\s*[\w.]+,\s*'([^']+)'/g)].map((m) => m[1]!),
    );
    expect(rawNames.length).toBeGreaterThan(0);
    const rawCalls = sourceFiles(SRC).reduce((n, file) => n + (readFileSync(file, 'utf8').match(/\bpreparedSql<[^>]*>\(\s*[\w.]+,/g)?.length ?? 0), 0);
    expect(rawCalls).toBe(rawNames.length);
    expect(rawNames.filter((n, i) => rawNames.indexOf(n) !== i)).toEqual([]);
    expect(rawNames.filter((n) => names.includes(n))).toEqual([]);
  });
});

describe('raw rows (decision 043)', () => {
  const columns = {
    id: withdrawals.id,
    amount: withdrawals.amount,
    confirmedAt: withdrawals.confirmedAt,
    partCount: withdrawals.partCount,
    persistent: sessions.persistent,
    version: sql<number | null>`(select 1)`,
    at: sql<Date>`now()`.mapWith(withdrawals.createdAt),
  };

  it('selects each column under its key, with a prefix', () => {
    const text = new PgDialect().sqlToQuery(rawSelectList(columns, 'w_')).sql;
    expect(text).toBe(
      '"withdrawals"."id" as "w_id", "withdrawals"."amount" as "w_amount", "withdrawals"."confirmed_at" as "w_confirmedAt", ' +
        '"withdrawals"."part_count" as "w_partCount", "sessions"."persistent" as "w_persistent", (select 1) as "w_version", now() as "w_at"',
    );
  });

  it("maps a driver's row as drizzle maps it: each column's type, an expression's mapWith, null kept", () => {
    const row = rawRowMapper(
      columns,
      'w_',
    )({
      w_id: '7c0e3f6a-1f7e-4b43-9a55-3d1c1c0f0a11',
      w_amount: '123456789012345678',
      w_confirmedAt: null,
      w_partCount: 2,
      w_persistent: true,
      w_version: 7,
      w_at: '2026-11-25 01:39:46.123456+00',
      other: 'ignored',
    });
    expect(row).toEqual({
      id: '7c0e3f6a-1f7e-4b43-9a55-3d1c1c0f0a11',
      amount: 123456789012345678n,
      confirmedAt: null,
      partCount: 2,
      persistent: true,
      version: 7,
      at: new Date('2026-11-25T01:39:46.123Z'),
    });
    expect(rawRowMapper(columns)({})).toEqual({ id: null, amount: null, confirmedAt: null, partCount: null, persistent: null, version: null, at: null });
  });
});
