import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One owner for the embedded data directory (PGlite allows one process; a second one would write
 * to its own copy and lose it). Whoever opens the embedded database takes DATA_DIR/tapat.lock:
 * created atomically (link(2) of a fully written temporary file: it fails when the lock exists),
 * holding the owner's pid, what it runs and since when. A lock whose pid no longer runs on this
 * machine is stale (a killed server) and is taken over. Everyone else is refused with
 * DataDirLockedError, whose message names the owner and what to do. Released on close.
 */
export const LOCK_FILE = 'tapat.lock';

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** What the owner runs: "server", "user:create", ... */
  readonly purpose: string;
  readonly command: string;
  readonly since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${owner.purpose === 'server' ? 'a running Tapat server' : `"${owner.purpose}"`} ` +
        `(pid ${owner.pid}${owner.host !== hostname() ? ` on ${owner.host}` : ''}, since ${owner.since}: ${owner.command}). ` +
        'PGlite allows one process at a time: stop that process first (Ctrl-C in its terminal, or kill ' +
        `${owner.pid}), or, for staff accounts while the server runs, use npm run user:create (it reaches the running server). ` +
        `If no such process runs, remove ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Whether the lock file still names this process (GET /readyz). */
  held(): boolean;
  release(): void;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      host: String(parsed.host ?? ''),
      purpose: String(parsed.purpose ?? 'unknown'),
      command: String(parsed.command ?? ''),
      since: String(parsed.since ?? ''),
    };
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(owner: LockOwner | null): boolean {
  // A lock written on another machine (a shared disk) is never judged from here.
  if (!owner) return true;
  return owner.host === hostname() && !processRuns(owner.pid);
}

/** Who holds the lock of this data directory, when a live process does. */
export function lockOwner(dataDir: string): LockOwner | null {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner && !isStale(owner) ? owner : null;
}

/** Takes the lock or throws DataDirLockedError. `now` only stamps the file (no server logic depends on it). */
export function acquireDataDirLock(dataDir: string, purpose: string, now: Date = new Date()): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockOwner = { pid: process.pid, host: hostname(), purpose, command: process.argv.slice(1).join(' ').slice(0, 200), since: now.toISOString() };
  const content = `${JSON.stringify(mine)}\n`;
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(temp, file); // atomic: EEXIST when someone holds the lock
        return makeLock(file, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const raw = safeRead(file);
      const owner = readOwner(file);
      if (owner && !isStale(owner)) throw new DataDirLockedError(dataDir, owner);
      if (raw === null) continue; // released in between: try again
      // Stale: move it aside, and make sure what was moved is the stale file we judged (another
      // process may have taken over in between: then its fresh lock is put back).
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      if (safeRead(aside) !== raw) {
        try {
          linkSync(aside, file);
        } catch {
          // someone else holds it now; the loop reads them
        }
      }
      safeUnlink(aside);
    }
    const owner = readOwner(file);
    if (owner) throw new DataDirLockedError(dataDir, owner);
    throw new Error(`Could not take the lock ${file}: another process keeps taking it.`);
  } finally {
    safeUnlink(temp);
  }
}

function safeRead(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function safeUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function makeLock(file: string, content: string): DataDirLock {
  let released = false;
  return {
    file,
    held: () => !released && safeRead(file) === content,
    release() {
      if (released) return;
      released = true;
      // Only our own lock is removed (never one another process took over after a stale judgement).
      if (safeRead(file) === content) safeUnlink(file);
    },
  };
}
