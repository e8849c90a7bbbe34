import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, packageRoot } from '../paths';

/**
 * A new PGlite with the migrations applied. PGlite and drizzle are imported here, when a template or
 * an image is made, not by a start that only copies the template (main.ts starts the copy before the
 * rest of the server loads).
 */
async function migratedPGlite(dataDir?: string): Promise<PGlite> {
  const [{ PGlite: Client }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = dataDir ? new Client(dataDir) : new Client();
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}

/**
 * A fresh embedded database without PGlite's initdb (docs/decisions/023-start-fast.md). initdb
 * plus the migrations take 10-20 s on a loaded 2-core machine; copying an initialised, migrated
 * and cleanly closed data directory takes a fraction of a second. The template lives in
 * node_modules/.cache/tapat/, keyed by PGlite's version and every migration file, so a new
 * migration or a PGlite upgrade makes a new one; `npm run build` prepares it, and the first fresh
 * start makes it when the build did not. It is built in a folder of its own and renamed into
 * place, so a process never copies a half-made template.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = path.join(packageRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(existsSync(pglite) ? String((JSON.parse(readFileSync(pglite, 'utf8')) as { version?: string }).version) : 'unknown');
  const files = [...readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')), path.join('meta', '_journal.json')].sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export const templateCache = path.join(packageRoot, 'node_modules', '.cache', 'tapat');

export function templateDir(key: string = templateKey()): string {
  return path.join(templateCache, `pglite-template-${key}`);
}

/** Whether a PGlite data directory has been initialised (PostgreSQL writes PG_VERSION first). */
export function isInitialised(pgliteDir: string): boolean {
  return existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/** Makes the template when it is missing; returns its folder. */
export async function ensureTemplate(): Promise<string> {
  const key = templateKey();
  const target = templateDir(key);
  if (isInitialised(target)) return target;
  mkdirSync(templateCache, { recursive: true });
  const work = `${target}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(work, { recursive: true });
    const client = await migratedPGlite(work);
    await client.close();
    try {
      renameSync(work, target);
    } catch (error) {
      // Another process finished its template first: theirs is as good as ours.
      if (!isInitialised(target)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Older templates (an earlier migration set) are removed.
  for (const name of readdirSync(templateCache)) {
    if (name.startsWith('pglite-template-') && path.join(templateCache, name) !== target && !name.includes('.tmp-')) {
      rmSync(path.join(templateCache, name), { recursive: true, force: true });
    }
  }
  return target;
}

/**
 * The same migrated database as a tarball for in-memory PGlite (tests, scripts without a DATA_DIR):
 * PGlite's initdb takes 2-5 s a database on this machine, loading the image about a third of that.
 * Kept beside the template, keyed alike, written to a temporary name and renamed into place.
 */
export async function ensureMemoryImage(): Promise<Blob> {
  const key = templateKey();
  const target = path.join(templateCache, `pglite-image-${key}.tar`);
  if (!existsSync(target)) {
    mkdirSync(templateCache, { recursive: true });
    const client = await migratedPGlite();
    let image: Blob;
    try {
      image = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    const work = `${target}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(work, Buffer.from(await image.arrayBuffer()));
    renameSync(work, target);
    for (const name of readdirSync(templateCache)) {
      if (name.startsWith('pglite-image-') && path.join(templateCache, name) !== target && !name.includes('.tmp-'))
        rmSync(path.join(templateCache, name), { force: true });
    }
  }
  return new Blob([readFileSync(target)]);
}

export type SeedOutcome = 'existing' | 'template' | 'initdb';

/**
 * Before PGlite opens `pgliteDir`: an initialised directory is left alone ('existing'); an empty
 * one receives a copy of the template ('template'); with the template turned off, or when the cache
 * cannot be written (a read-only install), PGlite initialises it itself ('initdb').
 */
export async function seedFromTemplate(pgliteDir: string, useTemplate: boolean): Promise<SeedOutcome> {
  if (isInitialised(pgliteDir)) return 'existing';
  if (!useTemplate) return 'initdb';
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return 'initdb'; // something else is there: never overwrite it
  let template: string;
  try {
    template = await ensureTemplate();
  } catch (error) {
    if (['EACCES', 'EROFS', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) return 'initdb';
    throw error;
  }
  await copyDirectory(template, pgliteDir);
  return 'template';
}

/** Files copied at once: libuv's thread pool has four threads. */
const COPY_CONCURRENCY = 4;

/**
 * Copies the template's tree into `to` (an empty folder) off the main thread: the folders first,
 * then the files four at a time through libuv's thread pool (about 1,300 files, 41 MB), so the
 * server's modules load while the copy runs. PG_VERSION, which marks a data
 * directory as initialised (isInitialised), is written last: a copy cut short (the process killed)
 * is not taken for a cluster at the next start.
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(from, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        mkdirSync(path.join(to, name), { recursive: true });
        walk(name);
      } else files.push(name);
    }
  };
  mkdirSync(to, { recursive: true });
  walk('');
  const last = files.filter((f) => f === 'PG_VERSION');
  const rest = files.filter((f) => f !== 'PG_VERSION');
  let next = 0;
  await Promise.all(
    Array.from({ length: COPY_CONCURRENCY }, async () => {
      while (next < rest.length) {
        const file = rest[next++]!;
        await copyFile(path.join(from, file), path.join(to, file));
      }
    }),
  );
  for (const file of last) await copyFile(path.join(from, file), path.join(to, file));
}
