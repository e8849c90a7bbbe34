import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS, decisionFiles, missingLinks, readRecords } from './decision-records';

describe('the decision records', () => {
  it('each has a Status line that says accepted, proposed or superseded', () => {
    for (const r of readRecords()) expect(r.status, r.file).toMatch(/^Status: (accepted|proposed|superseded)/);
  });

  it('point at each other both ways: a record that amends, supersedes, extends or completes another is named on it', () => {
    expect(missingLinks(readRecords())).toEqual([]);
  });

  it('finds a missing pointer back (the check works)', () => {
    const records = readRecords();
    const cut = records.map((r) => (r.id === '012' ? { ...r, changedBy: r.changedBy.filter((b) => !b.ids.includes('061')) } : r));
    expect(missingLinks(cut)).toContain(`061 amends 012, but 012's Status does not say "amended by 061"`);
  });

  it('are each in the index (docs/decisions/README.md)', () => {
    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    const missing = decisionFiles().filter((f) => !index.includes(`(${f})`));
    expect(missing).toEqual([]);
  });
});
