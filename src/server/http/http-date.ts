import type { Clock } from '../clock';

/**
 * The Date header's value from `clock` (an HTTP date has whole seconds): formatted once per
 * second of the clock's time rather than for every answer. The clock is read each time, so a clock
 * moved forward (development, tests) shows at once.
 */
export function httpDateOf(clock: Clock): () => string {
  let second = Number.NaN;
  let text = '';
  return () => {
    const ms = clock.now().getTime();
    const now = Math.floor(ms / 1000);
    if (now !== second) {
      second = now;
      text = new Date(now * 1000).toUTCString();
    }
    return text;
  };
}
