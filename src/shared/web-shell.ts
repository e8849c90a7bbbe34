/**
 * The id of the JSON script element in which the server inlines the public configuration into the
 * app's HTML (src/server/http/web-shell.ts writes it, src/web/lib/queries.ts reads it).
 */
export const INLINE_CONFIG_ID = 'tapat-config';
