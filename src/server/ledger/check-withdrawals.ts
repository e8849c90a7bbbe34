import { sql } from 'drizzle-orm';
import { sqlRows as rows } from '../db/rows';
import type { DbOrTx } from '../db/client';

/**
 * Invariant 9: withdrawals sent as several transfers (docs/decisions/033-split-withdrawals.md).
 * Their parts are exactly `part_count` and sum to the withdrawal's amount; what the parts settled
 * (WITHDRAWAL_SETTLEMENT) and returned to the wallet (WITHDRAWAL_RETURN) never exceeds what was
 * held, each equals its paid or failed parts' amounts, and once the withdrawal is PAID,
 * PARTLY_PAID or FAILED, settled + returned = held. Never any fee: nothing else leaves the hold.
 */
export async function checkWithdrawalParts(db: DbOrTx, problems: string[]): Promise<void> {
  const found = await rows<{
    number: string;
    status: string;
    amount: string;
    part_count: number;
    parts: string;
    parts_sum: string;
    paid_sum: string;
    failed_sum: string;
    held: string;
    settled: string;
    returned: string;
  }>(
    db,
    sql`with parts as (
          select withdrawal_id, count(*) as n, sum(amount) as amount,
                 coalesce(sum(amount) filter (where status = 'PAID'), 0) as paid,
                 coalesce(sum(amount) filter (where status = 'FAILED'), 0) as failed
            from withdrawal_parts group by withdrawal_id
        ), split as (
          select w.id, w.number, w.status, w.amount, w.part_count, w.pending_transfer_id
            from withdrawals w left join parts p on p.withdrawal_id = w.id
           where w.part_count > 1 or p.withdrawal_id is not null
        ), held as (
          select s.id, sum(e.amount) as amount
            from split s join ledger_entries e on e.transfer_id = s.pending_transfer_id and e.direction = 'DEBIT'
           group by s.id
        ), moved as (
          select s.id, sum(e.amount) filter (where t.code = 'WITHDRAWAL_SETTLEMENT') as settled,
                 sum(e.amount) filter (where t.code = 'WITHDRAWAL_RETURN') as returned
            from split s
            join ledger_transfers t on t.reference = s.id::text and t.code in ('WITHDRAWAL_SETTLEMENT', 'WITHDRAWAL_RETURN')
            join ledger_entries e on e.transfer_id = t.id and e.direction = 'DEBIT'
           group by s.id
        )
        select s.number::text, s.status, s.amount::text, s.part_count,
               coalesce(p.n, 0)::text as parts, coalesce(p.amount, 0)::text as parts_sum,
               coalesce(p.paid, 0)::text as paid_sum, coalesce(p.failed, 0)::text as failed_sum,
               coalesce(h.amount, 0)::text as held, coalesce(m.settled, 0)::text as settled, coalesce(m.returned, 0)::text as returned
          from split s
          left join parts p on p.withdrawal_id = s.id
          left join held h on h.id = s.id
          left join moved m on m.id = s.id`,
  );
  for (const r of found) {
    const name = `withdrawal ${r.number}`;
    if (Number(r.parts) !== r.part_count) problems.push(`${name}: ${r.parts} parts but part_count ${r.part_count}`);
    if (BigInt(r.parts_sum) !== BigInt(r.amount)) problems.push(`${name}: its parts sum to ${r.parts_sum}, the withdrawal is for ${r.amount}`);
    const held = BigInt(r.held);
    const settled = BigInt(r.settled);
    const returned = BigInt(r.returned);
    if (settled !== BigInt(r.paid_sum)) problems.push(`${name}: settled ${r.settled} but its paid parts sum to ${r.paid_sum}`);
    if (returned !== BigInt(r.failed_sum)) problems.push(`${name}: returned ${r.returned} but its failed parts sum to ${r.failed_sum}`);
    if (settled + returned > held) problems.push(`${name}: settled ${r.settled} + returned ${r.returned} exceed the ${r.held} held`);
    if (['PAID', 'PARTLY_PAID', 'FAILED'].includes(r.status) && settled + returned !== held)
      problems.push(`${name} (${r.status}): settled ${r.settled} + returned ${r.returned} do not equal the ${r.held} held`);
  }
}
