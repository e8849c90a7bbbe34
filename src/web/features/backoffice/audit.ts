import type { AuditEntry } from '../../../shared/schemas/audit';

/** The audit log's filters, in the order of the API's query (GET /api/admin/audit). */
export const AUDIT_FILTERS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to'] as const;

export const auditKeys = {
  list: (query: string) => ['admin', 'audit', query] as const,
};

/** The query of a page (GET /api/admin/audit): the non-empty filters, and the cursor of an older page. */
export function auditQuery(filters: Readonly<Record<string, string>>, cursor: string | null): Record<string, string> {
  const q: Record<string, string> = {};
  for (const key of AUDIT_FILTERS) {
    const value = filters[key]?.trim();
    if (value) q[key] = value;
  }
  if (cursor) q.cursor = cursor;
  return q;
}

/** The same query as a query string (the page's cache key). */
export function auditQueryString(filters: Readonly<Record<string, string>>, cursor: string | null): string {
  return new URLSearchParams(auditQuery(filters, cursor)).toString();
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k} ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * An entry's details as label/value lines. A configuration change (before and after) shows each
 * changed field as "before → after"; other actions show their details as recorded.
 */
export function auditDetails(entry: AuditEntry): [string, string][] {
  const d = entry.details;
  if (d.before && d.after && typeof d.before === 'object' && typeof d.after === 'object') {
    const before = d.before as Record<string, unknown>;
    const after = d.after as Record<string, unknown>;
    const changed = Array.isArray(d.changed)
      ? (d.changed as string[])
      : [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return changed.map((field) => [field, `${text(before[field])} → ${text(after[field])}`]);
  }
  const lines: [string, string][] = [];
  // A transition reads "from → to"; the rest as recorded (the loan number is the subject's label).
  if (typeof d.from === 'string' && typeof d.to === 'string') lines.push(['status', `${d.from} → ${d.to}`]);
  for (const [key, value] of Object.entries(d)) {
    if (value === null || value === undefined || key === 'loanNumber' || ((key === 'from' || key === 'to') && lines.length > 0)) continue;
    lines.push([key, text(value)]);
  }
  return lines;
}
