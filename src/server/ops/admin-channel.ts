import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { checkLedger } from '../ledger/check';
import { createDemoStaff, createStaffUser, parseUserCreateArgs } from '../staff/create';
import { adminSocketPath } from './admin-client';

/**
 * The embedded server's local admin channel: while the server owns DATA_DIR (no other process may
 * open the embedded database), `npm run user:create` and `npm run ledger:check` reach the server
 * here. HTTP over a Unix socket in DATA_DIR/run: the directory is 0700 and the socket 0600, so only
 * the same user on the same machine can connect, and it listens on no TCP port (it can never be
 * reached from the network, through a proxy or not). Three requests:
 *   POST /staff { args: [...] }   the arguments of user:create, parsed by the same function
 *   POST /staff/demo              the demo staff (refused in production)
 *   GET  /ledger                  the ledger check
 */
export interface AdminChannel {
  readonly socketPath: string;
  close(): Promise<void>;
}

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 16_384) throw new Error('The request is too large.');
  }
  return text ? JSON.parse(text) : {};
}

export async function startAdminChannel(deps: AppDeps, dataDir: string, log: FastifyBaseLogger): Promise<AdminChannel | null> {
  const socketPath = adminSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'the admin channel is off: DATA_DIR is too deep for a Unix socket path; stop the server to run user:create');
    return null;
  }
  const dir = path.dirname(socketPath);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // A socket left by a killed server: we own DATA_DIR (its lock), so it is ours to replace.
  rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const url = req.url ?? '/';
        if (req.method === 'POST' && url === '/staff') {
          const body = (await readJson(req)) as { args?: unknown };
          const args = Array.isArray(body.args) ? body.args.map(String) : [];
          let input;
          try {
            input = parseUserCreateArgs(args);
          } catch (error) {
            return send(res, 400, { error: (error as Error).message });
          }
          try {
            const { id } = await createStaffUser(deps.db, input, deps.clock.now(), 'npm run user:create (admin channel)');
            log.info({ role: input.role, userId: id }, 'staff account created through the admin channel');
            return send(res, 201, { id });
          } catch (error) {
            return send(res, 409, { error: (error as Error).message });
          }
        }
        if (req.method === 'POST' && url === '/staff/demo') {
          if (deps.config.production) return send(res, 403, { error: 'Demo staff are never created in production.' });
          const result = await createDemoStaff(deps.db, deps.clock.now(), 'npm run user:create -- --demo (admin channel)');
          log.info({ created: result.created.length }, 'demo staff created through the admin channel');
          return send(res, 201, result);
        }
        if (req.method === 'GET' && url === '/ledger') {
          const result = await checkLedger(deps.db);
          return send(res, 200, result);
        }
        return send(res, 404, { error: 'Not found.' });
      } catch (error) {
        log.error({ err: error }, 'admin channel request failed');
        if (!res.headersSent) send(res, 500, { error: 'The server could not do it; see its log.' });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
