/**
 * The id of the JSON script element in which the server inlines the public configuration into the
 * app's HTML (src/server/http/web-shell.ts writes it, src/web/lib/queries.ts reads it).
 */
export const INLINE_CONFIG_ID = 'tapat-config';

/**
 * The id of the JSON script element with what the page's first render would otherwise ask the API
 * for (decision 072): whether the request came without a session cookie (then no session can exist,
 * and the browser does not ask), and on the landing page the currencies and the rate snapshot of its
 * calculator (the answers GET /api/currencies and GET /api/rates give). src/web/lib/queries.ts reads it.
 */
export const INLINE_FIRST_READS_ID = 'tapat-first-reads';

/** What the element holds; a part left out is asked of the API as before. */
export interface FirstReads {
  readonly signedOut?: true;
  readonly currencies?: unknown;
  readonly rates?: unknown;
}

/**
 * The name of the `<meta>` the server writes into a public page rendered for its islands to be
 * hydrated alone (decision 095: src/web/entry-server.tsx writes it, src/web/main.tsx reads it).
 */
export const ISLANDS_META = 'tapat-islands';
