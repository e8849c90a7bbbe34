import { readFileSync } from 'node:fs';
import { INLINE_CONFIG_ID } from '../../shared/web-shell';

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

/**
 * The single-page app's index.html with the public configuration (company profile and product
 * figures, the same object GET /api/public/config answers) in a JSON script element before
 * </head>, so the landing page draws its figures in the first render instead of after a request
 * (issue 13: the layout no longer jumps). A JSON script element is data, never run, so the
 * Content-Security-Policy's script-src 'self' stands. The file is read once; the configuration per
 * request, since an administrator can publish a new product version.
 */
export function webShell(indexHtmlPath: string): (config: unknown) => string {
  const html = readFileSync(indexHtmlPath, 'utf8');
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error(`${indexHtmlPath} has no </head>`);
  const before = html.slice(0, at);
  const after = html.slice(at);
  return (config) => `${before}<script id="${INLINE_CONFIG_ID}" type="application/json">${jsonForScript(config)}</script>${after}`;
}
