import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prepared } from './prepared';

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
