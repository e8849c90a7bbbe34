/**
 * Links from the company profile (registration check, support chat, social pages) are rendered as
 * <a href> on every page (footer, About, Contact). A `javascript:` or `data:` address there would
 * run in every visitor's session, so only `https:` web addresses are accepted: by the
 * profile schema (ADMIN editing, COMPANY_PROFILE_FILE, stored rows) and again by the pages before
 * they render a link (defence in depth). E-mail addresses are stored as addresses, never as links;
 * the pages build `mailto:` themselves.
 */

export type LinkScheme = 'https' | 'mailto' | 'tel';

// Control characters and whitespace: browsers strip some of them before reading the scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029]/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const PHONE = /^\+?[0-9][0-9-]{3,20}$/;

/** Is `value` an absolute https address with a host and no credentials? */
export function isHttpsUrl(value: string): boolean {
  if (value === '' || CONTROL_OR_SPACE.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' && value.toLowerCase().startsWith('https://');
}

/**
 * The href to render for a configured link, or null when it is not one of the `allowed` schemes
 * (the page then renders no link). `mailto:` and `tel:` take the bare address or number.
 */
export function safeHref(value: string | null | undefined, allowed: readonly LinkScheme[] = ['https']): string | null {
  if (!value) return null;
  if (allowed.includes('https') && isHttpsUrl(value)) return value;
  if (allowed.includes('mailto') && EMAIL.test(value)) return `mailto:${value}`;
  if (allowed.includes('tel') && PHONE.test(value)) return `tel:${value}`;
  return null;
}
