import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lockOwner } from '../db/data-dir-lock';

/**
 * The local admin channel of the embedded server (admin-channel.ts): HTTP over a Unix socket in
 * DATA_DIR/run (directory 0700, socket 0600). Only a process of the same user on the same machine
 * can reach it; it listens on no TCP port.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'admin.sock');
}

/** The socket is not there or refuses: the server that holds DATA_DIR is starting, stopping, or older than the channel. */
export class AdminChannelClosedError extends Error {}

export interface AdminAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** One request to the running server's admin channel. */
export function callAdminChannel(socketPath: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        socketPath,
        method,
        path: url,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('The running server did not answer on its admin channel within 30 s.')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new AdminChannelClosedError(
              `The running server's admin channel ${socketPath} does not answer (${error.code}): is the server still starting, or was it started by an older Tapat?`,
            )
          : error,
      ),
    );
    if (payload) request.write(payload);
    request.end();
  });
}

/**
 * One request to the server that holds `dataDir`, or null when no server holds it (the caller then
 * opens the database itself). A server whose lock is held but whose channel is closed is starting or
 * stopping (a test run's servers are still exiting when the ledger check follows them, scripts/test.sh):
 * the call is tried again every `everyMs` until the channel answers or the lock is released, for at
 * most `waitMs`, after which the closed channel's error is thrown.
 */
export async function callServerOf(
  dataDir: string,
  method: 'GET' | 'POST',
  url: string,
  options: { readonly body?: unknown; readonly waitMs?: number; readonly everyMs?: number } = {},
): Promise<AdminAnswer | null> {
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    if (lockOwner(dataDir)?.purpose !== 'server') return null;
    try {
      return await callAdminChannel(adminSocketPath(dataDir), method, url, options.body);
    } catch (error) {
      if (!(error instanceof AdminChannelClosedError) || Date.now() >= deadline) throw error;
      await sleep(options.everyMs ?? 250);
    }
  }
}
