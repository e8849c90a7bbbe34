import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicing, runServicingPerLoan } from '../../src/server/modules/repayments/daily';
import { loanNumberOf } from '../../src/server/domain/loans/repository';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff } from '../fixtures/loans';
import { disbursedLoan, travelTo } from '../fixtures/repayments';
import { generateBook, seedBook } from '../fixtures/book';

/**
 * The set-based servicing pass (daily-batch.ts, decision 077) against the per-loan pass it
 * replaces, on a generated book: each generated loan twice, one twin serviced by each path, day
 * after day; both must give the same charges (amounts and basis), transitions and their events,
 * run records, reminders and their SMS, and late-charge ledger entries (account, direction, amount).
 * BOOK_SEED=n replays a book; the seed is printed when a comparison fails.
 */
const SEED = Number(process.env.BOOK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LOANS = Number(process.env.BOOK_LOANS ?? 110);
const DAYS = 4;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.deps.db.execute(query)).rows as T[];
}

/** Everything the pass wrote about each loan, in spec order, with the loan's own number and ids taken out. */
async function snapshot(ids: readonly string[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const loans = await rowsOf<{ id: string; number: number; status: string; phone: string }>(
    sql`select l.id::text, l.number::int, l.status, u.phone from loans l join users u on u.id = l.member_id where l.id in (${list})`,
  );
  const charges = await rowsOf<{ loan_id: string; v: string }>(
    sql`select loan_id::text, json_build_array(line_number, kind, business_date, amount::text, basis, waived_at is not null)::text as v
          from loan_charges where loan_id in (${list}) order by loan_id, line_number, business_date, kind`,
  );
  const events = await rowsOf<{ loan_id: string; v: string }>(
    sql`select loan_id::text, json_build_array(from_status, to_status, action, actor_role, data, at)::text as v
          from loan_events where loan_id in (${list}) and actor_role = 'SYSTEM' order by loan_id, seq`,
  );
  const runs = await rowsOf<{ loan_id: string; v: string }>(
    sql`select loan_id::text, json_build_array(business_date, result)::text as v from loan_servicing_runs where loan_id in (${list}) order by loan_id, business_date`,
  );
  const reminders = await rowsOf<{ loan_id: string; v: string }>(
    sql`select loan_id::text, json_build_array(line_number, template, business_date, language, send_after, created_at)::text as v
          from loan_reminders where loan_id in (${list}) order by loan_id, business_date, line_number, template`,
  );
  const sms = await rowsOf<{ recipient: string; body: string; send_after: string | null }>(
    sql`select recipient, body, send_after::text from outbox_messages where recipient in (select u.phone from loans l join users u on u.id = l.member_id where l.id in (${list})) order by recipient, body`,
  );
  const entries = await rowsOf<{ v: string }>(
    sql`select json_build_array(a.code, e.direction, e.amount::text)::text as v
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transfer_id in (select transfer_id from loan_charges where loan_id in (${list}))
           and a.kind in ('LATE_CHARGES_RECEIVABLE', 'PENALTY_INCOME')
         order by 1`,
  );
  const byId = new Map(loans.map((l) => [l.id, l]));
  const group = (rows: { loan_id: string; v: string }[]) => {
    const m = new Map<string, string[]>();
    for (const r of rows) m.set(r.loan_id, [...(m.get(r.loan_id) ?? []), r.v]);
    return m;
  };
  const [c, e, r, rm] = [group(charges), group(events), group(runs), group(reminders)];
  const smsOf = new Map<string, string[]>();
  for (const s of sms) smsOf.set(s.recipient, [...(smsOf.get(s.recipient) ?? []), `${s.body} @${s.send_after}`]);
  return {
    loans: ids.map((id) => {
      const loan = byId.get(id)!;
      const number = loanNumberOf(t.deps, loan.number);
      return {
        status: loan.status,
        charges: c.get(id) ?? [],
        events: e.get(id) ?? [],
        runs: r.get(id) ?? [],
        reminders: rm.get(id) ?? [],
        sms: (smsOf.get(loan.phone) ?? []).map((b) => b.split(number).join('<loan>')),
      };
    }),
    entries: entries.map((x) => x.v),
  };
}

describe('the set-based servicing pass', () => {
  it(`gives what the per-loan pass gives on a generated book, day after day (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const first = '2026-11-23';
    travelTo(t, first);
    const specs = generateBook(SEED, LOANS, { payments: true, charges: true });
    const a = await seedBook(t, { loanId, userId: member.userId }, specs, first, { ledger: false, tag: 'a' });
    const b = await seedBook(t, { loanId, userId: member.userId }, specs, first, { ledger: false, tag: 'b', phoneOffset: LOANS });
    const seen = { charges: 0, reminders: 0, transitions: 0 };
    try {
      for (let d = 0; d < DAYS; d += 1) {
        const day = addDays(first, d);
        travelTo(t, day);
        // One pass in the evening: its reminders wait for 06:00 Manila (quiet hours).
        if (d === 2) t.clock.advance(11 * 3600_000);
        const perLoan = await runServicingPerLoan(t.deps, { loanIds: a });
        const batched = await runServicing(t.deps, { loanIds: b, batchSize: 64 });
        expect(batched).toEqual(perLoan);
        seen.charges += batched.charges;
        seen.reminders += batched.reminders;
        seen.transitions += batched.transitions;
        const [x, y] = [await snapshot(a), await snapshot(b)];
        for (let k = 0; k < specs.length; k += 1) expect({ day, k, spec: specs[k], ...y.loans[k] }).toEqual({ day, k, spec: specs[k], ...x.loans[k] });
        expect(y.entries).toEqual(x.entries);
      }
      // The book exercised every kind of work.
      expect(seen.charges).toBeGreaterThan(0);
      expect(seen.reminders).toBeGreaterThan(0);
      expect(seen.transitions).toBeGreaterThan(0);
      // A pass repeated does nothing.
      expect(await runServicing(t.deps, { loanIds: b })).toEqual({ days: 0, charges: 0, reminders: 0, transitions: 0 });
    } catch (error) {
      console.error(`servicing-batch: book seed ${SEED} (BOOK_SEED=${SEED} to replay)`);
      throw error;
    }
  });
});
