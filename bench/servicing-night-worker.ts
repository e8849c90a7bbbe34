import { openApp } from './seed-large';
import { travelTo } from '../tests/fixtures/repayments';
import { runServicing } from '../src/server/modules/repayments/daily';

/**
 * One process of bench/servicing-night.ts: opens the database at NIGHT_DATABASE_URL, sets its clock
 * to NIGHT_DAY (12:00 Manila), runs one servicing pass (batches of NIGHT_BATCH loans) and prints
 * its result, its time and the milliseconds spent in each phase of its batches as one JSON line.
 */
const url = process.env.NIGHT_DATABASE_URL!;
const day = process.env.NIGHT_DAY!;
const batchSize = Number(process.env.NIGHT_BATCH ?? 500);
const t = await openApp(url);
try {
  travelTo(t, day);
  const phases: Record<string, number> = {};
  const started = performance.now();
  const pass = await runServicing(t.deps, { batchSize, phases });
  const ms = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)]));
  console.log(JSON.stringify({ pid: process.pid, seconds: (performance.now() - started) / 1000, ...pass, phasesMs: ms }));
} finally {
  await t.close();
}
