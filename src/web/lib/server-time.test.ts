import { describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-time';

describe('server time', () => {
  it("follows the server's Date header, not the browser's clock, and ignores sub-second jitter", () => {
    const browser = Date.now();
    // The server's clock is 10 minutes ahead (moved forward in development).
    noteServerDate(new Date(browser + 600_000).toUTCString(), browser);
    expect(Math.abs(serverNow() - (browser + 600_000))).toBeLessThan(1_600);
    const first = serverNow() - Date.now();
    noteServerDate(new Date(browser + 600_900).toUTCString(), browser);
    expect(serverNow() - Date.now()).toBe(first);
    // Moved forward another hour: taken at once.
    noteServerDate(new Date(browser + 4_200_000).toUTCString(), browser);
    expect(Math.abs(serverNow() - (browser + 4_200_000))).toBeLessThan(1_600);
    noteServerDate('not a date');
    noteServerDate(null);
    expect(Math.abs(serverNow() - (Date.now() + 4_200_000))).toBeLessThan(1_600);
  });
});
