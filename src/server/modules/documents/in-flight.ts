/**
 * How many uploads of one member this process is receiving or decoding at once. An upload body is
 * up to 10 MB, read into memory before the handler runs, and its decode may take a few hundred MB:
 * the hourly limit (counted in the database) does not bound what arrives at the same moment. Checked
 * before the body is read; the slot is released when the response is done or the client goes away.
 * Process memory is right here: it protects this process's memory, nothing else depends on it.
 */
export const UPLOADS_IN_FLIGHT_PER_MEMBER = 3;

export interface InFlightLimiter {
  /** A release function (safe to call more than once), or null when `key` already has `max` in flight. */
  acquire(key: string): (() => void) | null;
  /** How many are in flight for `key`. */
  count(key: string): number;
}

export function inFlightLimiter(max: number): InFlightLimiter {
  const counts = new Map<string, number>();
  return {
    acquire(key) {
      const now = counts.get(key) ?? 0;
      if (now >= max) return null;
      counts.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      };
    },
    count(key) {
      return counts.get(key) ?? 0;
    },
  };
}
