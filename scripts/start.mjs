// npm start: build only when the sources changed since the build in dist/ (the stamp), then run
// the compiled server (dist/server/main.js) in this process. Plain JavaScript so that a start on a
// current build costs node alone, not a TypeScript loader (docs/decisions/023-start-fast.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtStamp, computeStamp, root } from './build-stamp.mjs';

if (computeStamp() !== builtStamp()) {
  console.log('Sources changed since the last build (or no build yet): building.');
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'build.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else {
  console.log('The build in dist/ is current: starting it.');
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
