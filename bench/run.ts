import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * npm run bench (after npm run build and a commit): the front-end benchmarks on the built app, then
 * the start benchmark (bench/start.ts, which rewrites README.md's start table), and a table of the
 * before/after ratios measured in this run.
 */
const { default: bundle } = await import('./bundle');
writeFileSync(path.resolve('bench/results/bundle-latest.json'), `${JSON.stringify(bundle, null, 2)}\n`);
await import('./lighthouse');
const { default: start } = await import('./start');
console.log('\nRatios measured in this run (after / before, lower is faster):\n');
console.log('| Measure | Before | After | Ratio |\n|---|---|---|---|');
for (const row of start.seconds) console.log(`| Start to first 200, ${row.scenario} | ${row.before} s | ${row.after} s | ${row.ratio} |`);
