import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries, LAYERS, serverUnitOf } from '../eslint-rules/boundaries.js';

/**
 * The import-direction rule (eslint-rules/boundaries.js) is fed forbidden imports and must refuse
 * each one; the allowed direction beside each shows the refusal is the rule's, not a parse error.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { tapat: { rules: { boundaries } } },
    rules: { 'tapat/boundaries': 'error' },
  },
] as Linter.Config[];

/** The rule's messages for `code` written in `file` (relative to the repository). */
function lint(file: string, code: string): string[] {
  const messages = linter.verify(code, config as never, { filename: path.join(ROOT, file) });
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return messages.map((m) => m.message);
}

describe('the server layers', () => {
  it('refuses the ledger importing a module, and lets a module import the ledger', () => {
    expect(lint('src/server/ledger/ledger.ts', "import { x } from '../modules/loans/service';")).toEqual([
      expect.stringContaining('The server layer "services" (ledger) imports only layers beneath it'),
    ]);
    expect(lint('src/server/modules/loans/service.ts', "import { transfer } from '../../ledger';")).toEqual([]);
  });

  it('refuses the database layer importing http (its error type included), and http importing db', () => {
    expect(lint('src/server/db/client.ts', "import { route } from '../http/route';")).toEqual([
      expect.stringContaining('"db" (db) imports only layers beneath it'),
    ]);
    expect(lint('src/server/db/errors.ts', "import { AppError } from '../http/errors';")).toHaveLength(1);
    expect(lint('src/server/http/idempotency.ts', "import { db } from '../db/client';")).toEqual([]);
  });

  it('refuses a dynamic import upwards as a static one', () => {
    expect(lint('src/server/providers/fx/store.ts', "export const load = () => import('../../modules/loans/service');")).toHaveLength(1);
    expect(lint('src/server/ledger/ledger.ts', "export { x } from '../jobs/servicing';")).toHaveLength(1);
  });

  it('refuses units of one layer importing each other: the ledger and the providers', () => {
    expect(lint('src/server/ledger/ledger.ts', "import { notify } from '../providers/notify';")).toEqual([
      expect.stringContaining('"ledger" and "providers" are both in the server layer "services"'),
    ]);
  });

  it('places the domain layer between the services and the modules', () => {
    expect(lint('src/server/domain/loans.ts', "import { transfer } from '../ledger';")).toEqual([]);
    expect(lint('src/server/domain/loans.ts', "import { x } from '../modules/loans/service';")).toHaveLength(1);
    expect(lint('src/server/modules/loans/service.ts', "import { loanById } from '../../domain/loans';")).toEqual([]);
    expect(lint('src/server/ledger/ledger.ts', "import { loanById } from '../domain/loans';")).toHaveLength(1);
  });

  it('refuses a module importing another module, and lets the jobs and the app import modules', () => {
    expect(lint('src/server/modules/loans/service.ts', "import { x } from '../repayments/service';")).toEqual([
      expect.stringContaining('A module never imports another module'),
    ]);
    expect(lint('src/server/modules/loans/routes.ts', "import { x } from './service';")).toEqual([]);
    expect(lint('src/server/jobs/servicing.ts', "import { x } from '../modules/repayments/service';")).toEqual([]);
    expect(lint('src/server/app.ts', "import { x } from './jobs/servicing';")).toEqual([]);
    expect(lint('src/server/jobs/servicing.ts', "import { buildApp } from '../app';")).toHaveLength(1);
  });

  it('refuses the server importing web/', () => {
    expect(lint('src/server/http/web-shell.ts', "import { x } from '../../web/main';")).toEqual([expect.stringContaining('server/ never imports web/')]);
  });

  it('gives every file of the server a layer', async () => {
    const { readdirSync } = await import('node:fs');
    const server = path.join(ROOT, 'src', 'server');
    const files = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((name) => serverUnitOf(path.join(server, name)) === null)).toEqual([]);
    expect(serverUnitOf(path.join(server, 'modules', 'loans', 'service.ts'))).toMatchObject({ unit: 'modules/loans', layer: 'modules' });
    expect(serverUnitOf(path.join(server, 'staff', 'create.ts'))).toMatchObject({ unit: 'staff/create', layer: 'jobs' });
    expect(LAYERS.map((l) => l.layer)).toEqual(['base', 'db', 'errors', 'services', 'product', 'deps', 'http', 'domain', 'modules', 'jobs', 'app', 'main']);
  });
});

describe('src/shared', () => {
  it('refuses Node built-ins, static and dynamic, bare and prefixed', () => {
    expect(lint('src/shared/money/x.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(lint('src/shared/money/x.ts', "export const read = async () => (await import('node:fs')).readFileSync('x');")).toEqual([
      expect.stringContaining('src/shared is pure TypeScript'),
    ]);
    expect(lint('src/shared/money/x.ts', "export const read = () => import('fs/promises');")).toHaveLength(1);
    expect(lint('src/shared/money/x.ts', "import { z } from 'zod';")).toEqual([]);
  });

  it('refuses server and UI packages and anything from server/ or web/', () => {
    expect(lint('src/shared/x.ts', "import { sql } from 'drizzle-orm';")).toHaveLength(1);
    expect(lint('src/shared/x.ts', "import { useState } from 'react';")).toHaveLength(1);
    expect(lint('src/shared/x.ts', "import { x } from '../server/db/client';")).toEqual([
      expect.stringContaining('src/shared imports nothing from server/ or web/'),
    ]);
    expect(lint('src/shared/x.ts', "export const x = () => import('../web/lib/api');")).toHaveLength(1);
  });
});

describe('src/web', () => {
  it('refuses server code and Node built-ins', () => {
    expect(lint('src/web/pages/X.tsx', "import { x } from '../../server/db/client';")).toEqual([expect.stringContaining('web/ never imports server/')]);
    expect(lint('src/web/pages/X.tsx', "export const f = () => import('node:fs');")).toHaveLength(1);
    expect(lint('src/web/pages/X.tsx', "import { x } from 'fastify';")).toHaveLength(1);
  });

  it('lets a page use a feature only through its entry point; a lazily loaded file is an entry point', () => {
    expect(lint('src/web/pages/LoanPage.tsx', "import { X } from '../features/loans/ContractText';")).toEqual([
      expect.stringContaining('features/loans/index.ts'),
    ]);
    expect(lint('src/web/app/layouts/Footer.tsx', "import { X } from '../../features/public/Links';")).toHaveLength(1);
    expect(lint('src/web/pages/LoanPage.tsx', "import { ContractText } from '../features/loans';")).toEqual([]);
    expect(lint('src/web/pages/LoanPage.tsx', "import { ContractText } from '../features/loans/index';")).toEqual([]);
    expect(lint('src/web/pages/DashPage.tsx', "export const D = () => import('../features/activation/ActivationDialog');")).toEqual([]);
  });

  it('lets a feature use another only through its entry point, and its own files freely', () => {
    expect(lint('src/web/features/servicing/A.tsx', "import { X } from '../loans/queries';")).toHaveLength(1);
    expect(lint('src/web/features/servicing/A.tsx', "import { X } from '../loans';")).toEqual([]);
    expect(lint('src/web/features/servicing/A.tsx', "import { X } from './parts/B';")).toEqual([]);
  });
});
