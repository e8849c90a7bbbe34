import { todayPh } from '../../domain/day';
import { sqlRows as rows } from '../../db/rows';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { loanNumber } from '../../../shared/company/references';
import { bucketOf, dueDateRangeOf, DPD_BUCKETS, type DpdBucket } from '../../../shared/loan/collections';
import { daysBetween } from '../../../shared/loan/dates';
import { toDecimalString } from '../../../shared/money/money';
import type { CollectionsQuery, CollectionsResponse, CollectionsRow } from '../../../shared/schemas/collections';
import type { LoanStatus } from '../../../shared/states/loan';
import { DEFAULT_PRODUCT_CODE } from '../../../shared/loan/product';

/**
 * The collections queue (GET /api/admin/collections): loans being serviced with a line past its due
 * date and still unpaid (more than the arrears tolerance of it, decision 069), most days past due first, computed in the database. The oldest unpaid due
 * date of each loan comes from the partial index loan_instalments_unpaid_due_idx (due_date, loan_id
 * where paid_on is null); a bucket is a range of that date, and the page is a keyset on (oldest due
 * date, loan number), never an offset. Amounts are summed for the page's rows only, and for the
 * whole queue by product (totalsByProduct); `?product=` keeps one product's loans (decision 083).
 */

const SERVICED = sql`('DISBURSED', 'ACTIVE', 'OVERDUE')`;
/** What is left of a line: the schedule's amounts less what was paid and the interest rebated. */
const LINE_LEFT = sql`(i.principal - i.principal_paid) + (i.interest - i.interest_paid - i.interest_rebated) + (i.fees - i.fees_paid - i.fees_rebated)`;

interface QueueRow {
  loan_id: string;
  number: string;
  status: string;
  oldest_due: string;
  full_name: string;
  past_due_lines: string;
  outstanding_lines: string;
  charges: string;
  reminder_at: Date | string | null;
  reminder_template: string | null;
  note_at: Date | string | null;
}

function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

function dateText(v: unknown): string {
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
}

export async function collectionsQueue(deps: AppDeps, query: CollectionsQuery): Promise<CollectionsResponse> {
  const db = deps.db;
  const today = todayPh(deps);
  // A line a few pesos short, within the arrears tolerance (decision 069; servicing.ts isOverdue), is not past due:
  // neither in the queue's choice of loans nor in its past-due amount (the servicing view's figures.ts pastDue).
  const tolerance = deps.config.servicing.arrearsTolerance;
  const range = query.bucket ? dueDateRangeOf(query.bucket, today) : null;
  const productFilter = query.product ? sql`and l.product_code = ${query.product}` : sql``;
  const bucketFilter = range ? sql`and p.oldest_due <= ${range.to}::date ${range.from ? sql`and p.oldest_due >= ${range.from}::date` : sql``}` : sql``;
  let cursorFilter = sql``;
  if (query.cursor) {
    const [due, number] = query.cursor.split('.') as [string, string];
    cursorFilter = sql`and (p.oldest_due, l.number) > (${due}::date, ${number}::bigint)`;
  }
  const found = await rows<QueueRow>(
    db,
    sql`with past as (
          select i.loan_id, min(i.due_date) as oldest_due
            from loan_instalments i
           where i.paid_on is null and i.due_date < ${today}::date and ${LINE_LEFT} > ${tolerance}
           group by i.loan_id
        ), page as (
          select p.loan_id, p.oldest_due, l.number, l.status, l.member_id
            from past p join loans l on l.id = p.loan_id
           where l.status in ${SERVICED} ${productFilter} ${bucketFilter} ${cursorFilter}
           order by p.oldest_due, l.number
           limit ${query.limit + 1}
        )
        select page.loan_id::text, page.number::text, page.status, page.oldest_due::text, u.full_name,
               (select coalesce(sum(${LINE_LEFT}), 0) from loan_instalments i where i.loan_id = page.loan_id and i.due_date < ${today}::date and ${LINE_LEFT} > ${tolerance})::text as past_due_lines,
               (select coalesce(sum(${LINE_LEFT}), 0) from loan_instalments i where i.loan_id = page.loan_id)::text as outstanding_lines,
               (select coalesce(sum(c.amount - c.paid), 0) from loan_charges c where c.loan_id = page.loan_id and c.waived_at is null)::text as charges,
               r.at as reminder_at, r.template as reminder_template,
               (select max(n.created_at) from loan_notes n where n.loan_id = page.loan_id) as note_at
          from page
          join users u on u.id = page.member_id
          left join lateral (
            select coalesce(lr.send_after, lr.created_at) as at, lr.template
              from loan_reminders lr where lr.loan_id = page.loan_id
             order by lr.created_at desc, lr.id desc limit 1
          ) r on true
         order by page.oldest_due, page.number`,
  );
  const more = found.length > query.limit;
  const page = more ? found.slice(0, query.limit) : found;
  const items: CollectionsRow[] = page.map((r) => {
    const oldestDue = dateText(r.oldest_due);
    const days = daysBetween(oldestDue, today);
    const charges = BigInt(r.charges);
    const reminderAt = iso(r.reminder_at);
    const noteAt = iso(r.note_at);
    let lastContact: CollectionsRow['lastContact'] = null;
    if (noteAt && (!reminderAt || noteAt >= reminderAt)) lastContact = { at: noteAt, kind: 'NOTE', template: null };
    else if (reminderAt) lastContact = { at: reminderAt, kind: 'REMINDER', template: r.reminder_template };
    return {
      loanId: r.loan_id,
      loanNumber: loanNumber(deps.config.company.shortName, Number(r.number)),
      memberName: r.full_name,
      status: r.status as LoanStatus,
      oldestDueDate: oldestDue,
      daysPastDue: days,
      bucket: bucketOf(days) ?? 'D1_30',
      pastDue: toDecimalString(BigInt(r.past_due_lines) + charges),
      outstanding: toDecimalString(BigInt(r.outstanding_lines) + charges),
      lastContact,
    };
  });
  const last = page.at(-1);
  return {
    asOf: today,
    items,
    nextCursor: more && last ? `${dateText(last.oldest_due)}.${last.number}` : null,
    counts: await bucketCounts(db, today, tolerance, productFilter),
    product: query.product ?? null,
    byProduct: await totalsByProduct(deps, today, tolerance),
  };
}

/**
 * The whole queue by product (every bucket): loans, what is past due and what is outstanding (lines
 * left plus unpaid late charges, as each row counts them), in one pass over the same index.
 */
async function totalsByProduct(deps: AppDeps, today: string, tolerance: bigint): Promise<CollectionsResponse['byProduct']> {
  const totals = await rows<{ product_code: string; loans: string; past_due: string; outstanding: string }>(
    deps.db,
    sql`with past as (
          select i.loan_id
            from loan_instalments i
           where i.paid_on is null and i.due_date < ${today}::date and ${LINE_LEFT} > ${tolerance}
           group by i.loan_id
        ), amounts as (
          select l.product_code,
                 (select coalesce(sum(${LINE_LEFT}), 0) from loan_instalments i where i.loan_id = p.loan_id and i.due_date < ${today}::date and ${LINE_LEFT} > ${tolerance}) as past_due_lines,
                 (select coalesce(sum(${LINE_LEFT}), 0) from loan_instalments i where i.loan_id = p.loan_id) as outstanding_lines,
                 (select coalesce(sum(c.amount - c.paid), 0) from loan_charges c where c.loan_id = p.loan_id and c.waived_at is null) as charges
            from past p join loans l on l.id = p.loan_id
           where l.status in ${SERVICED}
        )
        select product_code, count(*)::text as loans, sum(past_due_lines + charges)::text as past_due, sum(outstanding_lines + charges)::text as outstanding
          from amounts
         group by product_code
         order by product_code = ${DEFAULT_PRODUCT_CODE} desc, product_code`,
  );
  return totals.map((r) => {
    const p = deps.products.latestOf(r.product_code);
    return {
      code: r.product_code,
      names: p ? { en: p.names.en, fil: p.names.fil } : { en: r.product_code, fil: r.product_code },
      loans: Number(r.loans),
      pastDue: toDecimalString(BigInt(r.past_due)),
      outstanding: toDecimalString(BigInt(r.outstanding)),
    };
  });
}

/** How many loans are in each bucket today: one pass over the same index. */
async function bucketCounts(db: DbOrTx, today: string, tolerance: bigint, productFilter: ReturnType<typeof sql>): Promise<Record<DpdBucket, number>> {
  const counts = await rows<{ days: number | string; n: string }>(
    db,
    sql`with past as (
          select i.loan_id, min(i.due_date) as oldest_due
            from loan_instalments i
           where i.paid_on is null and i.due_date < ${today}::date and ${LINE_LEFT} > ${tolerance}
           group by i.loan_id
        )
        select (${today}::date - p.oldest_due) as days, count(*)::text as n
          from past p join loans l on l.id = p.loan_id
         where l.status in ${SERVICED} ${productFilter}
         group by 1`,
  );
  const result = Object.fromEntries(DPD_BUCKETS.map((b) => [b, 0])) as Record<DpdBucket, number>;
  for (const c of counts) {
    const bucket = bucketOf(Number(c.days));
    if (bucket) result[bucket] += Number(c.n);
  }
  return result;
}
