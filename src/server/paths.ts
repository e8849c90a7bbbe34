import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root (the folder of Tapat's package.json), found by walking up from this module: the
 * same answer from src/server/paths.ts under tsx and from the bundle in dist/server/ under node.
 * Everything the server reads at run time (the migrations, node_modules/.cache) is named from here,
 * never relative to a source file's own folder, which the bundle does not keep.
 */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'tapat') return dir;
      } catch {
        // not ours: keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Tapat's package.json was not found above ${start}`);
    dir = parent;
  }
}

export const packageRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The drizzle migrations (SQL and meta/_journal.json). */
export const migrationsFolder = path.join(packageRoot, 'src', 'server', 'db', 'migrations');
