/**
 * Dates and times as a person in the Philippines reads them (Asia/Manila), in the reader's
 * language: one home for the web pages (src/web/lib/format.ts), the server's SMS and e-mail, and
 * refusals that name a time (text.ts textDateTime). Pure Intl; imports nothing.
 */

/** The BCP 47 locale of a language for Intl formatting. */
function localeOf(language: string | undefined): string {
  return language === 'fil' ? 'fil-PH' : 'en-PH';
}

function instantOf(at: Date | string): Date | null {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as a short date and time in the Philippines ("Nov 26, 2026, 6:11 PM"); an unreadable string as given. */
export function philippineDateTime(at: Date | string, language: string | undefined): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' }).format(date);
}

/** An instant as a date in the Philippines ("November 26, 2026"); an unreadable string as given. */
export function philippineLongDate(at: Date | string, language: string | undefined): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(date);
}
