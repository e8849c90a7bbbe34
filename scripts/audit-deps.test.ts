import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditInputError, audit, installedPackages, parseAdvisoryList, parseArgs, runAudit } from './audit-deps';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'tests', 'fixtures', 'audit');
const lockfile = path.join(fixtures, 'package-lock.json');
const advisories = path.join(fixtures, 'advisories.json');
const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapat-audit-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('installedPackages', () => {
  it('lists every package of a v3 lockfile at every path, by its real name (aliases), skipping links and the root', () => {
    const found = installedPackages(json(lockfile));
    expect(found.map((p) => `${p.name}@${p.version}`)).toEqual([
      'semver@7.5.1',
      'cross-spawn@7.0.6',
      'foo@1.0.0',
      'cross-spawn@7.0.3',
      'ws@8.17.1',
      'minimist@1.2.5',
      'esbuild@0.24.0',
      'from-git@git+https://example.com/from-git.git#abc123',
    ]);
    expect(found.find((p) => p.path === 'node_modules/foo/node_modules/cross-spawn')).toMatchObject({ dev: true });
  });

  it('reads a v1 lockfile (nested dependencies) too', () => {
    const v1 = { lockfileVersion: 1, dependencies: { a: { version: '1.0.0', dependencies: { minimist: { version: '1.2.0', dev: true } } } } };
    expect(installedPackages(v1)).toEqual([
      { name: 'a', version: '1.0.0', path: 'node_modules/a', dev: false },
      { name: 'minimist', version: '1.2.0', path: 'node_modules/a/node_modules/minimist', dev: true },
    ]);
  });
});

describe('audit', () => {
  it('matches versions inside the vulnerable ranges only, nested and aliased ones included', () => {
    const findings = audit(installedPackages(json(lockfile)), parseAdvisoryList(json(advisories)));
    expect(findings.map((f) => `${f.advisory.id} ${f.installed.path} ${f.accepted ? 'accepted' : 'open'}`)).toEqual([
      'GHSA-c2qf-rxjj-qqgw node_modules/semver open',
      'GHSA-3xgq-45jj-v275 node_modules/foo/node_modules/cross-spawn open',
      'GHSA-xvch-5gv4-984h node_modules/old-args open',
      'GHSA-67mh-4wv8-2f99 node_modules/esbuild accepted',
    ]);
  });
});

describe('runAudit (npm run audit:deps)', () => {
  it('fails (exit 1) on matches at or above the level, listing each', () => {
    const low = runAudit({ lockfile, advisories, level: 'low' });
    expect(low.exitCode).toBe(1);
    expect(low.lines.filter((l) => l.startsWith('FAIL'))).toHaveLength(3);
    expect(low.lines.at(-1)).toBe('8 packages checked against 6 advisories: 3 at or above low to fix, 1 accepted.');
    const critical = runAudit({ lockfile, advisories, level: 'critical' });
    expect(critical.exitCode).toBe(1);
    expect(critical.lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringContaining('minimist@1.2.5 (node_modules/old-args) critical GHSA-xvch-5gv4-984h'),
    ]);
    expect(critical.lines.filter((l) => l.startsWith('below level'))).toHaveLength(2);
  });

  it('passes (exit 0) when nothing at or above the level is open', async () => {
    const list = json(advisories) as { advisories: { package: string }[] };
    const file = path.join(dir, 'no-critical.json');
    await writeFile(file, JSON.stringify({ ...list, advisories: list.advisories.filter((a) => a.package !== 'minimist' && a.package !== 'from-git') }));
    expect(runAudit({ lockfile, advisories: file, level: 'critical' }).exitCode).toBe(0);
    expect(runAudit({ lockfile, advisories: file, level: 'high' }).exitCode).toBe(1);
  });

  it('an accepted advisory applies to its path only', async () => {
    const list = json(advisories) as Record<string, unknown>;
    const file = path.join(dir, 'other-path.json');
    await writeFile(
      file,
      JSON.stringify({
        ...list,
        accepted: [{ id: 'GHSA-67mh-4wv8-2f99', package: 'esbuild', path: 'node_modules/x/node_modules/esbuild', reason: 'a different copy of esbuild' }],
      }),
    );
    expect(runAudit({ lockfile, advisories: file, level: 'moderate' }).lines).toContainEqual(expect.stringMatching(/^FAIL: esbuild@0\.24\.0/));
  });

  it('refuses (exit 2) an unreadable lockfile and an advisory list with a bad range, severity or acceptance', async () => {
    expect(runAudit({ lockfile: path.join(dir, 'missing.json'), advisories, level: 'low' }).exitCode).toBe(2);
    const file = path.join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({
        advisories: [{ id: 'X', package: 'ws', vulnerable: 'not a range !!', severity: 'severe', title: 't' }],
        accepted: [{ id: 'X', package: 'ws', reason: '' }],
      }),
    );
    const bad = runAudit({ lockfile, advisories: file, level: 'low' });
    expect(bad.exitCode).toBe(2);
    expect(bad.lines[0]).toContain('advisories[0].vulnerable is not a semver range');
    expect(bad.lines[0]).toContain('advisories[0].severity must be one of low, moderate, high, critical');
    expect(bad.lines[0]).toContain('accepted[0] needs id, package and a reason');
    expect(() => parseArgs(['--level=severe'], root)).toThrow(AuditInputError);
    expect(parseArgs(['--level=high'], root)).toMatchObject({ level: 'high', lockfile: path.join(root, 'package-lock.json') });
  });

  it("the project's own lockfile passes against the vendored list (security/advisories.json)", () => {
    const result = runAudit(parseArgs([], root));
    expect(result.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
