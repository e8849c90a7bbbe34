// The build's stamp: a hash of everything the build reads (src/ without its tests, the lock file,
// package.json, the Vite, TypeScript and build scripts). `npm run build` writes it to
// dist/build-stamp.json after the new build is in place; `npm start` builds only when the stamp
// it computes differs from that file (docs/decisions/023-start-fast.md). Plain JavaScript: `npm
// start` reads it with node alone, before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stampFile = path.join(root, 'dist', 'build-stamp.json');

const INPUTS = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/precompress.ts',
  'scripts/build-stamp.mjs',
];

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
    })
    .sort();
}

/** The hash of the build's inputs as they are now. */
export function computeStamp() {
  const hash = createHash('sha256');
  const files = [...INPUTS.map((f) => path.join(root, f)).filter((f) => existsSync(f)), ...walk(path.join(root, 'src'))];
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the build in dist/, or null when there is none (or it is incomplete). */
export function builtStamp() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')).stamp;
    if (
      !existsSync(path.join(root, 'dist', 'server', 'main.js')) ||
      !existsSync(path.join(root, 'dist', 'web', 'index.html')) ||
      !existsSync(path.join(root, 'dist', 'ssr', 'entry-server.js'))
    )
      return null;
    return typeof stamp === 'string' ? stamp : null;
  } catch {
    return null;
  }
}
