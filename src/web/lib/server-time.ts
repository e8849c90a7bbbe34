/**
 * The server's time, as the browser best knows it. Limits (a code's expiry, the minute before the
 * next code, a hold on withdrawals) are the server's rules and the server's times: every API
 * answer's Date header carries the server's clock (which development and the browser tests may
 * have moved forward, POST /api/dev/clock), and the page counts down by it, not by the browser's
 * own clock, which may be wrong or simply elsewhere.
 */
let skewMs = 0;
let known = false;

/** Jitter of the header's whole seconds is ignored; a real difference (a moved clock) is taken. */
const TOLERANCE_MS = 2_000;

/** Notes a response's Date header (whole seconds: the middle of that second is assumed). */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  const skew = server + 500 - receivedAt;
  if (!known || Math.abs(skew - skewMs) > TOLERANCE_MS) {
    skewMs = skew;
    known = true;
  }
}

/** The server's time now, in milliseconds since the epoch. */
export function serverNow(): number {
  return Date.now() + skewMs;
}
