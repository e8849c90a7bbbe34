import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript and CSS per page, in KB gzip: what the browser downloads before the page can
 * render. For `/` that is what index.html loads (the entry script, its static imports, the CSS);
 * for a lazy page it is that plus the page's own chunk and its static imports, and for a signed-in
 * page also the member-area texts the router awaits (src/web/app/router.tsx). Chunks a page imports
 * later (a dialog, the activation wizard for a member not yet activated) are not counted.
 * Read from Vite's manifest (build.manifest). Run after `npm run build`.
 * Budgets: `/` JS 100 KB and CSS 10 KB; `/login` and `/dash` JS 150 KB.
 */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
  readonly isEntry?: boolean;
}
const dist = path.resolve('dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The page modules each measured route loads before it renders (keys of the manifest). */
const PAGES: Record<string, { readonly modules: readonly string[]; readonly budgetJs: number; readonly budgetCss?: number }> = {
  '/': { modules: [], budgetJs: 100, budgetCss: 10 },
  '/login': { modules: ['pages/LoginPage.tsx'], budgetJs: 150 },
  '/dash': { modules: ['pages/DashPage.tsx', '../shared/i18n/en/member-area.ts'], budgetJs: 150 },
};

function closure(keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    into.add(key);
    closure(chunk.imports ?? [], into);
  }
  return into;
}

const gzipCache = new Map<string, number>();
function gzip(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('no entry in the manifest');
const pages = Object.fromEntries(
  Object.entries(PAGES).map(([route, page]) => {
    const keys = closure([entry, ...page.modules]);
    const scripts = [...keys].map((key) => manifest[key]!.file);
    const styles = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
    const js = scripts.reduce((sum, file) => sum + gzip(file), 0);
    const css = styles.reduce((sum, file) => sum + gzip(file), 0);
    return [
      route,
      {
        initialJsKbGzip: kb(js),
        initialCssKbGzip: kb(css),
        budgetJsKbGzip: page.budgetJs,
        budgetCssKbGzip: page.budgetCss ?? null,
        withinBudget: js / 1024 <= page.budgetJs && (page.budgetCss === undefined || css / 1024 <= page.budgetCss),
        scripts,
      },
    ];
  }),
);
const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  pages,
};
console.log(JSON.stringify(result, null, 2));
if (process.env.BUNDLE_OUT) writeFileSync(path.resolve(process.env.BUNDLE_OUT), `${JSON.stringify(result, null, 2)}\n`);
export default result;
