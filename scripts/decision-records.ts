/**
 * The decision records (docs/decisions/NNN-*.md) and how they point at each other. A record's
 * Status line says what it changes of earlier records ("amends 012", "supersedes 047", "extends
 * 005", "completes 055") and, on the earlier record, who changed it ("amended by 061", ...): both
 * ways, so a reader of either finds the other. scripts/decision-records.test.ts holds them together.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');

export type Relation = 'amends' | 'supersedes' | 'extends' | 'completes';
/** The word on the earlier record for each relation. */
const BACKWARD: Readonly<Record<Relation, string>> = {
  amends: 'amended by',
  supersedes: 'superseded by',
  extends: 'extended by',
  completes: 'completed by',
};

export interface DecisionRecord {
  readonly id: string;
  readonly file: string;
  readonly status: string;
  /** What this record changes: relation and the ids it names. */
  readonly changes: readonly { readonly relation: Relation; readonly ids: readonly string[] }[];
  /** Who changed this record, as its Status line says: the backward word and the ids. */
  readonly changedBy: readonly { readonly word: string; readonly ids: readonly string[] }[];
}

export function decisionFiles(): string[] {
  return readdirSync(DECISIONS)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort();
}

/** The Status line with markdown links reduced to their text: "Amends [012](012-x.md)" reads "Amends 012". */
function statusOf(text: string): string {
  // The Status paragraph: its line and those after it up to a blank line.
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Status:'));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  const paragraph = lines.slice(start, end < 0 ? undefined : end).join(' ');
  return paragraph.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

export function readRecords(): DecisionRecord[] {
  const files = decisionFiles();
  const ids = new Set(files.map((f) => f.slice(0, 3)));
  return files.map((file) => {
    const id = file.slice(0, 3);
    const status = statusOf(readFileSync(path.join(DECISIONS, file), 'utf8'));
    const changes: { relation: Relation; ids: string[] }[] = [];
    const changedBy: { word: string; ids: string[] }[] = [];
    // Each clause runs to the next relation word, a semicolon or the end of the line.
    const clause =
      /\b(amended by|superseded(?: in part)? by|extended by|completed by|amends|supersedes|extends|completes)\b(.*?)(?=\b(?:amended by|superseded(?: in part)? by|extended by|completed by|amends|supersedes|extends|completes)\b|;|$)/gi;
    for (const m of status.matchAll(clause)) {
      const word = m[1]!.toLowerCase();
      const named = [...new Set([...m[2]!.matchAll(/\b(\d{3})\b/g)].map((n) => n[1]!))].filter((n) => ids.has(n) && n !== id);
      if (named.length === 0) continue;
      if (word.endsWith(' by')) changedBy.push({ word: word.replace(' in part', ''), ids: named });
      else changes.push({ relation: word as Relation, ids: named });
    }
    return { id, file, status, changes, changedBy };
  });
}

/** Each pointer without its pointer back: "A amends B" without "amended by A" on B, and the reverse. */
export function missingLinks(records: readonly DecisionRecord[]): string[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const r of records) {
    for (const c of r.changes)
      for (const target of c.ids) {
        const back = byId.get(target)!.changedBy.some((b) => b.word === BACKWARD[c.relation] && b.ids.includes(r.id));
        if (!back) problems.push(`${r.id} ${c.relation} ${target}, but ${target}'s Status does not say "${BACKWARD[c.relation]} ${r.id}"`);
      }
    for (const b of r.changedBy)
      for (const source of b.ids) {
        const relation = (Object.keys(BACKWARD) as Relation[]).find((k) => BACKWARD[k] === b.word)!;
        const forward = byId.get(source)!.changes.some((c) => c.relation === relation && c.ids.includes(r.id));
        if (!forward) problems.push(`${r.id} is ${b.word} ${source}, but ${source}'s Status does not say "${relation} ${r.id}"`);
      }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const records = readRecords();
  for (const r of records) if (r.changes.length || r.changedBy.length) console.log(r.id, JSON.stringify(r.changes), JSON.stringify(r.changedBy));
  console.log(missingLinks(records).join('\n') || 'every pointer has its pointer back');
}
