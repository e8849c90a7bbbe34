import { readFileSync } from 'node:fs';
import { INLINE_CONFIG_ID, INLINE_FIRST_READS_ID, type FirstReads } from '../../shared/web-shell';

/**
 * JSON safe inside an HTML script element: `<`, `>` and `&` as \u escapes (no `</script>` or
 * `<!--` can close or bend the element), and U+2028/U+2029 escaped too. JSON.parse reads it back
 * unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text safe inside an HTML attribute value in double quotes. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A public page rendered on the server (src/server/http/prerender.ts) for the shell to carry. */
export interface ShellPage {
  /** The request's path: the browser hydrates only when its location is this one. */
  readonly path: string;
  readonly language: string;
  /** The HTML inside #root. */
  readonly html: string;
  /** Tags for the head: preloads of the page's own code (src/server/http/prerender.ts). */
  readonly head?: string;
}

const ROOT = '<div id="root"></div>';

/**
 * The single-page app's index.html with the public configuration (company profile and product
 * figures, the same object GET /api/public/config answers) in a JSON script element before
 * </head>, so the landing page draws its figures in the first render instead of after a request
 * (the layout no longer jumps). A JSON script element is data, never run, so the
 * Content-Security-Policy's script-src 'self' stands. The file is read once; the configuration per
 * request, since an administrator can publish a new product version.
 *
 * With a prerendered page (decision 031) the page's HTML goes inside #root, marked with the path
 * and language it was rendered for (the browser hydrates it only when they are its own), <html
 * lang> is the page's language, the page's <title> replaces the shell's, and the "needs JavaScript"
 * notice goes (the page reads without it). Without a page, `shellHead` (preloads of the app's start,
 * src/server/http/prerender.ts) goes into the head.
 */
export function webShell(indexHtmlPath: string): (config: unknown, page?: ShellPage, reads?: FirstReads, shellHead?: string) => string {
  const html = readFileSync(indexHtmlPath, 'utf8');
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error(`${indexHtmlPath} has no </head>`);
  const before = html.slice(0, at);
  const after = html.slice(at);
  if (!after.includes(ROOT)) throw new Error(`${indexHtmlPath} has no ${ROOT}`);
  return (config, page, reads, shellHead = '') => {
    // The first reads (decision 072) in a second JSON element: data too, never run.
    const data =
      `<script id="${INLINE_CONFIG_ID}" type="application/json">${jsonForScript(config)}</script>` +
      (reads && Object.keys(reads).length > 0 ? `<script id="${INLINE_FIRST_READS_ID}" type="application/json">${jsonForScript(reads)}</script>` : '');
    if (!page) return `${before}${shellHead}${data}${after}`;
    // React writes what belongs in the head (the page's <title>, preloads) first in its output:
    // they go to the head, the page's title instead of the shell's.
    const hoisted = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/.exec(page.html)?.[0] ?? '';
    const body = page.html.slice(hoisted.length);
    const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
    const links = `${hoisted.replace(/<title>[^<]*<\/title>/, '')}${page.head ?? ''}`;
    const head = `${(title ? before.replace(/<title>[^<]*<\/title>/, () => title) : before).replace(/<html lang="[^"]*"/, `<html lang="${attribute(page.language)}"`)}${links}`;
    const root = `<div id="root" data-ssr-path="${attribute(page.path)}" data-ssr-lang="${attribute(page.language)}">${body}</div>`;
    return `${head}${data}${after.replace(ROOT, () => root).replace(/<noscript>[^<]*<\/noscript>/, '')}`;
  };
}
