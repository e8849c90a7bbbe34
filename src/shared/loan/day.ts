/** Philippine calendar days (YYYY-MM-DD) for the daily servicing job. */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !Number.isInteger(days)) throw new RangeError(`addDays(${date}, ${days})`);
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}
