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

/**
 * The unit tests (beside the code) and the API tests (tests/api, an app on its own database per
 * file). Each is two projects: the files that can share a worker's loaded modules (isolate: false)
 * and those that cannot. Run a kind whole with a wildcard: `--project 'unit*'`, `--project 'api*'`.
 */
const unitProject = {
  resolve: onPreact.resolve,
  test: {
    environment: 'node' as const,
    server: { deps: { inline: onPreact.inline } },
    setupFiles: ['tests/setup/no-console-error.ts'],
    // The property tests run hundreds of whole schedules or loan lives (2 s alone, 5.5 s on a
    // loaded machine, beyond Vitest's default 5 s): generous, as the API project's. Speed is
    // measured in bench/, never here. CI ran them 3-4x slower with the machine shared (a
    // property test at 116 s, the catalogue's type-checked program at over 60 s): a safety net only.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
};
const apiProject = {
  resolve: onPreact.resolve,
  test: {
    environment: 'node' as const,
    server: { deps: { inline: onPreact.inline } },
    setupFiles: ['tests/setup/no-console-error.ts'],
    // Generous for a loaded machine; speed is measured in bench/, never here.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
};
/** API test files that replace a module with vi.mock: they run with fresh modules. */
const MODULE_MOCKS = ['tests/api/registration-hash-budget.test.ts'];

// Vitest has its own config because Vite's root points at src/web.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's 2-core machine, the
    // other core idle while a test waits on its database (decision 065). The API files each run
    // their own app and database, so two at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The files of a worker share its loaded modules (the server's and the shared code hold no
          // state a test leaves behind: caches are keyed by every input, or by the database
          // handle): each file no longer loads them again, about half of the project's time.
          isolate: false,
        },
      },
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          // The web code's tests each get fresh modules: they set the page's language, the query
          // cache's defaults and module mocks (vi.mock), which would leak into the next file.
          name: 'unit-web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
        },
      },
      {
        ...apiProject,
        test: {
          ...apiProject.test,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: MODULE_MOCKS,
          // Each file builds its own app on its own database; the files of a worker share the
          // server's modules instead of loading them again for each file (about half the time).
          isolate: false,
        },
      },
      {
        ...apiProject,
        test: {
          ...apiProject.test,
          // A file that replaces a module (vi.mock) needs the modules loaded fresh, with its mock.
          name: 'api-isolated',
          include: MODULE_MOCKS,
        },
      },
    ],
  },
});
