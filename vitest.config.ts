import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

/**
 * Both projects run the app's code on Preact, as `npm run dev` and the build do (decision 034): the
 * unit tests that render components (react-dom/server is preact/compat/server) and the API test of
 * the public pages' server renderer (tests/api/prerender.test.ts, through src/web/entry-server.tsx),
 * the packages that import React included. react-router's ES module: Node's condition picks its
 * CommonJS build, whose require('react') no alias reaches.
 */
const onPreact = {
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
    ],
  },
  inline: [/react-router/, /react-i18next/, /@tanstack\/react-query/, /react-hook-form/, /@hookform/, /use-sync-external-store/],
};

// Vitest has its own config because Vite's root points at src/web.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's 2-core machine, the
    // other core idle while a test waits on its database (decision 065). The API files each run
    // their own app and database, so two at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: onPreact.resolve,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          server: { deps: { inline: onPreact.inline } },
          setupFiles: ['tests/setup/no-console-error.ts'],
          // The property tests run hundreds of whole schedules or loan lives (2 s alone, 5.5 s on a
          // loaded machine, beyond Vitest's default 5 s): generous, as the API project's. Speed is
          // measured in bench/, never here. CI ran them 3-4x slower with the machine shared (a
          // property test at 116 s, the catalogue's type-checked program at over 60 s): a safety net only.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: onPreact.resolve,
        test: {
          name: 'api',
          server: { deps: { inline: onPreact.inline } },
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/no-console-error.ts'],
          // Generous for a loaded machine (CI also runs these on two more Node versions); speed is
          // measured in bench/, never here.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
