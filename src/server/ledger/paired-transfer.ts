import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Centavos } from '../../shared/money/money';
import { LedgerError } from './accounts';
import { requestHash } from './transfers';

/**
 * A posted transfer of many pairs of legs (the servicing pass's late charges of a batch: a debit of a
 * receivable and a credit of income a charge; docs/decisions/081-servicing-close-profiled.md), in
 * two steps so that the batch's accounts are locked only at its end:
 *
 * 1. `createPairedTransfer`: the transfer row and its entries (a debit then a credit a pair, in the
 *    pairs' order) in one statement, the legs as arrays (one parameter a column whatever their
 *    number). No account is locked: an entry's foreign key only shares its account's key, which the
 *    sums' update below does not block.
 * 2. `applySums` of the answer, the last write before the caller commits: the accounts locked in id
 *    order (FOR NO KEY UPDATE, two batches never deadlock) and their posted sums moved by the
 *    pairs' totals. An account that may not go negative and would is refused by the database's
 *    CHECK (ledger_accounts_no_forbidden_negative): an error that aborts the caller's transaction,
 *    so its entries never commit without their sums; it is answered as INSUFFICIENT_FUNDS.
 *
 * The entries and sums are those createTransfer writes for the same legs; the transfer is balanced
 * by construction (each pair debits and credits one amount). Its idempotency key must be new (a
 * taken key is a database error, which aborts the transaction too).
 */
export interface TransferPair {
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amount: Centavos;
}

export interface PairedTransferRequest {
  readonly idempotencyKey: string;
  readonly code: string;
  readonly reference: string | null;
  readonly description: string;
  readonly pairs: readonly TransferPair[];
  readonly at: Date;
}

export interface PairedTransfer {
  readonly id: string;
  /** Locks the accounts and moves their sums: call it once, last, in the same transaction. */
  applySums(): Promise<void>;
}

export async function createPairedTransfer(tx: Tx, request: PairedTransferRequest): Promise<PairedTransfer> {
  if (request.pairs.length === 0) throw new LedgerError('INVALID_TRANSFER', 'A transfer needs at least one debit and one credit');
  const accountIndex = new Map<string, number>();
  const indexOf = (id: string) => {
    let n = accountIndex.get(id);
    if (n === undefined) {
      n = accountIndex.size + 1;
      accountIndex.set(id, n);
    }
    return n;
  };
  const amounts: string[] = [];
  const debits: number[] = [];
  const credits: number[] = [];
  const sums = new Map<string, { debits: Centavos; credits: Centavos }>();
  const add = (id: string, side: 'debits' | 'credits', amount: Centavos) => {
    const s = sums.get(id) ?? { debits: 0n, credits: 0n };
    s[side] += amount;
    sums.set(id, s);
  };
  for (const p of request.pairs) {
    if (typeof p.amount !== 'bigint' || p.amount <= 0n) throw new LedgerError('INVALID_TRANSFER', 'Every leg moves a positive amount');
    amounts.push(p.amount.toString());
    debits.push(indexOf(p.debitAccountId));
    credits.push(indexOf(p.creditAccountId));
    add(p.debitAccountId, 'debits', p.amount);
    add(p.creditAccountId, 'credits', p.amount);
  }
  const accounts = [...accountIndex.keys()];
  const hash = requestHash({ kind: 'POSTED_PAIRS', code: request.code, reference: request.reference, accounts, amounts, debits, credits });
  const at = request.at.toISOString();
  const written = await tx.execute<{ id: string; entries: number }>(sql`
    with claim as (
      insert into ledger_transfers (idempotency_key, request_hash, type, code, reference, description, created_at)
      values (${request.idempotencyKey}, ${hash}, 'POSTED', ${request.code}, ${request.reference}, ${request.description}, ${at}::timestamptz)
      returning id
    ),
    accounts as (
      select a.id, a.n from unnest(${sql.param(accounts)}::uuid[]) with ordinality as a(id, n)
    ),
    pairs as (
      select p.amount, p.debit, p.credit, p.n
      from unnest(${sql.param(amounts)}::bigint[], ${sql.param(debits)}::int[], ${sql.param(credits)}::int[]) with ordinality as p(amount, debit, credit, n)
    ),
    entries as (
      insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
      select c.id, a.id, leg.direction, p.amount, 'POSTED', ${at}::timestamptz
      from claim c
      cross join pairs p
      cross join lateral (values (p.debit, 'DEBIT', 0), (p.credit, 'CREDIT', 1)) as leg(account, direction, k)
      join accounts a on a.n = leg.account
      order by p.n, leg.k
      returning 1
    )
    select (select id::text from claim) as id, (select count(*)::int from entries) as entries`);
  const row = written.rows[0];
  if (!row?.id || Number(row.entries) !== request.pairs.length * 2) {
    throw new Error(`the paired transfer wrote ${row?.entries ?? 0} of ${request.pairs.length * 2} entries`);
  }
  const ids = [...sums.keys()].sort();
  let applied = false;
  return {
    id: row.id,
    async applySums() {
      if (applied) throw new Error('the paired transfer was already applied');
      applied = true;
      const locked = await tx.execute<{ id: string }>(
        sql`select id::text from ledger_accounts where id = any(${sql.param(ids)}::uuid[]) order by id for no key update`,
      );
      if (locked.rows.length !== ids.length) throw new LedgerError('UNKNOWN_ACCOUNT', 'A transfer names an unknown account');
      try {
        const updated = await tx.execute(sql`
          update ledger_accounts a
          set debits_posted = a.debits_posted + d.dp, credits_posted = a.credits_posted + d.cp, updated_at = ${at}::timestamptz
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => sums.get(id)!.debits.toString()))}::bigint[],
                      ${sql.param(ids.map((id) => sums.get(id)!.credits.toString()))}::bigint[]) as d(account_id, dp, cp)
          where a.id = d.account_id`);
        if ((updated.rowCount ?? 0) !== ids.length) throw new Error(`the paired transfer moved ${updated.rowCount ?? 0} of ${ids.length} accounts`);
      } catch (error) {
        if (isNegativeRefusal(error)) throw new LedgerError('INSUFFICIENT_FUNDS', 'An account would go below zero');
        throw error;
      }
    },
  };
}

function isNegativeRefusal(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (x.code === '23514' && (x.constraint === 'ledger_accounts_no_forbidden_negative' || x.message?.includes('ledger_accounts_no_forbidden_negative')))
      return true;
  }
  return false;
}
