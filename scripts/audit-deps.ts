import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * npm run audit:deps [-- --level=moderate] [--lockfile=package-lock.json] [--advisories=security/advisories.json]
 *
 * An offline dependency audit: `npm audit` cannot reach its endpoint from the build machines, so
 * every package in package-lock.json (at every path, dev dependencies included) is checked against
 * a vendored advisory list (security/advisories.json: id, package, vulnerable semver range,
 * severity; its `refresh` field says how to update it). Exit code 1 when a package matches an
 * advisory at or above the level (default low: any) that is not in the list's `accepted` entries
 * (each with the path and the reason); 2 when the lockfile or the list cannot be read.
 */

export const SEVERITIES = ['low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Advisory {
  readonly id: string;
  readonly package: string;
  readonly vulnerable: string;
  readonly severity: Severity;
  readonly title: string;
  readonly url?: string;
}

export interface Accepted {
  readonly id: string;
  readonly package: string;
  /** The lockfile path accepted (node_modules/a/node_modules/b); absent: every path. */
  readonly path?: string;
  readonly reason: string;
}

export interface AdvisoryList {
  readonly advisories: readonly Advisory[];
  readonly accepted: readonly Accepted[];
}

export interface InstalledPackage {
  readonly name: string;
  readonly version: string;
  /** Where the lockfile puts it: node_modules/a/node_modules/b. */
  readonly path: string;
  readonly dev: boolean;
}

export interface Finding {
  readonly advisory: Advisory;
  readonly installed: InstalledPackage;
  readonly accepted: Accepted | null;
}

export class AuditInputError extends Error {}

const isSeverity = (value: unknown): value is Severity => typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the advisory list's shape and ranges; throws AuditInputError naming every problem. */
export function parseAdvisoryList(raw: unknown): AdvisoryList {
  if (!isRecord(raw) || !Array.isArray(raw.advisories)) throw new AuditInputError('The advisory list needs an "advisories" array.');
  const problems: string[] = [];
  const advisories: Advisory[] = [];
  raw.advisories.forEach((entry: unknown, i) => {
    if (!isRecord(entry)) return void problems.push(`advisories[${i}] is not an object`);
    const { id, package: name, vulnerable, severity, title, url } = entry;
    if (typeof id !== 'string' || id === '') problems.push(`advisories[${i}].id is missing`);
    if (typeof name !== 'string' || name === '') problems.push(`advisories[${i}].package is missing`);
    if (typeof vulnerable !== 'string' || semver.validRange(vulnerable) === null)
      problems.push(`advisories[${i}].vulnerable is not a semver range: ${String(vulnerable)}`);
    if (!isSeverity(severity)) problems.push(`advisories[${i}].severity must be one of ${SEVERITIES.join(', ')}`);
    if (typeof title !== 'string') problems.push(`advisories[${i}].title is missing`);
    if (problems.length === 0)
      advisories.push({
        id: id as string,
        package: name as string,
        vulnerable: vulnerable as string,
        severity: severity as Severity,
        title: title as string,
        ...(typeof url === 'string' ? { url } : {}),
      });
  });
  const accepted: Accepted[] = [];
  const acceptedRaw = raw.accepted ?? [];
  if (!Array.isArray(acceptedRaw)) problems.push('"accepted" must be an array');
  else
    acceptedRaw.forEach((entry: unknown, i) => {
      if (
        !isRecord(entry) ||
        typeof entry.id !== 'string' ||
        typeof entry.package !== 'string' ||
        typeof entry.reason !== 'string' ||
        entry.reason.trim().length < 10
      ) {
        return void problems.push(`accepted[${i}] needs id, package and a reason`);
      }
      accepted.push({ id: entry.id, package: entry.package, reason: entry.reason, ...(typeof entry.path === 'string' ? { path: entry.path } : {}) });
    });
  if (problems.length > 0) throw new AuditInputError(`The advisory list is invalid:\n  ${problems.join('\n  ')}`);
  return { advisories, accepted };
}

/** Every installed package of a lockfile (v2/v3 `packages`, or v1 nested `dependencies`). */
export function installedPackages(lock: unknown): InstalledPackage[] {
  if (!isRecord(lock)) throw new AuditInputError('The lockfile is not a JSON object.');
  const found: InstalledPackage[] = [];
  if (isRecord(lock.packages)) {
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (where === '' || !isRecord(entry) || entry.link === true || typeof entry.version !== 'string') continue;
      const name = typeof entry.name === 'string' ? entry.name : where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      found.push({ name, version: entry.version, path: where, dev: entry.dev === true });
    }
    return found;
  }
  const walk = (deps: unknown, prefix: string) => {
    if (!isRecord(deps)) return;
    for (const [name, entry] of Object.entries(deps)) {
      if (!isRecord(entry) || typeof entry.version !== 'string') continue;
      const where = `${prefix}node_modules/${name}`;
      found.push({ name, version: entry.version, path: where, dev: entry.dev === true });
      walk(entry.dependencies, `${where}/`);
    }
  };
  if (isRecord(lock.dependencies)) {
    walk(lock.dependencies, '');
    return found;
  }
  throw new AuditInputError('The lockfile has neither "packages" nor "dependencies".');
}

/** Every installed package that an advisory's range covers (a version that is not semver, such as a git URL, is skipped). */
export function audit(packages: readonly InstalledPackage[], list: AdvisoryList): Finding[] {
  const byName = new Map<string, Advisory[]>();
  for (const a of list.advisories) byName.set(a.package, [...(byName.get(a.package) ?? []), a]);
  const findings: Finding[] = [];
  for (const installed of packages) {
    if (semver.valid(installed.version) === null) continue;
    for (const advisory of byName.get(installed.name) ?? []) {
      if (!semver.satisfies(installed.version, advisory.vulnerable, { includePrerelease: true })) continue;
      const accepted =
        list.accepted.find((x) => x.id === advisory.id && x.package === installed.name && (x.path === undefined || x.path === installed.path)) ?? null;
      findings.push({ advisory, installed, accepted });
    }
  }
  return findings;
}

export const atOrAbove = (severity: Severity, level: Severity) => SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(level);

export interface AuditOptions {
  readonly lockfile: string;
  readonly advisories: string;
  readonly level: Severity;
}

export function parseArgs(argv: readonly string[], root: string): AuditOptions {
  let level: Severity = 'low';
  let lockfile = path.join(root, 'package-lock.json');
  let advisories = path.join(root, 'security', 'advisories.json');
  for (const arg of argv) {
    const [key, value] = arg.split('=', 2) as [string, string | undefined];
    if (key === '--level' && isSeverity(value)) level = value;
    else if (key === '--lockfile' && value) lockfile = path.resolve(value);
    else if (key === '--advisories' && value) advisories = path.resolve(value);
    else throw new AuditInputError(`Unknown option ${arg}. Use --level=${SEVERITIES.join('|')}, --lockfile=<path>, --advisories=<path>.`);
  }
  return { lockfile, advisories, level };
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AuditInputError(`${file} could not be read: ${(error as Error).message}`);
  }
};

/** Runs the audit and answers the exit code and the report's lines. */
export function runAudit(options: AuditOptions): { readonly exitCode: 0 | 1 | 2; readonly lines: string[] } {
  let findings: Finding[];
  let list: AdvisoryList;
  let count: number;
  try {
    list = parseAdvisoryList(readJson(options.advisories));
    const packages = installedPackages(readJson(options.lockfile));
    count = packages.length;
    findings = audit(packages, list);
  } catch (error) {
    if (error instanceof AuditInputError) return { exitCode: 2, lines: [error.message] };
    throw error;
  }
  const lines: string[] = [];
  const failing = findings.filter((f) => !f.accepted && atOrAbove(f.advisory.severity, options.level));
  for (const f of findings) {
    const status = f.accepted ? 'accepted' : atOrAbove(f.advisory.severity, options.level) ? 'FAIL' : 'below level';
    lines.push(
      `${status}: ${f.installed.name}@${f.installed.version} (${f.installed.path}${f.installed.dev ? ', dev' : ''}) ${f.advisory.severity} ${f.advisory.id} ${f.advisory.title}${f.advisory.url ? ` ${f.advisory.url}` : ''}`,
    );
    if (f.accepted) lines.push(`  accepted because: ${f.accepted.reason}`);
  }
  lines.push(
    `${count} packages checked against ${list.advisories.length} advisories: ${failing.length} at or above ${options.level} to fix, ${findings.filter((f) => f.accepted).length} accepted.`,
  );
  return { exitCode: failing.length > 0 ? 1 : 0, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let options: AuditOptions;
  try {
    options = parseArgs(process.argv.slice(2), root);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const result = runAudit(options);
  (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.lines.join('\n')}\n`);
  process.exit(result.exitCode);
}
