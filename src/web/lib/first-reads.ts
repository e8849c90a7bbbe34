import { INLINE_FIRST_READS_ID, type FirstReads } from '../../shared/web-shell';

/**
 * What the server inlined for this page's first render (decision 072): whether the request came
 * without a session cookie, and on the landing page the calculator's currencies and rates. Only when
 * the page was written for this location (not the service worker's saved `/` shown for another
 * path); an unreadable element gives nothing (the API is asked). A fresh copy each call.
 */
export function inlinedFirstReads(): { -readonly [K in keyof FirstReads]: FirstReads[K] } {
  try {
    const root = document.getElementById('root');
    if (root?.dataset.ssrPath !== window.location.pathname) return {};
    const text = document.getElementById(INLINE_FIRST_READS_ID)?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    return value !== null && typeof value === 'object' ? { ...(value as FirstReads) } : {};
  } catch {
    // an unreadable element: the API is asked
    return {};
  }
}
