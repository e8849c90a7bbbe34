import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, type DataDirLock } from '../db/data-dir-lock';
import { AdminChannelClosedError, adminSocketPath, callServerOf } from './admin-client';

describe('callServerOf: the server holding a data directory, waited for while starting or stopping', () => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function dataDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'tapat-admin-client-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  function holdAsServer(dir: string): DataDirLock {
    const lock = acquireDataDirLock(dir, 'server');
    cleanups.push(() => lock.release());
    return lock;
  }

  it('answers null at once when no server holds the directory (the caller opens the database)', async () => {
    const started = Date.now();
    expect(await callServerOf(dataDir(), 'GET', '/ledger', { waitMs: 5_000 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers null once a stopping server releases the lock, without waiting out the deadline', async () => {
    const dir = dataDir();
    const lock = holdAsServer(dir);
    setTimeout(() => lock.release(), 300);
    const started = Date.now();
    expect(await callServerOf(dir, 'GET', '/ledger', { waitMs: 10_000, everyMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gets the answer of a server whose channel opens while it waits', async () => {
    const dir = dataDir();
    holdAsServer(dir);
    mkdirSync(path.join(dir, 'run'), { recursive: true, mode: 0o700 });
    const server = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ url: request.url }));
    });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    setTimeout(() => server.listen(adminSocketPath(dir)), 300);
    expect(await callServerOf(dir, 'GET', '/ledger', { waitMs: 10_000, everyMs: 50 })).toEqual({ status: 200, body: { url: '/ledger' } });
  });

  it('gives up with the closed channel error when the lock stays held and nothing answers', async () => {
    const dir = dataDir();
    holdAsServer(dir);
    const started = Date.now();
    await expect(callServerOf(dir, 'GET', '/ledger', { waitMs: 400, everyMs: 50 })).rejects.toBeInstanceOf(AdminChannelClosedError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
