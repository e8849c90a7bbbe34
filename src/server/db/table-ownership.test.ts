import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import ts from 'typescript';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { TABLE_OWNERS } from './owners';

const OWNERS = TABLE_OWNERS;

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** "modules/loans" for src/server/modules/loans/x.ts, "ledger" for src/server/ledger/x.ts, "app" for src/server/app.ts. */
function ownerOf(file: string): string {
  const parts = path.relative(SERVER, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  // The domain layer's part of a capability (domain/loans/transition.ts: "domain/loans").
  if (parts[0] === 'domain' && parts.length > 2) return `domain/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : path.basename(file).replace(/\.tsx?$/, '');
}

const tables = new Map<string, string>(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, value]) => [name, getTableName(value as PgTable)]),
);

const bySqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));

interface Write {
  readonly table: string;
  readonly writer: string;
  readonly where: string;
}

/** Hand-written SQL (the ledger's one-statement transfer, decision 039): `insert into t`, `update t`, `delete from t`. */
const RAW_SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/g;

/**
 * The writes in one source file, read on its syntax tree (TypeScript's compiler API), not its text:
 * every `.insert(t)`, `.update(t)` and `.delete(t)` whose argument is a schema table, however it is
 * named (`loans`, `schema.loans`, an import renamed `loans as l`), and every table written by the
 * raw SQL of a string or template literal (comments are not code and are not read).
 */
function writesIn(text: string, file: string, writer: string): Write[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // Local names of schema tables: `import { loans as l } from '../db/schema'` makes `l` mean loans.
  const aliases = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)schema(\/index)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) aliases.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  const found: Write[] = [];
  const at = (node: ts.Node) => `${path.relative(SERVER, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  /** The schema table an expression names: `loans`, `l` (renamed), `schema.loans`; else null. */
  const tableOf = (node: ts.Expression): string | null => {
    if (ts.isIdentifier(node)) {
      const name = aliases.get(node.text) ?? node.text;
      return tables.has(name) ? name : null;
    }
    if (ts.isPropertyAccessExpression(node) && tables.has(node.name.text)) return node.name.text;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) return tableOf(node.expression);
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]!); // hash.update(key) and the like name no table
      if (table) found.push({ table, writer, where: at(node) });
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const match of node.text.matchAll(RAW_SQL_WRITE)) {
        const name = bySqlName.get(match[1]!);
        if (name) found.push({ table: name, writer, where: at(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A file without any of these words writes no table: it is not parsed. */
const MAY_WRITE = /\.(?:insert|update|delete)\b|\b(?:insert\s+into|update|delete\s+from)\s/;

/** Every write of a schema table in the server's code, with its writer: read once, when the file loads (no test's timeout). */
const scanned: Write[] = sourceFiles(SERVER).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return MAY_WRITE.test(text) ? writesIn(text, file, ownerOf(file)) : [];
});
const writes = (): Write[] => scanned;

describe('table ownership', () => {
  it('finds the schema tables and the writes (the scan itself works)', () => {
    expect(tables.size).toBeGreaterThan(30);
    const found = writes();
    expect(found.some((w) => w.table === 'ledgerEntries' && w.writer === 'ledger')).toBe(true);
    expect(found.some((w) => w.table === 'withdrawals' && w.writer === 'modules/withdrawals')).toBe(true);
    // The raw SQL of the one-statement transfer is seen too.
    expect(found.some((w) => w.table === 'ledgerAccounts' && w.writer === 'ledger' && /ledger\/transfers\.ts/.test(w.where))).toBe(true);
  });

  it('reads the writes on the syntax tree: a table however named, raw SQL in strings, not comments', () => {
    const file = path.join(SERVER, 'modules', 'example', 'service.ts');
    const text = [
      "import * as schema from '../../db/schema';",
      "import { loans as l, users } from '../../db/schema';",
      'export async function f(db: Db) {',
      '  await db.update(schema.loans).set({ status: "closed" });',
      '  await db.insert(l).values({});',
      '  await db',
      '    .delete(users)',
      '    .where(sql`true`);',
      '  await db.execute(sql`update withdrawals set status = ${"x"}`);',
      '  hash.update(key);',
      '  // update ledger_entries is only a comment',
      '}',
    ].join('\n');
    expect(writesIn(text, file, 'modules/example').map((w) => `${w.table} ${w.where}`)).toEqual([
      'loans modules/example/service.ts:4',
      'loans modules/example/service.ts:5',
      'users modules/example/service.ts:6',
      'withdrawals modules/example/service.ts:9',
    ]);
  });

  it('gives every table an owner', () => {
    const unowned = [...tables.keys()].filter((name) => !(name in OWNERS));
    expect(unowned, 'tables without an entry in OWNERS').toEqual([]);
  });

  it('has every table written only by its owners', () => {
    const strays = writes()
      .filter((w) => !OWNERS[w.table]?.includes(w.writer))
      .map((w) => `${w.where}: ${w.writer} writes ${w.table} (owners: ${(OWNERS[w.table] ?? []).join(', ') || 'none'})`);
    expect(strays).toEqual([]);
  });
});
