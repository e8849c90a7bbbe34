import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { seedFromTemplate, type SeedOutcome } from './template';

/** An embedded data directory ready for PGlite: locked for this process, and initialised from the template when it was empty. */
export interface PreparedDataDir {
  /** PGlite's folder inside DATA_DIR. */
  readonly dir: string;
  readonly lock: DataDirLock;
  readonly seeded: SeedOutcome;
}

/**
 * Locks DATA_DIR (one process at a time, data-dir-lock.ts) and, when its PGlite folder is empty,
 * copies the migrated template there (template.ts). Light on purpose: main.ts calls it before the
 * rest of the server is imported, so the copy overlaps the module loading. The
 * lock is released when preparing fails.
 */
export async function prepareDataDir(dataDir: string, purpose: string, useTemplate = true): Promise<PreparedDataDir> {
  // One process at a time: a second opener is refused (data-dir-lock.ts) instead of writing to a copy that is lost.
  const lock = acquireDataDirLock(path.resolve(dataDir), purpose);
  try {
    // PGlite does not create missing parent directories.
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const seeded = await seedFromTemplate(dir, useTemplate);
    return { dir, lock, seeded };
  } catch (error) {
    lock.release();
    throw error;
  }
}
