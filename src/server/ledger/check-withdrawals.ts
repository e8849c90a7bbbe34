import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

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
    sql`select w.number::text, w.status, w.amount::text, w.part_count,
               (select count(*) from withdrawal_parts p where p.withdrawal_id = w.id)::text as parts,
               (select coalesce(sum(p.amount), 0) from withdrawal_parts p where p.withdrawal_id = w.id)::text as parts_sum,
               (select coalesce(sum(p.amount), 0) from withdrawal_parts p where p.withdrawal_id = w.id and p.status = 'PAID')::text as paid_sum,
               (select coalesce(sum(p.amount), 0) from withdrawal_parts p where p.withdrawal_id = w.id and p.status = 'FAILED')::text as failed_sum,
               (select coalesce(sum(e.amount), 0) from ledger_entries e where e.transfer_id = w.pending_transfer_id and e.direction = 'DEBIT')::text as held,
               (select coalesce(sum(e.amount), 0) from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
                 where t.reference = w.id::text and t.code = 'WITHDRAWAL_SETTLEMENT' and e.direction = 'DEBIT')::text as settled,
               (select coalesce(sum(e.amount), 0) from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
                 where t.reference = w.id::text and t.code = 'WITHDRAWAL_RETURN' and e.direction = 'DEBIT')::text as returned
          from withdrawals w
         where w.part_count > 1 or exists (select 1 from withdrawal_parts p where p.withdrawal_id = w.id)`,
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
