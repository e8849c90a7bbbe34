import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockOwner } from './data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tapat-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that surely runs no more: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('the DATA_DIR lock', () => {
  it('is taken atomically with the pid, refuses every other opener by name, and is released', () => {
    const lock = acquireDataDirLock(dir, 'server', new Date('2026-11-24T00:00:00Z'));
    const file = path.join(dir, LOCK_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname(), purpose: 'server', since: '2026-11-24T00:00:00.000Z' });
    expect(lock.held()).toBe(true);
    expect(lockOwner(dir)?.pid).toBe(process.pid);
    let refused: unknown;
    try {
      acquireDataDirLock(dir, 'user:create');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toMatch(
      new RegExp(`in use by a running Tapat server \\(pid ${process.pid}[\\s\\S]*stop that process first[\\s\\S]*npm run user:create`),
    );
    lock.release();
    expect(existsSync(file)).toBe(false);
    expect(lock.held()).toBe(false);
    expect(lockOwner(dir)).toBeNull();
    acquireDataDirLock(dir, 'seed').release();
  });

  it('takes over a stale lock (its pid is gone) and an unreadable one', () => {
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: deadPid(), host: hostname(), purpose: 'server', command: 'main.ts', since: '2026-11-23T00:00:00Z' }));
    expect(lockOwner(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    writeFileSync(file, 'not json');
    acquireDataDirLock(dir, 'server').release();
    expect(existsSync(file)).toBe(false);
  });

  it('never removes a lock that is no longer its own, and says so in held()', () => {
    const lock = acquireDataDirLock(dir, 'server');
    const file = path.join(dir, LOCK_FILE);
    const other = JSON.stringify({ pid: process.ppid, host: hostname(), purpose: 'server', command: 'other', since: '' });
    writeFileSync(file, other);
    expect(lock.held()).toBe(false);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(other);
  });

  it('leaves no temporary file behind, taken or refused', () => {
    const lock = acquireDataDirLock(dir, 'server');
    expect(() => acquireDataDirLock(dir, 'ledger:check')).toThrow(DataDirLockedError);
    lock.release();
    expect(spawnSync('ls', ['-A', dir]).stdout.toString().trim()).toBe('');
  });
});
