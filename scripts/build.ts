import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { computeStamp, root, stampFile } from './build-stamp.mjs';
import { ensureTemplate } from '../src/server/db/template';

/**
 * npm run build (docs/decisions/023-start-fast.md): the web app (Vite, then .br/.gz beside each
 * asset; the public pages' server renderer into dist/ssr, decision 031) and the server (esbuild: src/server/main.ts bundled into dist/server, main.js
 * plus chunks/, node_modules external but for BUNDLED) are built into a folder of their own,
 * dist/.build-<pid>, and renamed into place folder by folder, so a server running from dist/
 * never sees an emptied dist/web; then the stamp is written. Beside them the migrated PGlite
 * template (node_modules/.cache/tapat) is made when missing, so a fresh DATA_DIR skips initdb.
 */
const stamp = computeStamp();
const dist = path.join(root, 'dist');
const work = path.join(dist, `.build-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, command), ...args], { stdio: 'inherit', cwd: root });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`))));
  });
}

/**
 * Packages bundled into dist/server instead of loaded from node_modules: ESM of hundreds of small
 * files each (zod 95, drizzle-orm 112, libphonenumber-js 93 at start), which node resolved, read and
 * linked one by one (decision 023). fastify-type-provider-zod goes with zod so that both use one
 * copy of it. Packages with native code, WebAssembly or files read at run time stay external.
 */
const BUNDLED = /^(zod|drizzle-orm|libphonenumber-js|fastify-type-provider-zod)(\/|$)/;

const started = performance.now();
const timed = async (name: string, step: () => Promise<unknown>) => {
  const t0 = performance.now();
  await step();
  console.log(`build: ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

try {
  await Promise.all([
    timed('web app', async () => {
      await run('node_modules/vite/bin/vite.js', ['build', '--outDir', path.join(work, 'web'), '--emptyOutDir', '--logLevel', 'warn']);
      // The public pages' server renderer (decision 031): loaded by the server from dist/ssr.
      await run('node_modules/vite/bin/vite.js', [
        'build',
        '--ssr',
        path.join(root, 'src/web/entry-server.tsx'),
        '--outDir',
        path.join(work, 'ssr'),
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ]);
      await run('node_modules/tsx/dist/cli.mjs', ['scripts/precompress.ts', path.join(work, 'web')]);
    }),
    timed('server', () =>
      build({
        absWorkingDir: root,
        entryPoints: { main: 'src/server/main.ts' },
        outdir: path.join(work, 'server'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // node_modules stay external except a few pure-JavaScript ESM packages of many small files
        // (BUNDLED below): node resolves and links each file of an external package at start.
        // main.js imports the rest of the server (app.ts) with import(): split into chunks, the
        // packages app.ts needs load after main.js has started the data directory's copy (decision 023).
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        sourcemap: true,
        logLevel: 'warning',
        // JSON data from packages (the PSGC places) is bundled: esbuild does not keep an external
        // import's `with { type: 'json' }`, which node requires.
        plugins: [
          {
            name: 'bundle-package-json',
            setup(on) {
              on.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({ path: path.join(root, 'node_modules', args.path) }));
            },
          },
          {
            name: 'external-packages',
            setup(on) {
              on.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
            },
          },
        ],
      }),
    ),
    timed('embedded database template', () => ensureTemplate()),
  ]);
  writeFileSync(path.join(work, 'server', 'package.json'), '{ "type": "module" }\n');
  for (const part of ['web', 'ssr', 'server']) {
    const target = path.join(dist, part);
    const old = path.join(dist, `.old-${part}-${process.pid}`);
    // Two renames, never a delete before the new folder is there; a second build swapping at the
    // same moment makes the rename fail and the loop try again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        renameSync(target, old);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      try {
        renameSync(path.join(work, part), target);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
    rmSync(old, { recursive: true, force: true });
  }
  const temp = `${stampFile}.${process.pid}`;
  writeFileSync(temp, `${JSON.stringify({ stamp, builtAt: new Date().toISOString() }, null, 2)}\n`);
  renameSync(temp, stampFile);
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
