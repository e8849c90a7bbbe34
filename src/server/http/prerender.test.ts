import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pagePreloads } from './prerender';

/** A Vite manifest of the shape the build writes: the entry, the two starts, the pages' chunks and what they import. */
const MANIFEST = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_i18n.js'] },
  '_i18n.js': { file: 'assets/i18n-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_i18n.js'] },
  'app/islands/hydrate.tsx': { file: 'assets/hydrate-1.js', imports: ['_shared.js'] },
  'app/start.tsx': { file: 'assets/start-1.js', imports: ['_shared.js', '_router.js'] },
  '_router.js': { file: 'assets/router-1.js' },
  'features/public/LoanCalculator.tsx': { file: 'assets/LoanCalculator-1.js', imports: ['_shared.js'] },
  'pages/ContactPage.tsx': { file: 'assets/ContactPage-1.js', imports: ['_router.js'] },
  '../shared/i18n/fil/upfront.ts': { file: 'assets/upfront-1.js' },
};

const dir = mkdtempSync(path.join(tmpdir(), 'tapat-manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function preloadsOf(tags: string): string[] {
  return [...tags.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]!).sort();
}

describe('pagePreloads (decision 095)', () => {
  const file = path.join(dir, 'manifest.json');
  writeFileSync(file, JSON.stringify(MANIFEST));
  const preloads = pagePreloads(file);

  it("an islands page preloads the islands' code and what it imports, never the app's start or router; the entry's own imports are left to index.html", () => {
    expect(preloadsOf(preloads('/', 'en'))).toEqual(['assets/LoanCalculator-1.js', 'assets/hydrate-1.js', 'assets/shared-1.js']);
    expect(preloadsOf(preloads('/hiw', 'en'))).toEqual(['assets/hydrate-1.js', 'assets/shared-1.js']);
    expect(preloadsOf(preloads('*', 'en'))).toEqual(['assets/hydrate-1.js', 'assets/shared-1.js']);
  });

  it("the contact page and the plain shell preload the app's start; Filipino adds its texts", () => {
    expect(preloadsOf(preloads('/contact', 'en'))).toEqual(['assets/ContactPage-1.js', 'assets/router-1.js', 'assets/shared-1.js', 'assets/start-1.js']);
    expect(preloadsOf(preloads('', 'en'))).toEqual(['assets/router-1.js', 'assets/shared-1.js', 'assets/start-1.js']);
    expect(preloadsOf(preloads('', 'fil'))).toEqual(['assets/router-1.js', 'assets/shared-1.js', 'assets/start-1.js', 'assets/upfront-1.js']);
  });

  it('preloads nothing without a manifest (a bare index.html)', () => {
    expect(pagePreloads(path.join(dir, 'none.json'))('/', 'en')).toBe('');
  });
});
