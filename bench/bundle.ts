import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript and CSS of the landing page, in KB gzip: what index.html loads before the
 * page can render (the entry script, its static imports preloaded with modulepreload, the CSS).
 * Budget: under 150 KB of JavaScript. Run after `npm run build`.
 */
const dist = path.resolve('dist/web');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);

function gz(file: string): { raw: number; gzip: number } {
  const data = readFileSync(path.join(dist, file));
  return { raw: statSync(path.join(dist, file)).size, gzip: gzipSync(data, { level: 9 }).length };
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const js = scripts.map(gz).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const css = styles.map(gz).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  files: { scripts, styles },
  initialJsKbGzip: kb(js.gzip),
  initialJsKbRaw: kb(js.raw),
  initialCssKbGzip: kb(css.gzip),
  budgetJsKbGzip: 150,
  withinBudget: js.gzip / 1024 < 150,
};
console.log(JSON.stringify(result, null, 2));
export default result;
