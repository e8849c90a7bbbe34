import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Servicing checks beside the per-loan balances of check.ts (docs/decisions/012-servicing.md,
 * collections helper): each posted payment's transfer moves exactly what its allocations say, to
 * the account of each component; a payment waiting for approval has moved nothing; each late
 * charge was booked by its own transfer for its amount, and each waiver reversed exactly what was
 * still owed.
 */
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkServicingTransfers(db: DbOrTx, problems: string[]): Promise<void> {
  const split = await rows<{ id: string; account: string; booked: string; allocated: string }>(
    db,
    sql`with alloc as (
          select a.payment_id,
                 case a.component when 'PRINCIPAL' then 'LOANS_RECEIVABLE' when 'INTEREST' then 'INTEREST_INCOME'
                                  when 'FEES' then 'FEE_INCOME' else 'LATE_CHARGES_RECEIVABLE' end as account,
                 sum(a.amount) as amount
            from loan_payment_allocations a group by 1, 2
        ), booked as (
          -- The payment's credits, plus (decision 066) its re-servicing transfer's credits less its
          -- debits; what that transfer returned to the wallet is checked below.
          select p.id as payment_id, ac.kind as account,
                 sum(case when e.transfer_id = p.transfer_id or e.direction = 'CREDIT' then e.amount else -e.amount end) as amount
            from loan_payments p
            join ledger_entries e on e.phase = 'POSTED'
                 and ((e.transfer_id = p.transfer_id and e.direction = 'CREDIT') or e.transfer_id = p.reallocation_transfer_id)
            join ledger_accounts ac on ac.id = e.account_id
           where p.status = 'POSTED' and not (e.transfer_id = p.reallocation_transfer_id and ac.kind = 'MEMBER_WALLET')
           group by 1, 2
        )
        select coalesce(b.payment_id, a.payment_id)::text as id, coalesce(b.account, a.account) as account,
               coalesce(b.amount, 0)::text as booked, coalesce(a.amount, 0)::text as allocated
          from booked b full join alloc a on a.payment_id = b.payment_id and a.account = b.account
         where coalesce(b.amount, 0) <> coalesce(a.amount, 0)`,
  );
  for (const r of split) problems.push(`payment ${r.id}: its transfer credits ${r.account} ${r.booked} but its allocations say ${r.allocated}`);

  const debit = await rows<{ id: string; amount: string; debited: string }>(
    db,
    sql`select p.id::text, p.amount::text,
               coalesce((select sum(e.amount) from ledger_entries e where e.transfer_id = p.transfer_id and e.direction = 'DEBIT' and e.phase = 'POSTED'), 0)::text as debited
          from loan_payments p
         where p.status = 'POSTED'
           and p.amount <> coalesce((select sum(e.amount) from ledger_entries e where e.transfer_id = p.transfer_id and e.direction = 'DEBIT' and e.phase = 'POSTED'), 0)`,
  );
  for (const r of debit) problems.push(`payment ${r.id}: amount ${r.amount} but its transfer debits ${r.debited}`);

  // Decision 066: what a re-serviced payment returned to the wallet is what its re-servicing transfer credits the member's wallet.
  const returned = await rows<{ id: string; returned: string; credited: string }>(
    db,
    sql`select p.id::text, p.returned_to_wallet::text as returned,
               coalesce((select sum(case when e.direction = 'CREDIT' then e.amount else -e.amount end) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                          where e.transfer_id = p.reallocation_transfer_id and e.phase = 'POSTED' and a.kind = 'MEMBER_WALLET'), 0)::text as credited
          from loan_payments p
         where p.returned_to_wallet <> coalesce((select sum(case when e.direction = 'CREDIT' then e.amount else -e.amount end) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                                                 where e.transfer_id = p.reallocation_transfer_id and e.phase = 'POSTED' and a.kind = 'MEMBER_WALLET'), 0)`,
  );
  for (const r of returned) problems.push(`payment ${r.id}: ${r.returned} returned to the wallet by re-servicing but its transfer credits ${r.credited}`);

  const pending = await rows<{ id: string }>(
    db,
    sql`select p.id::text from loan_payments p
         where p.status = 'PENDING_APPROVAL'
           and (p.transfer_id is not null or exists (select 1 from loan_payment_allocations a where a.payment_id = p.id))`,
  );
  for (const r of pending) problems.push(`payment ${r.id} waits for approval but has moved money or been allocated`);

  // A charge reduced by re-servicing (decision 066): its transfer booked reduced_from, its reduction transfer reversed the difference.
  const charges = await rows<{ id: string; amount: string; booked: string; reduced: string; reversed: string; batch: boolean }>(
    db,
    sql`select * from (
          select c.id::text, coalesce(c.reduced_from, c.amount)::text as amount, c.amount::text as now_amount,
                 coalesce((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                            where e.transfer_id = c.transfer_id and e.phase = 'POSTED' and e.direction = 'DEBIT' and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null), 0)::text as booked,
                 (coalesce(c.reduced_from, c.amount) - c.amount)::text as reduced,
                 exists (select 1 from ledger_transfers t where t.id = c.transfer_id and t.code = 'LOAN_LATE_CHARGES') as batch,
                 coalesce((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                            where e.transfer_id = c.reduction_transfer_id and e.phase = 'POSTED' and e.direction = 'CREDIT' and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null), 0)::text as reversed
            from loan_charges c) x
         where (x.amount <> x.booked and not x.batch) or x.reduced <> x.reversed`,
  );
  for (const r of charges) {
    if (!r.batch && r.amount !== r.booked) problems.push(`late charge ${r.id}: amount ${r.amount} but its transfer books ${r.booked}`);
    if (r.reduced !== r.reversed) problems.push(`late charge ${r.id}: reduced by ${r.reduced} but its reduction transfer reverses ${r.reversed}`);
  }

  // A batch of late charges (decision 077): one transfer for the charges of a servicing batch; on
  // each shard of LATE_CHARGES_RECEIVABLE it debits exactly the charges of that shard's loans.
  const batches = await rows<{ id: string; code: string; expected: string; booked: string; charges: string[] | null }>(
    db,
    sql`with expected as (
          select c.transfer_id, case when l.ledger_shard = 0 then 'LATE_CHARGES_RECEIVABLE' else 'LATE_CHARGES_RECEIVABLE:' || l.ledger_shard end as code,
                 sum(coalesce(c.reduced_from, c.amount)) as amount, array_agg(c.id::text order by c.id) as charges
            from loan_charges c join loans l on l.id = c.loan_id join ledger_transfers t on t.id = c.transfer_id
           where t.code = 'LOAN_LATE_CHARGES'
           group by 1, 2
        ), booked as (
          select e.transfer_id, a.code, sum(e.amount) as amount
            from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transfers t on t.id = e.transfer_id
           where t.code = 'LOAN_LATE_CHARGES' and e.phase = 'POSTED' and e.direction = 'DEBIT'
             and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null
           group by 1, 2
        )
        select coalesce(x.transfer_id, b.transfer_id)::text as id, coalesce(x.code, b.code) as code,
               coalesce(x.amount, 0)::text as expected, coalesce(b.amount, 0)::text as booked, x.charges
          from expected x full join booked b on b.transfer_id = x.transfer_id and b.code = x.code
         where coalesce(x.amount, 0) <> coalesce(b.amount, 0)`,
  );
  for (const r of batches) {
    if (r.charges?.length === 1) problems.push(`late charge ${r.charges[0]}: amount ${r.expected} but its transfer books ${r.booked}`);
    else if (r.charges) problems.push(`late charges ${r.charges.join(', ')}: ${r.expected} together but their transfer ${r.id} books ${r.booked} on ${r.code}`);
    else problems.push(`late charges transfer ${r.id}: books ${r.booked} on ${r.code} for no charge of a loan of that shard`);
  }

  const waivers = await rows<{ id: string; owed: string; reversed: string }>(
    db,
    sql`select c.id::text, (c.amount - c.paid)::text as owed,
               coalesce((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                          where e.transfer_id = c.waive_transfer_id and e.phase = 'POSTED' and e.direction = 'CREDIT' and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null), 0)::text as reversed
          from loan_charges c
         where c.waived_at is not null
           and c.amount - c.paid <> coalesce((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                                               where e.transfer_id = c.waive_transfer_id and e.phase = 'POSTED' and e.direction = 'CREDIT' and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null), 0)`,
  );
  for (const r of waivers) problems.push(`late charge ${r.id}: waived with ${r.owed} owed but the waiver reversed ${r.reversed}`);
}
