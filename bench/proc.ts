import { readFileSync } from 'node:fs';

/** USER_HZ: /proc reports CPU times in clock ticks of 1/100 s on Linux. */
const TICK_MS = 1000 / 100;

/** A process's (or one thread's) name and CPU times from a /proc stat file, in ms; null when it cannot be read (gone, not Linux). */
export function procStat(file: string): { comm: string; userMs: number; systemMs: number; childrenMs: number } | null {
  let stat: string;
  try {
    stat = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  // After "pid (comm) ": utime, stime, cutime, cstime are fields 14-17 of proc(5), 12-15 here.
  const fields = stat.slice(close + 2).split(' ');
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    userMs: Number(fields[11]) * TICK_MS,
    systemMs: Number(fields[12]) * TICK_MS,
    childrenMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
  };
}
