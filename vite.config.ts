import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import type { OutputChunk } from 'rolldown';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
/** The API server `npm run dev` starts beside Vite (scripts/dev.sh). */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * The modules whose code the service worker saves at install: what works offline, the islands'
 * hydration and the app's start (decision 095) with the public pages.
 * Not the contact page (decision 072): its form cannot send offline, and its form and schema code
 * (about 20 KB gzip) was a download no first visitor had asked for; it is saved when visited.
 */
const OFFLINE_PAGES = [
  'app/islands/hydrate.tsx',
  'app/start.tsx',
  'pages/HowItWorksPage.tsx',
  'pages/AboutPage.tsx',
  'pages/NotFoundPage.tsx',
  'features/public/LoanCalculator.tsx',
];

/**
 * Emits /sw.js from src/web/service-worker.js with the build's version and the files to save at
 * install: the HTML shell, the entry's scripts and styles, the public pages' and the calculator's
 * chunks with their imports, their pictures, the manifest and icons. Signed-in pages' chunks are not saved.
 */
function serviceWorker(): Plugin {
  return {
    name: 'tapat-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const wanted = chunks.filter(
        (chunk) => chunk.isEntry || OFFLINE_PAGES.some((page) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/web/${page}`)),
      );
      if (wanted.length !== OFFLINE_PAGES.length + 1) throw new Error(`service worker: expected ${OFFLINE_PAGES.length + 1} chunks, found ${wanted.length}`);
      const files = new Set<string>();
      const visit = (chunk: OutputChunk) => {
        if (files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) files.add(css);
        for (const file of chunk.imports) {
          const next = byFile.get(file);
          if (next) visit(next);
        }
      };
      wanted.forEach(visit);
      // The public pages' pictures (about 50 KB of SVG): an offline page is whole, not broken images.
      const imagesDir = fileURLToPath(new URL('./src/web/public/images', import.meta.url));
      const images = readdirSync(imagesDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `${entry.parentPath}/${entry.name}`.slice(imagesDir.length).replaceAll('\\', '/'))
        .sort();
      const precache = [
        '/',
        '/manifest.webmanifest',
        '/favicon.svg',
        '/icons/icon-192.png',
        ...images.map((image) => `/images${image}`),
        ...[...files].sort().map((file) => `/${file}`),
      ];
      const source = readFileSync(fileURLToPath(new URL('./src/web/service-worker.js', import.meta.url)), 'utf8');
      // Pictures keep their names when they change: their contents are part of the version.
      const hash = createHash('sha256').update(precache.join('\n')).update(source);
      for (const image of images) hash.update(readFileSync(`${imagesDir}${image}`));
      const version = hash.digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}

/**
 * `npm run dev` only: preact/debug before the app's first module, so Preact's development checks
 * (hook misuse, bad element types, a server's HTML that does not match what hydrates it) are
 * console errors and warnings there, as React's development build gave them. The build has none.
 */
function preactDebug(): Plugin {
  const main = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url)).replaceAll('\\', '/');
  return {
    name: 'tapat-preact-debug',
    apply: 'serve',
    transform(code, id) {
      if (id.replaceAll('\\', '/') !== main) return null;
      return { code: `import 'preact/debug';\n${code}`, map: null };
    },
  };
}

/**
 * React's API from Preact (decision 034): the app runs on preact/compat, about 11 KB gzip where
 * react-dom and react are 67 KB, everywhere its code runs: `npm run dev`, the browser build, the
 * public pages' server renderer (the same runtime renders and hydrates) and the Vitest projects
 * (vitest.config.ts), so what developers and tests see is what borrowers get. Exact names only, so
 * `react-router` or `react-i18next` are not caught by a prefix.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

// The browser app. Vite's root is src/web; the server serves dist/web. With --ssr (scripts/build.ts):
// the public pages' server renderer, src/web/entry-server.tsx, into dist/ssr (decision 031), its
// packages bundled (so that they get Preact too), no public files, no service worker. `npm run dev`
// (vite serve) runs Preact as well, with Preact's fast refresh (prefresh) in place of React's; the
// build keeps @vitejs/plugin-react's JSX transform, which it has always used.
export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => ({
  root,
  resolve: { alias: PREACT_ALIASES },
  // The server renderer bundles the packages that import React, so that they get Preact too.
  ssr: isSsrBuild ? { noExternal: true } : {},
  // JSX as the build compiles it (react/jsx-runtime, aliased to preact/compat/jsx-runtime).
  oxc: command === 'serve' ? { jsx: { runtime: 'automatic' as const, importSource: 'react' } } : {},
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: command === 'serve' ? [await prefresh(), preactDebug(), tailwindcss()] : isSsrBuild ? [react()] : [react(), tailwindcss(), serviceWorker()],
  build: {
    outDir: fileURLToPath(new URL(isSsrBuild ? './dist/ssr' : './dist/web', import.meta.url)),
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // dist/web/.vite/manifest.json: bench/bundle.ts reads each page's chunk graph from it.
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2020',
    rollupOptions: {
      // react-router reads React.useOptimistic by name and falls back when it is absent, as on Preact.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  // npm run dev: Vite serves the app with hot reload (its own pages, /dev/outbox included) and
  // hands /api to the API server.
  server: {
    proxy: { '/api': apiTarget },
  },
}));
