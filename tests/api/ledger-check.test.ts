import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger';
import type { Tx } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../fixtures/app';
import { ledgerProblemsAfter } from '../fixtures/ledger-problems';
import { createStaff, expectLedgerSound, ok } from '../fixtures/loans';
import { pay, relogin, servicing } from '../fixtures/repayments';
import { fundedMember, runJobs, withdrawAndConfirm, type FundedMember } from '../fixtures/withdrawals';

/**
 * ledger:check's set-based queries (docs/decisions/087) find each kind of problem they looked for
 * one row at a time before: each problem is planted in a transaction rolled back after the check,
 * on a small book (a disbursed loan with a payment, a withdrawal held then paid out), and the check
 * must name it in the words it always used.
 */
let t: TestApp;
let member: FundedMember;

const problemsAfter = (tamper: (tx: Tx) => Promise<void>) => ledgerProblemsAfter(t, tamper);

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const res = (await t.deps.db.execute(query)) as unknown as { rows: T[] };
  expect(res.rows.length).toBeGreaterThan(0);
  return res.rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp({}, { PAYOUT_SETTLE_SECONDS: '1' });
  const approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
  const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');
  member = await fundedMember(t, approver, disburser);
  const m = await relogin(t, member);
  const view = ok(await servicing(t, m.cookie));
  ok(await pay(t, m.cookie, view.nextDue.amount), 201);
  await withdrawAndConfirm(t, m, '100.00');
  t.clock.advance(5_000);
  await runJobs(t);
}, 300_000);
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
}, 120_000);

describe('ledger:check finds each kind of problem (decision 087)', () => {
  it('holds on the book as built', async () => {
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('transfers: unbalanced, an amount not positive, an entry of the wrong phase, no entries', async () => {
    const entry = await one<{ id: string; transfer_id: string }>(
      sql`select e.id::text, e.transfer_id::text from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
           where t.code = 'LOAN_REPAYMENT' and e.direction = 'DEBIT' limit 1`,
    );
    const unbalanced = await problemsAfter(async (tx) => void (await tx.execute(sql`update ledger_entries set amount = amount + 1 where id = ${entry.id}`)));
    expect(unbalanced.some((p) => p.startsWith(`transfer ${entry.transfer_id} does not balance (POSTED): debits `))).toBe(true);

    const zero = await problemsAfter(async (tx) => {
      await tx.execute(sql`alter table ledger_entries drop constraint ledger_entries_amount_check`);
      await tx.execute(sql`update ledger_entries set amount = 0 where id = ${entry.id}`);
    });
    expect(zero).toContain(`entry ${entry.id} has an amount that is not positive`);

    const phase = await problemsAfter(
      async (tx) => void (await tx.execute(sql`update ledger_entries set phase = 'PENDING' where transfer_id = ${entry.transfer_id}`)),
    );
    const legs = Number((await one<{ n: string }>(sql`select count(*)::text as n from ledger_entries where transfer_id = ${entry.transfer_id}`)).n);
    expect(phase.filter((p) => p === `transfer ${entry.transfer_id} (POSTED) has a PENDING entry`)).toHaveLength(legs);

    const empty = await problemsAfter(async (tx) => void (await tx.execute(sql`delete from ledger_entries where transfer_id = ${entry.transfer_id}`)));
    expect(empty).toContain(`transfer ${entry.transfer_id} (POSTED) has no entries`);
  });

  it('resolutions: of a transfer not pending, resolved twice, posting other legs than held', async () => {
    const post = await one<{ id: string; pending_id: string }>(
      sql`select id::text, pending_id::text from ledger_transfers where type = 'POST_PENDING' limit 1`,
    );
    const notPending = await problemsAfter(
      async (tx) => void (await tx.execute(sql`update ledger_transfers set type = 'POSTED' where id = ${post.pending_id}`)),
    );
    expect(notPending).toContain(`transfer ${post.id} resolves ${post.pending_id}, which is not a pending transfer (POSTED)`);

    const twice = await problemsAfter(async (tx) => {
      await tx.execute(sql`drop index ledger_transfers_pending_key`);
      await tx.execute(
        sql`insert into ledger_transfers (idempotency_key, request_hash, type, pending_id, code, description, created_at)
            values ('planted-void', 'x', 'VOID_PENDING', ${post.pending_id}, 'WITHDRAWAL', 'planted', now())`,
      );
    });
    expect(twice).toContain(`pending transfer ${post.pending_id} is resolved 2 times`);

    const leg = await one<{ id: string }>(sql`select id::text from ledger_entries where transfer_id = ${post.id} and direction = 'DEBIT' limit 1`);
    const other = await problemsAfter(async (tx) => {
      await tx.execute(sql`update ledger_entries set amount = amount + 1 where id = ${leg.id}`);
      await tx.execute(
        sql`update ledger_entries set amount = amount + 1 where id = (select id from ledger_entries where transfer_id = ${post.id} and direction = 'CREDIT' limit 1)`,
      );
    });
    expect(other).toContain(`transfer ${post.id} does not post exactly the legs it holds`);
  });

  it('accounts: cached sums apart from the entries, pending sums, a forbidden negative', async () => {
    const wallet = await one<{ code: string; credits: string; debits_pending: string }>(
      sql`select code, credits_posted::text as credits, debits_pending::text from ledger_accounts where owner_user_id = ${member.userId}`,
    );
    const cached = await problemsAfter(
      async (tx) =>
        void (await tx.execute(
          sql`update ledger_accounts set credits_posted = credits_posted + 5, debits_pending = debits_pending + 7 where code = ${wallet.code}`,
        )),
    );
    expect(cached).toContain(`account ${wallet.code}: cached credits_posted ${BigInt(wallet.credits) + 5n} but the entries sum to ${wallet.credits}`);
    expect(cached).toContain(
      `account ${wallet.code}: cached debits_pending ${BigInt(wallet.debits_pending) + 7n} but the entries sum to ${wallet.debits_pending}`,
    );

    const negative = await problemsAfter(async (tx) => {
      const [transfer] = (
        await tx.execute<{ id: string }>(
          sql`insert into ledger_transfers (idempotency_key, request_hash, type, code, description, created_at)
              values ('planted-overdraw', 'x', 'POSTED', 'PLANTED', 'planted', now()) returning id::text`,
        )
      ).rows;
      await tx.execute(
        sql`insert into ledger_entries (transfer_id, account_id, direction, amount, phase)
            select ${transfer!.id}::uuid, id, 'DEBIT', 1000000000000, 'POSTED' from ledger_accounts where code = ${wallet.code}
            union all
            select ${transfer!.id}::uuid, id, 'CREDIT', 1000000000000, 'POSTED' from ledger_accounts where code = 'SETTLEMENT_FUNDS'`,
      );
    });
    expect(negative.some((p) => p.startsWith(`account ${wallet.code} may not go negative but its available balance is -`))).toBe(true);
  });

  it('servicing: receivable apart from the schedule, a line paid but not allocated, a payment allocated apart from its amount or its transfer', async () => {
    const loan = await one<{ id: string; number: string }>(sql`select id::text, number::text from loans where disbursement_transfer_id is not null limit 1`);
    const line = await one<{ number: string; principal_paid: string }>(
      sql`select number::text, principal_paid::text from loan_instalments where loan_id = ${loan.id} and principal_paid > 0 order by number limit 1`,
    );
    const paid = await problemsAfter(
      async (tx) =>
        void (await tx.execute(
          sql`update loan_instalments set principal_paid = principal_paid - 1 where loan_id = ${loan.id} and number = ${Number(line.number)}`,
        )),
    );
    expect(paid).toContain(
      `loan ${loan.id} line ${line.number}: PRINCIPAL paid ${BigInt(line.principal_paid) - 1n} but payments allocated ${line.principal_paid}`,
    );
    expect(paid.some((p) => p.startsWith(`loan ${loan.number}: LOANS_RECEIVABLE holds `) && p.endsWith(' is owed'))).toBe(true);

    const payment = await one<{ id: string; amount: string; transfer_id: string }>(
      sql`select id::text, amount::text, transfer_id::text from loan_payments where status = 'POSTED' limit 1`,
    );
    const noTransfer = await problemsAfter(async (tx) => void (await tx.execute(sql`update loan_payments set transfer_id = null where id = ${payment.id}`)));
    expect(noTransfer).toContain(`payment ${payment.id}: amount ${payment.amount}, allocated ${payment.amount}, no ledger transfer`);
    expect(noTransfer).toContain(`payment ${payment.id}: amount ${payment.amount} but its transfer debits 0`);

    const returned = await problemsAfter(async (tx) => void (await tx.execute(sql`update loan_payments set returned_to_wallet = 1 where id = ${payment.id}`)));
    expect(returned).toContain(`payment ${payment.id}: 1 returned to the wallet by re-servicing but its transfer credits 0`);
    expect(returned).toContain(`payment ${payment.id}: amount ${payment.amount}, allocated ${payment.amount}`);
  });

  it('servicing: errors of one payment that cancel across its sums (decision 093 groups by payment and sum)', async () => {
    const payment = await one<{ id: string; amount: string; transfer_id: string }>(
      sql`select id::text, amount::text, transfer_id::text from loan_payments where status = 'POSTED' limit 1`,
    );
    const credit = await one<{ id: string; kind: string; credited: string }>(
      sql`select e.id::text, a.kind, (select sum(x.amount) from ledger_entries x join ledger_accounts y on y.id = x.account_id
                                       where x.transfer_id = e.transfer_id and x.direction = 'CREDIT' and y.kind = a.kind)::text as credited
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
           where e.transfer_id = ${payment.transfer_id} and e.direction = 'CREDIT' order by a.kind limit 1`,
    );
    // A centavo more on both sides: the transfer balances, its debit is one more than the amount, its split one more than allocated.
    const both = await problemsAfter(async (tx) => {
      await tx.execute(sql`update ledger_entries set amount = amount + 1 where id = ${credit.id}`);
      await tx.execute(
        sql`update ledger_entries set amount = amount + 1 where id = (select id from ledger_entries where transfer_id = ${payment.transfer_id} and direction = 'DEBIT' limit 1)`,
      );
    });
    expect(both).toContain(`payment ${payment.id}: amount ${payment.amount} but its transfer debits ${BigInt(payment.amount) + 1n}`);
    expect(both).toContain(
      `payment ${payment.id}: its transfer credits ${credit.kind} ${BigInt(credit.credited) + 1n} but its allocations say ${credit.credited}`,
    );

    // An allocation moved from interest to fees: the payment's allocations still sum to its amount, two accounts disagree.
    const interest = await one<{ id: string; payment_id: string; amount: string }>(
      sql`select a.id::text, a.payment_id::text, a.amount::text from loan_payment_allocations a join loan_payments p on p.id = a.payment_id
           where p.status = 'POSTED' and a.component = 'INTEREST' and a.amount > 0 limit 1`,
    );
    const sums = await one<{ interest: string; fees: string }>(
      sql`select coalesce(sum(amount) filter (where component = 'INTEREST'), 0)::text as interest, coalesce(sum(amount) filter (where component = 'FEES'), 0)::text as fees
            from loan_payment_allocations where payment_id = ${interest.payment_id}`,
    );
    const moved = await problemsAfter(
      async (tx) => void (await tx.execute(sql`update loan_payment_allocations set component = 'FEES' where id = ${interest.id}`)),
    );
    expect(moved).toContain(
      `payment ${interest.payment_id}: its transfer credits INTEREST_INCOME ${sums.interest} but its allocations say ${BigInt(sums.interest) - BigInt(interest.amount)}`,
    );
    expect(moved).toContain(
      `payment ${interest.payment_id}: its transfer credits FEE_INCOME ${sums.fees} but its allocations say ${BigInt(sums.fees) + BigInt(interest.amount)}`,
    );
  });

  it('late charges: booked apart from their amount, allocated apart from their paid, a reduction or a waiver that reversed something else', async () => {
    const loan = await one<{ id: string; number: string; shard: number }>(
      sql`select id::text, number::text, ledger_shard as shard from loans where disbursement_transfer_id is not null limit 1`,
    );
    const plant = async (tx: Tx, set: string): Promise<string> => {
      const [charge] = (
        await tx.execute<{ id: string }>(
          sql`insert into loan_charges (loan_id, line_number, kind, business_date, amount, paid, basis)
              values (${loan.id}, 1, 'COLLECTION', '2026-12-31', 5000, 0, '{}'::jsonb) returning id::text`,
        )
      ).rows;
      await tx.execute(sql.raw(`update loan_charges set ${set} where id = '${charge!.id}'`));
      return charge!.id;
    };
    let id = '';
    const unbooked = await problemsAfter(async (tx) => void (id = await plant(tx, 'paid = 0')));
    expect(unbooked).toContain(`late charge ${id}: amount 5000 but its transfer books 0`);
    expect(unbooked).toContain(`loan ${loan.number}: LATE_CHARGES_RECEIVABLE holds 0 for it but 5000 is owed`);

    const unallocated = await problemsAfter(async (tx) => void (id = await plant(tx, 'paid = 300')));
    expect(unallocated).toContain(`late charge ${id}: paid 300 but payments allocated 0`);

    const reduced = await problemsAfter(
      async (tx) =>
        void (id = await plant(tx, `reduced_from = 5400, reduction_transfer_id = (select disbursement_transfer_id from loans where id = '${loan.id}')`)),
    );
    expect(reduced).toContain(`late charge ${id}: reduced by 400 but its reduction transfer reverses 0`);

    const waived = await problemsAfter(async (tx) => void (id = await plant(tx, `waived_at = now(), waive_reason_code = 'GOODWILL'`)));
    expect(waived).toContain(`late charge ${id}: waived with 5000 owed but the waiver reversed 0`);
  });

  it('withdrawals: parts apart from part_count and the amount', async () => {
    const w = await one<{ number: string; amount: string }>(sql`select number::text, amount::text from withdrawals limit 1`);
    const parts = await problemsAfter(async (tx) => void (await tx.execute(sql`update withdrawals set part_count = 2 where number = ${Number(w.number)}`)));
    expect(parts).toContain(`withdrawal ${w.number}: 0 parts but part_count 2`);
    expect(parts).toContain(`withdrawal ${w.number}: its parts sum to 0, the withdrawal is for ${w.amount}`);
  });
});
