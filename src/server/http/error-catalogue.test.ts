import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type TS from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { translate } from '../../shared/i18n/lookup';
import { ERROR_CODES } from '../../shared/schemas/errors';

// Loaded by Node, not through Vite's transform (seconds instead of half a minute).
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

/**
 * Every refusal the API answers reaches the caller in their language (conventions: "The API
 * answers error messages in the caller's language"). An AppError carries catalogue texts, never
 * English: its message and field messages are `text(key, values)` (src/shared/i18n/text.ts; the
 * type checker refuses a string), which the answer renders in the caller's language from the key
 * (language.ts); a code thrown without a message answers `errors.<CODE>` (decision 076).
 *
 * So: every code of ERROR_STATUS has `errors.<CODE>` in English and Filipino; every key the
 * server's code gives text() or translateEn(), and every key given to fieldError, is in English
 * and Filipino; and no message or field message of an AppError, followed through constants,
 * conditionals, helper functions' returns and their callers' arguments, is a string (an English
 * sentence, a template literal, a concatenation): only an INTERNAL error, which is logged and
 * answers errors.INTERNAL, may say one (errors-answer.test.ts).
 */

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

function at(node: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((n, part) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined), node);
}

/** A text the server answers, where it comes from, and whether it is an i18n key (fieldError) or English. */
interface Answered {
  readonly text: string;
  readonly where: string;
  readonly key: boolean;
}

const SRC = path.dirname(SERVER);

/** A message the scan cannot follow to catalogue texts: a template literal, a concatenation, a value read at run time. */
interface Unresolved {
  readonly where: string;
  readonly source: string;
}

/** A catalogue key given to text() or translateEn() (`keys` null when the scan cannot tell which). */
interface KeyUse {
  readonly where: string;
  readonly keys: readonly string[] | null;
  readonly withValues: boolean;
  readonly fn: 'text' | 'translateEn';
  /** The name of the function declaration the call is in ('' at the top of a file). */
  readonly inside: string;
}

/** Follows an expression to the string literals it can evaluate to. Unknown parts (a database value, a template with values) are skipped. */
class Texts {
  private readonly checker: TS.TypeChecker;
  private readonly calls = new Map<string, TS.CallExpression[]>();
  readonly found: Answered[] = [];
  readonly unresolved: Unresolved[] = [];
  readonly keyUses: KeyUse[] = [];
  private readonly seen = new Set<TS.Node>();

  constructor(private readonly program: TS.Program) {
    this.checker = program.getTypeChecker();
    for (const file of this.serverFiles()) this.indexCalls(file, file);
  }

  serverFiles(): TS.SourceFile[] {
    return this.program.getSourceFiles().filter((f) => f.fileName.startsWith(SERVER) && !f.fileName.endsWith('.test.ts'));
  }

  /** Calls by the callee's name (by syntax only: asking the checker about every call would take seconds). */
  private indexCalls(file: TS.SourceFile, node: TS.Node): void {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      this.calls.set(name, [...(this.calls.get(name) ?? []), node]);
    }
    ts.forEachChild(node, (child) => this.indexCalls(file, child));
  }

  private declarationOf(expression: TS.Expression): TS.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  }

  where(node: TS.Node): string {
    const file = node.getSourceFile();
    return `${path.relative(SERVER, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  }

  /** Records the texts `expression` may be (as English, or as keys). */
  collect(expression: TS.Expression | undefined, key: boolean, depth = 0): void {
    if (!expression || depth > 8) return;
    const type = this.checker.getTypeAtLocation(expression);
    const parts = type.isUnion() ? type.types : [type];
    if (parts.length > 0 && parts.every((p) => p.isStringLiteral() || p.flags & ts.TypeFlags.Undefined || p.flags & ts.TypeFlags.Null)) {
      for (const p of parts) if (p.isStringLiteral()) this.found.push({ text: p.value, where: this.where(expression), key });
      return;
    }
    if (this.seen.has(expression)) return;
    this.seen.add(expression);
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression) || ts.isAwaitExpression(expression))
      return this.collect(expression.expression, key, depth + 1);
    if (ts.isConditionalExpression(expression)) {
      this.collect(expression.whenTrue, key, depth + 1);
      return this.collect(expression.whenFalse, key, depth + 1);
    }
    if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)) {
      this.collect(expression.left, key, depth + 1);
      return this.collect(expression.right, key, depth + 1);
    }
    if (ts.isPropertyAccessExpression(expression)) {
      // Another AppError's message (a refusal passed on): checked where that one is thrown.
      let root: TS.Expression = expression;
      while (ts.isPropertyAccessExpression(root)) root = root.expression;
      if (this.checker.getTypeAtLocation(root).getSymbol()?.name === 'AppError') return;
      // A property of a parameter's object (`refusal.key`): what the callers' object literals give it.
      if (ts.isIdentifier(expression.expression)) {
        const declaration = this.declarationOf(expression.expression);
        if (declaration && ts.isParameter(declaration)) return this.collectArgumentProperty(declaration, expression.name.text, key, depth);
      }
    }
    if (ts.isIdentifier(expression)) {
      const declaration = this.declarationOf(expression);
      if (declaration && ts.isVariableDeclaration(declaration)) return this.collect(declaration.initializer, key, depth + 1);
      if (declaration && ts.isParameter(declaration)) return this.collectArguments(declaration, key, depth);
      return this.cannotFollow(expression);
    }
    if (ts.isCallExpression(expression)) {
      const name = ts.isIdentifier(expression.expression) ? expression.expression.text : '';
      // A catalogue text with values: its key is checked with every other call of text() and translateEn().
      if (name === 'text' || name === 'translateEn') return;
      const declaration = this.declarationOf(expression.expression);
      if (declaration && ts.isFunctionDeclaration(declaration) && declaration.body && declaration.getSourceFile().fileName.startsWith(SERVER)) {
        return this.collectReturns(declaration.body, key, depth);
      }
    }
    this.cannotFollow(expression);
  }

  /** A message that is none of the above: built from values, or read at run time. */
  private cannotFollow(expression: TS.Expression): void {
    this.unresolved.push({ where: this.where(expression), source: expression.getText().replace(/\s+/g, ' ').slice(0, 120) });
  }

  /** The string keys an expression may be: a literal type, or a template literal whose parts are literal types. Null when open. */
  keysOf(expression: TS.Expression | undefined): string[] | null {
    if (!expression) return null;
    const literals = (e: TS.Expression): string[] | null => {
      const type = this.checker.getTypeAtLocation(e);
      const parts = type.isUnion() ? type.types : [type];
      return parts.every((p) => p.isStringLiteral()) ? parts.map((p) => (p as TS.StringLiteralType).value) : null;
    };
    const direct = literals(expression);
    if (direct) return direct;
    if (!ts.isTemplateExpression(expression)) return null;
    let out = [expression.head.text];
    for (const span of expression.templateSpans) {
      const values = literals(span.expression);
      if (!values) return null;
      out = out.flatMap((prefix) => values.map((v) => `${prefix}${v}${span.literal.text}`));
    }
    return out;
  }

  /** Every call of text() (src/shared/i18n/text.ts) and translateEn() in src/, with the keys it may name. */
  collectKeyUses(file: TS.SourceFile): void {
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'text' || node.expression.text === 'translateEn')) {
        const declaration = this.declarationOf(node.expression);
        const from = declaration?.getSourceFile().fileName ?? '';
        if (from.endsWith('/shared/i18n/text.ts') || from.endsWith('/shared/i18n/lookup.ts')) {
          const fn = node.expression.text;
          let up: TS.Node | undefined = node.parent;
          while (up && !(ts.isFunctionDeclaration(up) && up.name)) up = up.parent;
          const inside = up && ts.isFunctionDeclaration(up) ? (up.name?.text ?? '') : '';
          this.keyUses.push({ where: this.where(node), keys: this.keysOf(node.arguments[0]), withValues: node.arguments.length > 1, fn, inside });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  /** A parameter: the texts its callers pass. */
  private collectArguments(parameter: TS.ParameterDeclaration, key: boolean, depth: number): void {
    const fn = parameter.parent;
    if (!ts.isFunctionDeclaration(fn) || !fn.name) return;
    const index = fn.parameters.indexOf(parameter);
    for (const call of this.calls.get(fn.name.text) ?? []) {
      if (this.declarationOf(call.expression) === fn) this.collect(call.arguments[index], key, depth + 1);
    }
  }

  /** A parameter's property: each caller's object literal's property of that name. */
  private collectArgumentProperty(parameter: TS.ParameterDeclaration, name: string, key: boolean, depth: number): void {
    const fn = parameter.parent;
    if (!ts.isFunctionDeclaration(fn) || !fn.name) return this.cannotFollow(parameter.name as TS.Identifier);
    const index = fn.parameters.indexOf(parameter);
    for (const call of this.calls.get(fn.name.text) ?? []) {
      if (this.declarationOf(call.expression) !== fn) continue;
      const argument = call.arguments[index];
      const property =
        argument && ts.isObjectLiteralExpression(argument)
          ? argument.properties.find((p): p is TS.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)
          : undefined;
      if (property) this.collect(property.initializer, key, depth + 1);
      else if (argument) this.cannotFollow(argument);
    }
  }

  private collectReturns(node: TS.Node, key: boolean, depth: number): void {
    if (ts.isFunctionLike(node) && !ts.isBlock(node)) return; // a nested function's returns are its own
    if (ts.isReturnStatement(node)) return this.collect(node.expression, key, depth + 1);
    ts.forEachChild(node, (child) => this.collectReturns(child, key, depth));
  }

  /** Field messages: each property of an object literal (or the values of Object.fromEntries/map are not followed). */
  collectFields(expression: TS.Expression | undefined, key: boolean): void {
    if (!expression) return;
    if (ts.isObjectLiteralExpression(expression)) {
      for (const property of expression.properties) {
        if (ts.isPropertyAssignment(property)) this.collect(property.initializer, key);
        else if (ts.isShorthandPropertyAssignment(property)) this.collect(property.name, key);
      }
    }
  }
}

let texts: Texts;
let sites = 0;

beforeAll(() => {
  const files = sourceFiles(SERVER);
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  texts = new Texts(program);
  for (const file of texts.serverFiles()) {
    const visit = (node: TS.Node): void => {
      if (ts.isNewExpression(node) && node.expression.getText(file) === 'AppError') {
        sites += 1;
        const [, , message, fields] = node.arguments ?? [];
        texts.collect(message, false);
        texts.collectFields(fields, false);
      }
      if (ts.isCallExpression(node) && node.expression.getText(file) === 'fieldError') texts.collectFields(node.arguments[0], true);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const file of program.getSourceFiles()) {
    if (file.fileName.startsWith(SRC) && !file.fileName.endsWith('.test.ts') && !file.fileName.includes('/web/')) texts.collectKeyUses(file);
  }
}, 240_000);

describe('error codes', () => {
  it.each(ERROR_CODES)('errors.%s is in English and Filipino', (code) => {
    const english = at(en, `errors.${code}`);
    const filipino = at(fil, `errors.${code}`);
    expect(typeof english === 'string' && english.trim().length > 0, `en errors.${code}`).toBe(true);
    expect(typeof filipino === 'string' && filipino.trim().length > 0, `fil errors.${code}`).toBe(true);
    expect(translate('fil', `errors.${code}`)).not.toBe(`errors.${code}`);
  });
});

describe('the messages the server throws', () => {
  it('are found (the scan works)', () => {
    expect(sites).toBeGreaterThan(150);
    const keys = texts.keyUses.flatMap((u) => u.keys ?? []);
    // A literal key, a constant of another file, a helper's returns.
    expect(keys).toContain('withdrawals.errors.state');
    expect(keys).toContain('loans.errors.reviewOnlyPending');
    expect(keys).toContain('repayments.errors.receivedInFuture');
    expect(texts.found.filter((t) => t.key).map((t) => t.text)).toContain('validation.passwordCommon');
  });

  it('are catalogue texts, never a string (an English sentence reaches every reader in English)', () => {
    const strings = texts.found.filter((t) => !t.key && !t.where.startsWith('http/errors.ts'));
    expect(
      [...new Set(strings.map((t) => `${t.where}: ${t.text}`))].sort(),
      'an AppError message or field message that is a string: give text(key, values) with a catalogue key instead',
    ).toEqual([]);
  });

  it('given to fieldError are keys of the catalogue in English and Filipino', () => {
    const known = (t: Answered) => typeof at(en, t.text) === 'string' && typeof at(fil, t.text) === 'string';
    const unknown = texts.found.filter((t) => t.key && !known(t));
    expect(unknown.map((t) => `${t.where}: ${t.text}`)).toEqual([]);
  });
});

describe('the messages built from values', () => {
  it('are found (the scan follows text() and translateEn())', () => {
    const keys = texts.keyUses.flatMap((u) => u.keys ?? []);
    expect(keys).toContain('loans.errors.stateRefused');
    expect(keys).toContain('loans.statusLabel.REPAID');
    expect(keys).toContain('loans.status.actions.REPAY');
    expect(keys).toContain('backoffice.settings.productForm.problems.capAboveContract');
    expect(keys).toContain('loans.staffReasons.INCOME_MULTIPLE');
  });

  it('are never a template literal, a concatenation or a text read at run time at an AppError (an internal error is a plain Error)', () => {
    expect(
      texts.unresolved.map((u) => `${u.where}: ${u.source}`),
      'an AppError message or field message built from values reaches every reader in English: give text(key, values) with a catalogue key instead',
    ).toEqual([]);
  });

  it('name keys of the catalogue in English and Filipino, each a key the scan can read', () => {
    // fieldError's keys are checked above; a schema's message is a key when the catalogue has it (isCatalogueKey).
    const checkedElsewhere = (u: KeyUse) => u.where.startsWith('http/errors.ts:') && (u.inside === 'fieldError' || u.inside === 'fieldsFromIssues');
    const open = texts.keyUses
      .filter((u) => u.keys === null && u.fn === 'text' && !checkedElsewhere(u))
      .map((u) => `${u.where}: ${u.fn}() of a key the scan cannot read`);
    const missing = texts.keyUses.flatMap((u) =>
      (u.keys ?? []).filter((k) => typeof at(en, k) !== 'string' || typeof at(fil, k) !== 'string').map((k) => `${u.where}: ${k}`),
    );
    expect([...open, ...missing]).toEqual([]);
  });
});
