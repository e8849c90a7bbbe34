import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { ensureMemoryImage, ensureTemplate, isInitialised, seedFromTemplate, templateCache, templateDir, templateKey } from './template';

const work = mkdtempSync(path.join(tmpdir(), 'tapat-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

describe('the migrated PGlite template (docs/decisions/023-start-fast.md)', () => {
  it('is keyed by the migrations: the key is stable and names the folder', () => {
    expect(templateKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(templateKey()).toBe(templateKey());
    expect(path.basename(templateDir())).toBe(`pglite-template-${templateKey()}`);
  });

  it('an empty data directory becomes a copy of the template, with every migration applied', async () => {
    const template = await ensureTemplate();
    expect(isInitialised(template)).toBe(true);
    const dir = path.join(work, 'fresh', 'pglite');
    mkdirSync(dir, { recursive: true });
    expect(await seedFromTemplate(dir, true)).toBe('template');
    const client = new PGlite(dir);
    try {
      const result = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(result.rows[0]!.n).toBe(journal.entries.length);
      // A copy, not the template itself: writing here leaves the template as it was.
      await client.query('create table scratch (id int)');
    } finally {
      await client.close();
    }
    const again = new PGlite(template);
    try {
      const result = await again.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'scratch'");
      expect(result.rows[0]!.n).toBe(0);
    } finally {
      await again.close();
    }
  }, 300_000);

  it('an initialised directory is left alone', async () => {
    const dir = path.join(work, 'fresh', 'pglite');
    const before = readdirSync(dir).sort();
    expect(await seedFromTemplate(dir, true)).toBe('existing');
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('a directory holding something else is never overwritten, and PGLITE_TEMPLATE=false means initdb', async () => {
    const other = path.join(work, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'notes.txt'), 'mine');
    expect(await seedFromTemplate(other, true)).toBe('initdb');
    expect(readdirSync(other)).toEqual(['notes.txt']);
    const off = path.join(work, 'off');
    mkdirSync(off, { recursive: true });
    expect(await seedFromTemplate(off, false)).toBe('initdb');
    expect(readdirSync(off)).toEqual([]);
  });

  it('an in-memory database loads the migrated image: every migration applied, each load a database of its own', async () => {
    const image = await ensureMemoryImage();
    expect(existsSync(path.join(templateCache, `pglite-image-${templateKey()}.tar`))).toBe(true);
    const first = new PGlite({ loadDataDir: image });
    const second = new PGlite({ loadDataDir: await ensureMemoryImage() });
    try {
      const result = await first.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(result.rows[0]!.n).toBe(journal.entries.length);
      await first.query('create table scratch (id int)');
      const other = await second.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'scratch'");
      expect(other.rows[0]!.n).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  }, 300_000);
});
