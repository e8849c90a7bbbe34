import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, ok } from '../fixtures/loans';
import { confirmWithdrawal, requestWithdrawal, withdrawalCode } from '../fixtures/withdrawals';
import { FAKE_SECRET_KEY, startFakeXendit, type FakeXendit } from '../fixtures/fake-xendit';
import { APPLICATION, apply, createActivatedMember, disburse, newKey, post, signedLoan } from '../fixtures/loans';
import { registerMember, signIn } from './identity-helpers';
import { channelPayments } from '../../src/server/db/schema';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import type { MessageAdapter } from '../../src/server/providers/messages';
import { generateLenderBook, seedBook } from '../fixtures/book';
import { disbursedLoan, pay, topUp } from '../fixtures/repayments';
import { QueryLog } from '../../src/server/db/query-log';
import { checkLedger, ensureSystemAccount } from '../../src/server/ledger';
import { messagesJson, queuedRowsSql, smsAndEmailRows } from '../../src/server/providers/notify';
import { philippineDate } from '../../src/shared/activation/age';

/**
 * Statements every payment sends must not read a whole table: their plans at a few thousand rows,
 * where the planner already prefers a scan it would not at ten. PostgreSQL plans an EXISTS under an
 * OR as a choice between a probe a row and a hashed subplan that reads the whole table; the outbox's
 * verified-address rule took the hash, a scan of every member for every receipt.
 * PLANS_DEBUG=1 prints the plan of each statement that scans (decision 099).
 */
let t: TestApp;
const MEMBERS = 3000;
/** Loans cloned with SQL beside the members: every table a payment touches holds thousands of rows. */
const LOANS = 1200;
let memberId: string;
const log = new QueryLog();
let borrower: { cookie: string; userId: string; phone: string };

const CALLBACK_TOKEN = 'callback-token-of-the-plan-test-0123456789abcdef';
let fake: FakeXendit;

beforeAll(async () => {
  fake = await startFakeXendit();
  t = await createTestApp(
    {},
    { COLLECTION_PROVIDER: 'xendit', XENDIT_API_URL: fake.url, XENDIT_SECRET_KEY: FAKE_SECRET_KEY, XENDIT_CALLBACK_TOKEN: CALLBACK_TOKEN },
    { queryLog: log },
  );
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const { member, loanId } = await disbursedLoan(t, officer, checker);
  const specs = generateLenderBook(7, LOANS, 180); // a lender's book: most paid to date, the rest in arrears with charges owed
  await seedBook(t, { loanId, userId: member.userId }, specs, philippineDate(t.clock.now()), { ledger: true, tag: 'plans' });
  await t.deps.db.execute(sql`
    insert into users (phone, email, full_name, password_hash, employment_country, employment_location, job_title, job_category,
                       monthly_net_income_centavos, email_verified_at)
    select '+6396' || lpad(g::text, 8, '0'), 'plan' || g || '@example.com', 'Plan Member', 'x', 'PH', 'Manila', 'Clerk', 'Office', 100, now()
      from generate_series(1, ${MEMBERS}::int) g`);
  // Every member has a wallet with money moved into it (a balanced top-up from SETTLEMENT_FUNDS, the
  // sums kept), as a lender's members do: the entries spread over thousands of accounts, not over the
  // book's one template wallet, so that the planner's estimates are a lender's.
  await t.deps.db.execute(sql`
    insert into ledger_accounts (code, kind, name, owner_user_id, normal_balance, allow_negative)
    select 'MEMBER_WALLET:' || u.id, 'MEMBER_WALLET', 'Member wallet', u.id, 'CREDIT', false
      from users u where u.role = 'MEMBER' on conflict (code) do nothing`);
  const settlement = await ensureSystemAccount(t.deps.db, 'SETTLEMENT_FUNDS');
  await t.deps.db.execute(sql`
    create temporary table plan_topups as
    select a.id as account_id, gen_random_uuid() as transfer_id from ledger_accounts a where a.kind = 'MEMBER_WALLET' and a.credits_posted = 0`);
  await t.deps.db.execute(sql`
    insert into ledger_transfers (id, idempotency_key, request_hash, type, code, description, created_at)
    select transfer_id, 'plans-top-up:' || account_id, 'plans', 'POSTED', 'TEST_TOP_UP', 'test top-up', now() from plan_topups`);
  await t.deps.db.execute(sql`
    insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
    select transfer_id, ${settlement}::uuid, 'DEBIT', 100000, 'POSTED', now() from plan_topups
    union all select transfer_id, account_id, 'CREDIT', 100000, 'POSTED', now() from plan_topups`);
  await t.deps.db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 100000 where id in (select account_id from plan_topups)`);
  await t.deps.db.execute(
    sql`update ledger_accounts set debits_posted = debits_posted + 100000 * (select count(*) from plan_topups) where id = ${settlement}::uuid`,
  );
  await t.deps.db.execute(sql`drop table plan_topups`);
  // The outbox of a lender that has sent messages for a while: thousands delivered.
  await t.deps.db.execute(sql`
    insert into outbox_messages (channel, recipient, body, status, attempts, sent_at, created_at)
    select 'SMS', '+6395' || lpad(g::text, 8, '0'), 'A delivered message.', 'SENT', 1, now(), now() - make_interval(mins => g)
      from generate_series(1, 5000) g`);
  await t.deps.db.execute(sql`analyze`);
  // The borrower of the flows below: a loan of their own, disbursed after the book (the book's clones
  // all credited the template member's wallet, thousands of entries no member's wallet holds).
  borrower = (await disbursedLoan(t, officer, checker)).member;
  const row = await t.deps.db.execute<{ id: string }>(sql`select id::text from users where email = 'plan7@example.com'`);
  memberId = row.rows[0]!.id;
});
afterAll(async () => {
  // The world's ledger holds every invariant (the top-ups above balance and keep the sums).
  const check = await checkLedger(t.deps.db);
  expect(check.problems).toEqual([]);
  await t.close();
  await fake.close();
});

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly Plans?: readonly PlanNode[];
}

/** The tables read whole by a plan's sequential scans. */
function scannedTables(node: PlanNode, out: Set<string>): Set<string> {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.add(node['Relation Name']);
  for (const child of node.Plans ?? []) scannedTables(child, out);
  return out;
}

/** The driver under drizzle (pg's pool or PGlite): both answer query(text, values). */
function driver(app: TestApp): { query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } {
  return (app.deps.db as unknown as { $client: ReturnType<typeof driver> }).$client;
}

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

/** The tables of a thousand rows or more, once the world is seeded. */
async function largeTables(): Promise<Set<string>> {
  const large = await t.deps.db.execute<{ relname: string }>(
    sql`select relname from pg_class where relkind = 'r' and relnamespace = current_schema()::regnamespace and reltuples >= 1000`,
  );
  return new Set(large.rows.map((r) => r.relname));
}

/** What `act` sends, each statement EXPLAINed: the large tables any of them reads by a sequential scan, with the statement. */
async function scansOf(act: () => Promise<void>): Promise<string[]> {
  const large = await largeTables();
  log.reset();
  await act();
  const statements = log.statements.map((text, i) => ({ text, values: log.parameters[i] ?? [] }));
  expect(statements.length).toBeGreaterThan(0);
  const scans: string[] = [];
  for (const s of statements) {
    if (!/^\s*(select|with|insert|update|delete)/i.test(s.text)) continue;
    // EXPLAIN without ANALYZE plans the statement and runs nothing (an insert or update writes no row).
    const plan = await driver(t).query(`explain (format json) ${s.text}`, s.values);
    const root = (plan.rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
    for (const table of scannedTables(root, new Set())) if (large.has(table)) scans.push(`${table} in: ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (process.env.PLANS_DEBUG && scans.length) {
      const text = await driver(t).query(`explain ${s.text}`, s.values);
      process.stdout.write(`${s.text}\n${text.rows.map((r) => Object.values(r)[0]).join('\n')}\n`);
    }
  }
  return scans;
}

describe('the statements a borrower sends most (each runs thousands of times an hour on a payday)', () => {
  it('the world is large enough to tell: members, lines and entries by the thousand', async () => {
    const large = await largeTables();
    for (const table of ['users', 'loans', 'loan_instalments', 'ledger_accounts', 'ledger_entries', 'ledger_transfers', 'outbox_messages'])
      expect(large).toContain(table);
  });

  it('a wallet payment reads no large table by a sequential scan', async () => {
    await topUp(t, borrower.userId, 5_000_000n);
    const scans = await scansOf(async () => {
      const res = await pay(t, borrower.cookie, '1000.00');
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(scans).toEqual([]);
  });

  it("the borrower's own pages read none either", async () => {
    for (const url of ['/api/wallet', '/api/loans/current', '/api/loans/current/servicing', '/api/member/account', '/api/wallet/transactions']) {
      const scans = await scansOf(async () => {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: borrower.cookie } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      });
      expect(scans, url).toEqual([]);
    }
  });

  it('a withdrawal request and its confirmation read none either', async () => {
    let id = '';
    const requested = await scansOf(async () => {
      id = ok(await requestWithdrawal(t, borrower.cookie, '500.00'), 201).id as string;
    });
    expect(requested).toEqual([]);
    const code = await withdrawalCode(t, borrower.phone);
    const confirmed = await scansOf(async () => {
      ok(await confirmWithdrawal(t, borrower.cookie, id, code));
    });
    expect(confirmed).toEqual([]);
  });

  it('a payment at a 7-Eleven (its reference, then the provider callback that posts it) reads none either', async () => {
    let reference = { id: '', reference: '' };
    const created = await scansOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loans/current/channel-payments',
        payload: { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount: '1000.00' },
        headers: { cookie: borrower.cookie, 'idempotency-key': newKey() },
      });
      expect(res.statusCode, res.body).toBe(201);
      reference = res.json().payment as typeof reference;
    });
    expect(created).toEqual([]);
    const [row] = await t.deps.db
      .select({ pr: channelPayments.providerPaymentId })
      .from(channelPayments)
      .where(sql`${channelPayments.id} = ${reference.id}`);
    Object.assign(fake.paymentRequests.get(row!.pr!)!, { status: 'SUCCEEDED' });
    const confirmed = await scansOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/callbacks/xendit/payments',
        payload: {
          event: 'payment.succeeded',
          data: { payment_request_id: row!.pr!, reference_id: reference.reference, amount: 1000, currency: 'PHP', status: 'SUCCEEDED' },
        },
        headers: { 'x-callback-token': CALLBACK_TOKEN },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('POSTED');
    });
    expect(confirmed).toEqual([]);
  });

  it('a sign-up and a sign-in read none either', async () => {
    let registered = { phone: '', password: '' };
    const signUp = await scansOf(async () => {
      registered = await registerMember(t);
    });
    expect(signUp).toEqual([]);
    const signInScans = await scansOf(async () => {
      const res = await signIn(t, registered.phone, registered.password);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(signInScans).toEqual([]);
  });

  it("a loan application and the officer's review and approval read none either", async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Carla Santos');
    const applicant = await createActivatedMember(t);
    let loanId = '';
    const applied = await scansOf(async () => {
      loanId = ok(await apply(t, applicant.cookie), 201).loan.id as string;
    });
    expect(applied).toEqual([]);
    const reviewed = await scansOf(async () => {
      ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
      ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term }));
    });
    expect(reviewed).toEqual([]);
  });

  it("the delivery worker's pass over the outbox (thousands delivered, a few waiting) reads none either", async () => {
    const sent: string[] = [];
    const adapter: MessageAdapter = {
      name: 'plan-test',
      async deliver(message) {
        sent.push(message.recipient);
        return { providerMessageId: `plan-${sent.length}` };
      },
    };
    const scans = await scansOf(async () => {
      const pass = await deliverDue(t.deps, { SMS: adapter, EMAIL: adapter });
      expect(pass.sent).toBeGreaterThan(0);
    });
    expect(scans).toEqual([]);
  });

  it("an officer's disbursement and a payment recorded by one officer and approved by another read none either", async () => {
    const maker = await createStaff(t, 'OFFICER', 'Officer Dan Lim');
    const checker = await createStaff(t, 'OFFICER', 'Officer Eva Go');
    const { member, loanId } = await signedLoan(t, maker);
    const disbursed = await scansOf(async () => {
      ok(await disburse(t, checker.cookie, loanId));
    });
    expect(disbursed).toEqual([]);
    let paymentId = '';
    // Above the approval threshold: it waits for a second officer.
    const recorded = await scansOf(async () => {
      const body = { amount: '100000.00', channel: 'BANK_TRANSFER', bankReference: 'BDO-PLAN-0001', receivedOn: philippineDate(t.clock.now()) };
      const res = await post(t, maker.cookie, `/api/admin/loans/${loanId}/payments`, body, { 'idempotency-key': newKey() });
      expect(res.statusCode, res.body).toBe(202);
      paymentId = (res.json().receipt as { paymentId: string }).paymentId;
    });
    expect(recorded).toEqual([]);
    const approved = await scansOf(async () => {
      ok(await post(t, checker.cookie, `/api/admin/loans/${loanId}/payments/${paymentId}/approve`));
    });
    expect(approved).toEqual([]);
    expect(member.userId).not.toBe(borrower.userId);
  });
});
