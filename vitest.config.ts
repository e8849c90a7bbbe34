import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

// Vitest has its own config because Vite's root points at src/web.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/no-console-error.ts'],
        },
      },
      {
        // tests/api/prerender.test.ts renders the public pages through src/web/entry-server.tsx: on
        // Preact, as the build does (decision 034), the packages that import React included.
        // react-router's ES module (Node's condition picks its CommonJS build, whose require('react') no alias reaches).
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
          ],
        },
        test: {
          name: 'api',
          server: {
            deps: {
              inline: [
                /react-router/,
                /react-i18next/,
                /@tanstack\/react-query/,
                /@radix-ui/,
                /sonner/,
                /react-hook-form/,
                /@hookform/,
                /use-sync-external-store/,
              ],
            },
          },
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
