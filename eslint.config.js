import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundaries } from './eslint-rules/boundaries.js';
import { builtinModules } from 'node:module';

// Dependency direction (DESIGN.md): web -> shared, server -> shared, shared -> nothing else in src/,
// server/modules/* -> server/{ledger,db,providers,http,otp,...} but never another module.
const restrict = (patterns) => ['error', { patterns }];
const restrictWith = (paths, patterns) => ['error', { ...paths, patterns }];

// Node's built-ins, bare ('fs') and prefixed ('node:fs'): never in code that runs in the browser.
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const noNodeBuiltins = {
  paths: [...nodeBuiltins, ...nodeBuiltins.map((name) => `node:${name}`)].map((name) => ({ name, message: 'Node built-ins never run in the browser.' })),
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/artifacts/**',
      'src/server/db/migrations/**',
      '.tmp/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    // Import cycles are refused by scripts/import-graph.test.ts.
    plugins: { tapat: { rules: { boundaries } } },
    rules: { 'tapat/boundaries': 'error' },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (a payment that failed silently).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictWith(noNodeBuiltins, [
        { regex: '(^|/)(server|web)(/|$)', message: 'src/shared imports nothing from server/ or web/.' },
        { regex: '^(node:|fastify|drizzle|react|pg$|@electric-sql|sharp$|@node-rs)', message: 'src/shared is pure TypeScript for browser and server.' },
      ]),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrictWith(noNodeBuiltins, [
        { regex: '(^|/)server(/|$)', message: 'web/ never imports server/.' },
        { regex: '^(node:|fastify|drizzle|pg$|@electric-sql|@node-rs|sharp$)', message: 'web/ is browser code.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/modules/**'],
    rules: {
      'no-restricted-imports': restrict([{ regex: '(^|/)web(/|$)', message: 'server/ never imports web/.' }]),
    },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '(^|/)web(/|$)', message: 'server/ never imports web/.' },
        { regex: '^\\.\\./(?!\\.\\.)', message: 'A module never imports another module: go through server/{db,ledger,providers,http,otp}.' },
      ]),
    },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The plain-JavaScript start script (npm start runs it with node alone, before any build).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
