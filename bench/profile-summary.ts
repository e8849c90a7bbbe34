import { readFileSync } from 'node:fs';

/**
 * Summarises a V8 CPU profile (node --cpu-prof, or BENCH_CPU_PROF of bench/hot-reads.ts): the top
 * functions by self time, and the share of time under a few groups of interest (by file path).
 *
 *   npx tsx bench/profile-summary.ts file.cpuprofile [top=30] [last=seconds]
 *
 * `last` keeps only the samples of the profile's last seconds (the load, not the server's start).
 * Each top function is followed by its callers' share (who pays for it).
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary.ts file.cpuprofile [top]');
const top = Number(process.argv[3] ?? 30);
const lastSeconds = process.argv[4] ? Number(process.argv[4]) : null;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const from = lastSeconds === null ? -Infinity : profile.endTime - lastSeconds * 1e6;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from) continue;
  const id = profile.samples[i]!;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((a, n) => a + (self.get(n.id) ?? 0), 0);
const busy = total - idle;

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, 'nm:')
    .replace(/^.*\/src\//, 'src/');
const key = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const selfByKey = new Map<string, number>();
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  if (!t) continue;
  selfByKey.set(key(n), (selfByKey.get(key(n)) ?? 0) + t);
}
console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)} %)`);
console.log('\nTop self time (% of busy):');
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** The first caller outside node: internals and the function itself: where a cost comes from. */
const callerOf = (id: number): string => {
  const own = key(byId.get(id)!);
  for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)!;
    const u = short(n.callFrame.url);
    if (key(n) !== own && u && !u.startsWith('node:')) return key(n);
  }
  return '(root)';
};
for (const [k, t] of [...selfByKey.entries()]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${((t / busy) * 100).toFixed(1).padStart(5)} %  ${k}`);
  const callers = new Map<string, number>();
  for (const n of profile.nodes) if (key(n) === k && self.get(n.id)) callers.set(callerOf(n.id), (callers.get(callerOf(n.id)) ?? 0) + self.get(n.id)!);
  const list = [...callers.entries()].sort((a, b) => b[1] - a[1]);
  if (list.length > 1 || list[0]?.[0] !== '(root)')
    for (const [c, ct] of list.slice(0, 3)) console.log(`           ${((ct / busy) * 100).toFixed(1).padStart(5)} % from ${c}`);
}

// Inclusive time by package / folder: a sample is counted once per group on its stack.
const groupOf = (url: string): string | null => {
  const u = short(url);
  if (u.startsWith('nm:')) {
    const parts = u.slice(3).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (u.startsWith('src/')) return u.split('/').slice(0, 3).join('/');
  if (u.startsWith('node:')) return u;
  return null;
};
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const g = groupOf(byId.get(cur)!.callFrame.url);
    if (g) seen.add(g);
  }
  for (const g of seen) inclusive.set(g, (inclusive.get(g) ?? 0) + t);
}
console.log('\nInclusive time by package or folder (% of busy):');
for (const [g, t] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((t / busy) * 100).toFixed(1).padStart(5)} %  ${g}`);

// Inclusive time by function (a sample counted once per function on its stack): which calls cost most with all they call.
const inclusiveFn = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) seen.add(key(byId.get(cur)!));
  for (const k of seen) inclusiveFn.set(k, (inclusiveFn.get(k) ?? 0) + t);
}
console.log('\nInclusive time by function, outside node: internals (% of busy):');
for (const [k, t] of [...inclusiveFn.entries()]
  .filter(([k]) => !k.includes(' node:') && !k.startsWith('(') && !k.includes(' :'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top * 2))
  console.log(`${((t / busy) * 100).toFixed(1).padStart(5)} %  ${k}`);
