import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * Erasing a deleted member's personal data from audit details (docs/decisions/029, addendum). The
 * audit rows stay (who did what, when, to which subject); what their details quote of the member
 * goes: every occurrence of one of `needles` (phone, e-mail, name, ID number, ...) inside a string
 * value is replaced by `[deleted]`, and the free-text fields `fields` of the rows about `subjects`
 * (a support reply's text to the member) are replaced whole. Keys, ids, codes and amounts stay.
 */
export const ERASED_TEXT = '[deleted]';

function eraseIn(value: unknown, needles: readonly string[], depth = 0): unknown {
  if (depth > 12) return value;
  if (typeof value === 'string') return needles.reduce((text, needle) => text.split(needle).join(ERASED_TEXT), value);
  if (Array.isArray(value)) return value.map((v) => eraseIn(v, needles, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, eraseIn(v, needles, depth + 1)]));
  }
  return value;
}

export interface AuditErasure {
  /** Texts to cut out wherever they appear in the rows of `within` (at least 3 characters each; shorter ones are ignored). */
  readonly needles: readonly string[];
  /**
   * The subject types whose rows may quote a member (a loan, a withdrawal, a contact message, ...).
   * The needles are the member's own words (a name, a reference's name: any letters), so rows about
   * the lender itself (its staff accounts, company profile, product versions) are never searched:
   * a member named like a staff member or the signatory must not cut them out of those records.
   */
  readonly within: readonly string[];
  /** Rows about these subjects lose the named free-text fields of their details entirely. */
  readonly subjects?: { readonly type: string; readonly ids: readonly string[]; readonly fields: readonly string[] };
}

/** Answers how many audit rows were changed. A full scan of the details (a rare ADMIN action). */
export async function eraseFromAudit(db: DbOrTx, input: AuditErasure): Promise<number> {
  const needles = [...new Set(input.needles.filter((n) => n.trim().length >= 3))].sort((a, b) => b.length - a.length);
  const quoting: SQL[] = needles.map((n) => sql`position(${n} in ${auditLog.details}::text) > 0`);
  const matches: SQL[] = quoting.length > 0 && input.within.length > 0 ? [and(inArray(auditLog.subjectType, [...input.within]), or(...quoting))!] : [];
  const subjects = input.subjects && input.subjects.ids.length > 0 ? input.subjects : null;
  if (subjects) matches.push(and(eq(auditLog.subjectType, subjects.type), inArray(auditLog.subjectId, [...subjects.ids]))!);
  if (matches.length === 0) return 0;
  const rows = await db
    .select({ id: auditLog.id, subjectType: auditLog.subjectType, subjectId: auditLog.subjectId, details: auditLog.details })
    .from(auditLog)
    .where(or(...matches));
  let changed = 0;
  for (const row of rows) {
    let details = row.details as Record<string, unknown>;
    if (subjects && row.subjectType === subjects.type && row.subjectId && subjects.ids.includes(row.subjectId)) {
      details = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, subjects.fields.includes(k) && v !== null ? ERASED_TEXT : v]));
    }
    const erased = input.within.includes(row.subjectType) ? eraseIn(details, needles) : details;
    if (JSON.stringify(erased) === JSON.stringify(row.details)) continue;
    await db
      .update(auditLog)
      .set({ details: erased as Record<string, unknown> })
      .where(eq(auditLog.id, row.id));
    changed += 1;
  }
  return changed;
}
