import { useEffect, useState } from 'react';
import { serverNow } from './server-time';

/** The server's current time in milliseconds (src/web/lib/server-time.ts), updated every second while `active`. */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/** "4:05" for 245 000 ms; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
