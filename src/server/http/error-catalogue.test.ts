import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type TS from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { localizeText, translate } from '../../shared/i18n/lookup';
import { ERROR_CODES } from '../../shared/schemas/errors';

// Loaded by Node, not through Vite's transform (seconds instead of half a minute).
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

/**
 * Every refusal the API answers reaches the caller in their language (conventions: "The API
 * answers error messages in the caller's language"). The error handler (errors.ts, language.ts)
 * translates a message by finding its English text in the catalogue; a text that is not there goes
 * out in English whatever Accept-Language says, and a code thrown without a message answers
 * `errors.<CODE>`, the raw key, when the catalogue has no such entry.
 *
 * So: every code of ERROR_STATUS has `errors.<CODE>` in English and Filipino, and every message
 * and field message the server's code gives an AppError or fieldError, followed through constants,
 * conditionals, helper functions' returns and their callers' arguments, is a catalogue text (a
 * field key, for fieldError) that Filipino translates.
 *
 * A message built from values (a status, an amount, a list of reasons) is a catalogue text with
 * its values, `text(key, values)` (src/shared/i18n/text.ts), which the answer renders in the
 * caller's language, or `translateEn(key, values)` of a refusal's key, which it matches back; never
 * a template literal or a concatenation, which reaches every reader in English (decision 056). An
 * error that is not an AppError is internal: it answers errors.INTERNAL and is logged, so its
 * message may say anything (errors-answer.test.ts).
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
          this.keyUses.push({ where: this.where(node), keys: this.keysOf(node.arguments[0]), withValues: node.arguments.length > 1, fn });
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
}, 60_000);

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
    const found = texts.found.map((t) => t.text);
    // A literal, a constant of another file, a helper's returns and a parameter's callers.
    expect(found).toContain('This withdrawal can no longer be changed.');
    expect(found).toContain('Only a pending application can be taken into review.');
    expect(found).toContain('The date received cannot be in the future.');
  });

  it('are catalogue texts that Filipino translates, every one', () => {
    const english = texts.found.filter((t) => !t.key && localizeText('fil', t.text) === t.text);
    expect(
      [...new Set(english.map((t) => `${t.where}: ${t.text}`))].sort(),
      'messages answered in English whatever the language: add them to the catalogue (en and fil)',
    ).toEqual([]);
  });

  it('given to fieldError are keys of the catalogue (or its English texts)', () => {
    const known = (t: Answered) => (typeof at(en, t.text) === 'string' && typeof at(fil, t.text) === 'string') || localizeText('fil', t.text) !== t.text;
    const unknown = texts.found.filter((t) => t.key && !known(t));
    expect(unknown.map((t) => `${t.where}: ${t.text}`)).toEqual([]);
  });
});

/** A refusal's key that the error handler can match back from its English text with the values filled (lookup.ts isAnswerKey). */
const isAnswerKey = (key: string) => /^(errors|validation)\./.test(key) || /\.(errors|validation|documents)\./.test(key);

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
    const open = texts.keyUses.filter((u) => u.keys === null && u.fn === 'text').map((u) => `${u.where}: ${u.fn}() of a key the scan cannot read`);
    const missing = texts.keyUses.flatMap((u) =>
      (u.keys ?? []).filter((k) => typeof at(en, k) !== 'string' || typeof at(fil, k) !== 'string').map((k) => `${u.where}: ${k}`),
    );
    expect([...open, ...missing]).toEqual([]);
  });

  it('given to translateEn with values are refusal keys, which the error handler can match back', () => {
    const unmatchable = texts.keyUses
      .filter((u) => u.fn === 'translateEn' && u.withValues)
      .flatMap((u) => (u.keys ?? []).filter((k) => !isAnswerKey(k)).map((k) => `${u.where}: ${k}`));
    expect(unmatchable).toEqual([]);
  });
});
