import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Runs the front-end benchmarks on the built app and records them in bench/results/. */
const { default: bundle } = await import('./bundle');
writeFileSync(path.resolve('bench/results/bundle-latest.json'), `${JSON.stringify(bundle, null, 2)}\n`);
await import('./lighthouse');
