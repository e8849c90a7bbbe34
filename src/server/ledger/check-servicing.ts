import { sql } from 'drizzle-orm';
import { sqlRows as rows } from '../db/rows';
import type { DbOrTx } from '../db/client';

/**
 * Servicing checks beside the per-loan balances of check.ts (docs/decisions/012-servicing.md,
 * collections helper): each posted payment's transfer moves exactly what its allocations say, to
 * the account of each component; a payment waiting for approval has moved nothing; each late
 * charge was booked by its own transfer for its amount, and each waiver reversed exactly what was
 * still owed.
 */
export async function checkServicingTransfers(db: DbOrTx, problems: string[]): Promise<void> {
  const split = await rows<{ id: string; account: string; booked: string; allocated: string }>(
    db,
    sql`with alloc as (
          select a.payment_id,
                 case a.component when 'PRINCIPAL' then 'LOANS_RECEIVABLE' when 'INTEREST' then 'INTEREST_INCOME'
                                  when 'FEES' then 'FEE_INCOME' else 'LATE_CHARGES_RECEIVABLE' end as account,
                 sum(a.amount) as amount
            from loan_payment_allocations a group by 1, 2
        ), legs as (
          -- The payment's credits, plus (decision 066) its re-servicing transfer's credits less its
          -- debits; what that transfer returned to the wallet is checked below. Two joins on the
          -- transfer ids (one join on "this transfer or that one" is a loop over the entries).
          select p.id as payment_id, e.account_id, e.amount, e.transfer_id = p.reallocation_transfer_id as reallocation
            from loan_payments p join ledger_entries e on e.transfer_id = p.transfer_id
           where p.status = 'POSTED' and e.phase = 'POSTED' and (e.direction = 'CREDIT' or e.transfer_id = p.reallocation_transfer_id)
          union all
          select p.id, e.account_id, case when e.direction = 'CREDIT' then e.amount else -e.amount end, true
            from loan_payments p join ledger_entries e on e.transfer_id = p.reallocation_transfer_id
           where p.status = 'POSTED' and e.phase = 'POSTED' and p.reallocation_transfer_id is distinct from p.transfer_id
        ), booked as (
          select l.payment_id, ac.kind as account, sum(l.amount) as amount
            from legs l join ledger_accounts ac on ac.id = l.account_id
           where not (l.reallocation and ac.kind = 'MEMBER_WALLET')
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
    sql`select p.id::text, p.amount::text, coalesce(sum(e.amount), 0)::text as debited
          from loan_payments p
          left join ledger_entries e on e.transfer_id = p.transfer_id and e.direction = 'DEBIT' and e.phase = 'POSTED'
         where p.status = 'POSTED'
         group by p.id, p.amount
        having p.amount <> coalesce(sum(e.amount), 0)`,
  );
  for (const r of debit) problems.push(`payment ${r.id}: amount ${r.amount} but its transfer debits ${r.debited}`);

  // Decision 066: what a re-serviced payment returned to the wallet is what its re-servicing transfer credits the member's wallet.
  const returned = await rows<{ id: string; returned: string; credited: string }>(
    db,
    sql`with credited as (
          select p.id, sum(case when e.direction = 'CREDIT' then e.amount else -e.amount end) as amount
            from loan_payments p
            join ledger_entries e on e.transfer_id = p.reallocation_transfer_id and e.phase = 'POSTED'
            join ledger_accounts a on a.id = e.account_id and a.kind = 'MEMBER_WALLET'
           group by p.id
        )
        select p.id::text, p.returned_to_wallet::text as returned, coalesce(c.amount, 0)::text as credited
          from loan_payments p left join credited c on c.id = p.id
         where p.returned_to_wallet <> coalesce(c.amount, 0)`,
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
    sql`with receivable as (
          select id from ledger_accounts where kind = 'LATE_CHARGES_RECEIVABLE' and owner_user_id is null
        ), booked as (
          select c.id, sum(e.amount) as amount
            from loan_charges c join ledger_entries e on e.transfer_id = c.transfer_id
           where e.phase = 'POSTED' and e.direction = 'DEBIT' and e.account_id in (select id from receivable)
           group by c.id
        ), reversed as (
          select c.id, sum(e.amount) as amount
            from loan_charges c join ledger_entries e on e.transfer_id = c.reduction_transfer_id
           where e.phase = 'POSTED' and e.direction = 'CREDIT' and e.account_id in (select id from receivable)
           group by c.id
        )
        select * from (
          select c.id::text, coalesce(c.reduced_from, c.amount)::text as amount, c.amount::text as now_amount,
                 coalesce(b.amount, 0)::text as booked,
                 (coalesce(c.reduced_from, c.amount) - c.amount)::text as reduced,
                 coalesce(t.code = 'LOAN_LATE_CHARGES', false) as batch,
                 coalesce(r.amount, 0)::text as reversed
            from loan_charges c
            left join booked b on b.id = c.id
            left join reversed r on r.id = c.id
            left join ledger_transfers t on t.id = c.transfer_id) x
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
    sql`with reversed as (
          select c.id, sum(e.amount) as amount
            from loan_charges c
            join ledger_entries e on e.transfer_id = c.waive_transfer_id
            join ledger_accounts a on a.id = e.account_id
           where c.waived_at is not null and e.phase = 'POSTED' and e.direction = 'CREDIT' and a.kind = 'LATE_CHARGES_RECEIVABLE' and a.owner_user_id is null
           group by c.id
        )
        select c.id::text, (c.amount - c.paid)::text as owed, coalesce(r.amount, 0)::text as reversed
          from loan_charges c left join reversed r on r.id = c.id
         where c.waived_at is not null and c.amount - c.paid <> coalesce(r.amount, 0)`,
  );
  for (const r of waivers) problems.push(`late charge ${r.id}: waived with ${r.owed} owed but the waiver reversed ${r.reversed}`);
}
