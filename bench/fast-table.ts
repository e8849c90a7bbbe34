import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The table "Fast where it matters", rebuilt from the newest results each benchmark wrote
 * (`bench/results/*-latest.json`): hot reads beside Fastify + one select (bench/hot-reads.ts), ledger
 * transfers beside pgbench TPC-B (bench/loans.ts), withdrawal request + confirmation beside ledger
 * transfers at the same connection count (bench/withdrawals.ts) and server start (bench/start.ts).
 * Each row says when and under what load its figures were taken: only ratios within one run count.
 * Writes `bench/results/fast-latest.md` and rewrites bench/README.md between `<!-- bench:fast -->`
 * and `<!-- /bench:fast -->`. Run by `npm run bench`, or alone: `npx tsx bench/fast-table.ts`.
 */
const results = path.resolve('bench/results');

function latest<T>(name: string): T | null {
  const file = path.join(results, `${name}-latest.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const day = (iso: string) => iso.slice(0, 10);
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

interface HotReads {
  readonly date: string;
  readonly loadAverageBefore?: readonly number[];
  readonly summary: readonly {
    readonly route: string;
    readonly database: string;
    readonly reqPerSec: readonly number[];
    readonly p99: readonly number[];
    readonly baselineReqPerSec: readonly number[];
    readonly baselineP99: readonly number[];
    readonly ratio: readonly number[];
  }[];
}
interface Loans {
  readonly date: string;
  readonly ledgerTransfersPerSecondPostgres: number;
  readonly pgbenchTpcbTps: number;
  readonly ledgerToTpcbRatio: number;
  readonly ledgerSystemShards?: number;
  readonly load?: number;
}
interface Withdrawals {
  readonly date: string;
  readonly runs: readonly {
    readonly shards: number;
    readonly connections: number;
    readonly loadAverage: readonly number[];
    readonly pairsPerSecond: number;
    readonly pairP99Ms: number;
    readonly ledgerTransfersPerSecond: number;
    readonly pairsPerLedgerTransfer: number;
  }[];
}
/** bench/writes-ab.ts: the commit before and this one, alternating, with TPC-B in each round (decision 039). */
interface WritesAb {
  readonly date: string;
  readonly concurrency: number;
  readonly shards: number;
  readonly rounds: readonly {
    readonly loadAverage: readonly number[];
    readonly pgbenchTpcbTps: number;
    readonly before: {
      readonly ledgerTransfersPerSecond: number;
      readonly pairsPerSecond: number;
      readonly pairP99Ms: number;
      readonly pairsPerLedgerTransfer: number;
    };
    readonly after: {
      readonly ledgerTransfersPerSecond: number;
      readonly pairsPerSecond: number;
      readonly pairP99Ms: number;
      readonly pairsPerLedgerTransfer: number;
    };
  }[];
}
interface Start {
  readonly date: string;
  readonly machine: string;
  readonly seconds: readonly { readonly scenario: string; readonly after: number }[];
}

function fastTable(): string {
  const rows: string[] = [];
  const hot = latest<HotReads>('hot-reads');
  if (hot) {
    const load = hot.loadAverageBefore ? `, load ${hot.loadAverageBefore[0]}` : '';
    for (const r of hot.summary) {
      const ratio = Math.round(median(r.ratio) * 100) / 100;
      const p99 = median(r.p99);
      rows.push(
        `| \`${r.route}\`, ${r.database} (${day(hot.date)}${load}) | ${median(r.reqPerSec)} req/s, p99 ${p99} ms | ${median(r.baselineReqPerSec)} req/s, p99 ${median(r.baselineP99)} ms | ${ratio} | ≥ 0.5, p99 ≤ 20 ms: ${verdict(ratio >= 0.5 && p99 <= 20)} |`,
      );
    }
  }
  const ab = latest<WritesAb>('writes-ab');
  const abRounds = ab?.rounds ?? [];
  const loans = latest<Loans>('loans');
  // bench/loans.ts is the issue's own measure of the ledger: its row decides; an A/B row beside it
  // (bench/writes-ab.ts, 8 in flight) shows what a change did in one run.
  if (loans) {
    rows.push(
      `| Ledger transfers, PostgreSQL (${day(loans.date)}${loans.ledgerSystemShards ? `, ${loans.ledgerSystemShards} system account shards` : ', one clearing row'}${loans.load !== undefined ? `, load ${Math.round(loans.load * 10) / 10}` : ''}) | ${loans.ledgerTransfersPerSecondPostgres}/s | pgbench TPC-B: ${loans.pgbenchTpcbTps} tps | ${loans.ledgerToTpcbRatio} | ≥ 0.5: ${verdict(loans.ledgerToTpcbRatio >= 0.5)} |`,
    );
  }
  if (ab && abRounds.length > 0) {
    const m = (pick: (r: WritesAb['rounds'][number]) => number) => Math.round(median(abRounds.map(pick)) * 100) / 100;
    const load = `load ${Math.min(...abRounds.map((r) => r.loadAverage[0]!))}-${Math.max(...abRounds.map((r) => r.loadAverage[0]!))}`;
    const ledgerRatio = m((r) => r.after.ledgerTransfersPerSecond / r.pgbenchTpcbTps);
    const pairRatio = m((r) => r.after.pairsPerLedgerTransfer);
    rows.push(
      `| Ledger transfers, PostgreSQL, ${ab.concurrency} in flight, older checkout → this one, A/B in one run (${day(ab.date)}, ${load}, median of ${abRounds.length} rounds) | ${m((r) => r.before.ledgerTransfersPerSecond)} → ${m((r) => r.after.ledgerTransfersPerSecond)}/s | pgbench TPC-B: ${m((r) => r.pgbenchTpcbTps)} tps | ${m((r) => r.before.ledgerTransfersPerSecond / r.pgbenchTpcbTps)} → ${ledgerRatio} | ≥ 0.5: ${loans ? `${verdict(ledgerRatio >= 0.5)} here; the bench/loans.ts row above is the issue's measure` : verdict(ledgerRatio >= 0.5)} |`,
      `| Withdrawal request + confirmation, ${ab.concurrency} connections, ${ab.shards} shards, older checkout → this one, A/B in one run (${day(ab.date)}, ${load}) | ${m((r) => r.before.pairsPerSecond)} → ${m((r) => r.after.pairsPerSecond)} pairs/s, p99 ${m((r) => r.after.pairP99Ms)} ms | ledger transfers (after): ${m((r) => r.after.ledgerTransfersPerSecond)}/s | ${m((r) => r.before.pairsPerLedgerTransfer)} → ${pairRatio} | ≥ 0.5: ${verdict(pairRatio >= 0.5)} |`,
    );
  }
  const withdrawals = latest<Withdrawals>('withdrawals');
  if (withdrawals && withdrawals.runs.length > 0 && !(ab && abRounds.length > 0 && ab.date > withdrawals.date)) {
    const shards = Math.max(...withdrawals.runs.map((r) => r.shards));
    const atShards = withdrawals.runs.filter((r) => r.shards === shards);
    const run = atShards.reduce((a, b) => (b.connections > a.connections ? b : a));
    rows.push(
      `| Withdrawal request + confirmation, ${run.connections} connections, ${shards} shards (${day(withdrawals.date)}, load ${run.loadAverage[0]}) | ${run.pairsPerSecond} pairs/s, p99 ${run.pairP99Ms} ms | ledger transfers: ${run.ledgerTransfersPerSecond}/s | ${run.pairsPerLedgerTransfer} | ≥ 0.5: ${verdict(run.pairsPerLedgerTransfer >= 0.5)} |`,
    );
  }
  const start = latest<Start>('start');
  if (start) {
    for (const s of start.seconds) {
      const target = s.scenario.startsWith('(c)') ? 20 : 3;
      rows.push(`| Start to first 200: ${s.scenario} (${day(start.date)}) | ${s.after} s | — | — | ≤ ${target} s: ${verdict(s.after <= target)} |`);
    }
  }
  return [
    'The figures of "Fast where it matters" from the newest results (`bench/fast-table.ts`; each row dated, with the load where recorded):',
    '',
    '| Figure | Tapat | Baseline in the same run | Ratio | Target |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function writeFastTable(): string {
  const table = fastTable();
  writeFileSync(path.join(results, 'fast-latest.md'), `${table}\n`);
  const readme = path.resolve('bench/README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:fast -->';
  const end = '<!-- /bench:fast -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} markers`);
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
  return table;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(writeFastTable());
}
