import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers shorter than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to use for an Accept-Encoding header: br, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses the API's JSON answers and the app's HTML above COMPRESS_MIN_BYTES (a staff list runs to 150 KB) with
 * brotli at a fast quality, else gzip, as the client accepts. The web app's files are compressed
 * at build time instead (scripts/precompress.ts, served by @fastify/static).
 */
export function installJsonCompression(app: FastifyInstance): void {
  // Callback style: most answers are short and pass without a promise (hot reads).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    // JSON, and the app's HTML since it carries a prerendered page (decision 031, about 25 KB).
    if (typeof type !== 'string' || !(type.startsWith('application/json') || type.startsWith('text/html'))) return done(null, payload);
    if (reply.getHeader('content-encoding')) return done(null, payload);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    // Measured without copying: most answers are short and go as they are.
    if ((typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed =
      encoding === 'br'
        ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
        : gzipAsync(bytes, { level: 6 });
    compressed.then((body) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    }, done);
  });
}

function appendVary(current: unknown): string {
  const list = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(list)) return list;
  return list ? `${list}, Accept-Encoding` : 'Accept-Encoding';
}
