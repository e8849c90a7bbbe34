import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { messagesJson, queuedRowsSql, smsAndEmailRows } from '../../src/server/providers/notify';

/**
 * Statements every payment sends must not read a whole table: their plans at a few thousand rows,
 * where the planner already prefers a scan it would not at ten. PostgreSQL plans an EXISTS under an
 * OR as a choice between a probe a row and a hashed subplan that reads the whole table; the outbox's
 * verified-address rule took the hash, a scan of every member for every receipt.
 */
let t: TestApp;
const MEMBERS = 3000;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.execute(sql`
    insert into users (phone, email, full_name, password_hash, employment_country, employment_location, job_title, job_category,
                       monthly_net_income_centavos, email_verified_at)
    select '+6398' || lpad(g::text, 8, '0'), 'plan' || g || '@example.com', 'Plan Member', 'x', 'PH', 'Manila', 'Clerk', 'Office', 100, now()
      from generate_series(1, ${MEMBERS}::int) g`);
  await t.deps.db.execute(sql`analyze users`);
  const row = await t.deps.db.execute<{ id: string }>(sql`select id::text from users where email = 'plan7@example.com'`);
  memberId = row.rows[0]!.id;
});
afterAll(async () => t.close());

async function planOf(statement: ReturnType<typeof sql>): Promise<string> {
  const res = await t.deps.db.execute<Record<string, string>>(sql`explain ${statement}`);
  return res.rows.map((r) => Object.values(r)[0]).join('\n');
}

const receipt = (email: string) =>
  smsAndEmailRows(
    { to: '+639180000007', body: 'Payment received.' },
    { to: email, member: memberId, subject: 'Receipt', body: 'Payment received.' },
    { requestId: 'plan-test' },
  );

describe('the outbox statement (every receipt, reminder and notice goes through it)', () => {
  it('probes the member by index, never reading every member', async () => {
    const plan = await planOf(queuedRowsSql(sql`${messagesJson(receipt('plan7@example.com'))}`));
    expect(plan).not.toMatch(/Seq Scan on users/);
    expect(plan).not.toMatch(/hashed SubPlan/);
    expect(plan).toMatch(/Index Scan using \w+ on users/);
  });

  it('still queues the e-mail only to the member verified address', async () => {
    const queued = async (email: string) => (await t.deps.db.execute(queuedRowsSql(sql`${messagesJson(receipt(email))}`))).rows.length;
    expect(await queued('plan7@example.com')).toBe(2);
    expect(await queued('plan8@example.com')).toBe(1); // another member's address: the SMS alone
    expect(await queued('nobody@example.com')).toBe(1);
  });
});
