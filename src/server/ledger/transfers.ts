import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/client';
import { preparedSql } from '../db/prepared';
import { ledgerEntries, ledgerTransfers } from '../db/schema';
import type { Centavos } from '../../shared/money/money';
import { LedgerError, type Direction } from './accounts';
import type { AccountRow } from './balances';

/**
 * The double-entry ledger (DESIGN.md "Data and money", DECISIONS.md invariant 3). The only writer
 * of ledger_accounts, ledger_transfers and ledger_entries.
 *
 * - A transfer is a set of legs whose debits equal its credits. Entries are never updated or
 *   deleted: a pending transfer is resolved by a second transfer (POST_PENDING with the posted
 *   entries, or VOID_PENDING with none).
 * - Each transfer has an idempotency key: the same key with the same request answers the first
 *   transfer; with a different request it is refused.
 * - The accounts a transfer touches are locked (SELECT ... FOR UPDATE, in id order so two
 *   transfers never deadlock) and their cached sums updated in the same transaction as the
 *   entries; an account that may not go negative is refused before any write (and a CHECK
 *   constraint refuses it again in the database).
 * - A pending debit reduces the available balance at once (withdrawals hold funds this way).
 * - All of that is one statement per transfer (transferStatement, docs/decisions/039): claim, lock,
 *   check, sums and entries; a refused transfer writes nothing and leaves no claimed row.
 *
 * Every write takes the caller's transaction (`Tx`), so the business change and its money move
 * commit together.
 */

// Transfers

export interface TransferLeg {
  readonly accountId: string;
  readonly direction: Direction;
  readonly amount: Centavos;
}

export interface TransferRequest {
  readonly idempotencyKey: string;
  /** LOAN_DISBURSEMENT, WITHDRAWAL, ... */
  readonly code: string;
  readonly reference?: string | null;
  readonly description: string;
  readonly legs: readonly TransferLeg[];
  /** A pending transfer holds the funds until postPending or voidPending. */
  readonly pending?: boolean;
  readonly at: Date;
}

export interface TransferResult {
  readonly id: string;
  readonly type: 'POSTED' | 'PENDING' | 'POST_PENDING' | 'VOID_PENDING';
  readonly code: string;
  readonly reference: string | null;
  readonly createdAt: Date;
  /** True when the idempotency key had already been used for this same request. */
  readonly replayed: boolean;
}

/** JSON with sorted keys and bigints as strings: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

function validateLegs(legs: readonly TransferLeg[]): void {
  if (legs.length < 2) throw new LedgerError('INVALID_TRANSFER', 'A transfer needs at least one debit and one credit');
  let debits = 0n;
  let credits = 0n;
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount <= 0n) throw new LedgerError('INVALID_TRANSFER', 'Every leg moves a positive amount');
    if (leg.direction === 'DEBIT') debits += leg.amount;
    else if (leg.direction === 'CREDIT') credits += leg.amount;
    else throw new LedgerError('INVALID_TRANSFER', 'A leg is a debit or a credit');
  }
  if (debits !== credits) throw new LedgerError('UNBALANCED', `Debits ${debits} and credits ${credits} differ`);
}

type TransferRow = typeof ledgerTransfers.$inferSelect;

function resultOf(row: TransferRow, replayed: boolean): TransferResult {
  return { id: row.id, type: row.type as TransferResult['type'], code: row.code, reference: row.reference, createdAt: row.createdAt, replayed };
}

type Sums = Pick<AccountRow, 'debitsPosted' | 'creditsPosted' | 'debitsPending' | 'creditsPending'>;

function emptySums(): Sums {
  return { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };
}

/**
 * A whole transfer in one statement (decision 039), in the order the steps always had:
 *
 * 1. `claim`: the transfer row is inserted, or nothing when its idempotency key (or the pending
 *    transfer it resolves) is taken; a concurrent insert of the same key waits for the other
 *    transaction to end.
 * 2. `locked`: only when the claim inserted, the accounts are locked `FOR UPDATE` in id order (two
 *    transfers never deadlock), which returns their newest committed sums.
 * 3. `verdict`: every account exists, and none that may not go negative would go below zero on its
 *    available balance with the changes applied (as applyToAccounts computes it).
 * 4. `applied` and `entries`: only with that verdict, the sums are moved by the legs' amounts and
 *    the entries written. A refused transfer writes no sum and no entry; the statement answers why,
 *    and writeTransfer removes the claimed row and throws.
 *
 * `existing` is the row holding the key when the claim did not insert, as this statement's snapshot
 * sees it (a key committed by a transaction that ended while the claim waited is read again after).
 * Legs come as JSON (one text parameter whatever their number, so the text never varies).
 */
function transferStatement(db: DbOrTx) {
  return preparedSql<TransferStatementRow>(
    db,
    'ledger_create_transfer',
    () => sql`with
  claim as (
    insert into ledger_transfers (idempotency_key, request_hash, type, pending_id, code, reference, description, created_at)
    values (${sql.placeholder('key')}, ${sql.placeholder('hash')}, ${sql.placeholder('type')}, ${sql.placeholder('pendingId')}::uuid,
      ${sql.placeholder('code')}, ${sql.placeholder('reference')}, ${sql.placeholder('description')}, ${sql.placeholder('at')}::timestamptz)
    on conflict do nothing
    returning id, type, code, reference, created_at
  ),
  legs as (
    select l.account_id, l.direction, l.amount, l.phase, l.entry, l.dp, l.cp, l.dq, l.cq, l.ord
    from jsonb_to_recordset(${sql.placeholder('legs')}::jsonb)
      as l(account_id uuid, direction text, amount bigint, phase text, entry boolean, dp bigint, cp bigint, dq bigint, cq bigint, ord int)
  ),
  deltas as (
    select account_id, sum(dp) as dp, sum(cp) as cp, sum(dq) as dq, sum(cq) as cq from legs group by account_id
  ),
  locked as (
    select a.id, a.code, a.normal_balance, a.allow_negative, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending
    from ledger_accounts a
    where a.id = any (array(select account_id from deltas)) and exists (select 1 from claim)
    order by a.id
    for update
  ),
  after as (
    select l.code, l.normal_balance, l.allow_negative,
      l.debits_posted + d.dp as debits_posted, l.credits_posted + d.cp as credits_posted,
      l.debits_pending + d.dq as debits_pending, l.credits_pending + d.cq as credits_pending
    from locked l join deltas d on d.account_id = l.id
  ),
  verdict as (
    select count(*) = (select count(*) from deltas) as known,
      min(code) filter (where not allow_negative and (case when normal_balance = 'CREDIT'
        then credits_posted - debits_posted - debits_pending else debits_posted - credits_posted - credits_pending end) < 0) as short
    from after
  ),
  accepted as (
    select c.id from claim c, verdict v where v.known and v.short is null
  ),
  applied as (
    update ledger_accounts a
    set debits_posted = a.debits_posted + d.dp, credits_posted = a.credits_posted + d.cp,
      debits_pending = a.debits_pending + d.dq, credits_pending = a.credits_pending + d.cq, updated_at = ${sql.placeholder('at')}::timestamptz
    from deltas d
    -- The ids again as an array (as in locked): the planner takes jsonb_to_recordset for a hundred
    -- legs and, below some tens of thousands of accounts, hashed them against a scan of every account.
    where a.id = any (array(select account_id from deltas)) and a.id = d.account_id and exists (select 1 from accepted)
    returning a.id
  ),
  entries as (
    insert into ledger_entries (transfer_id, account_id, direction, amount, phase, created_at)
    select t.id, l.account_id, l.direction, l.amount, l.phase, ${sql.placeholder('at')}::timestamptz
    from accepted t cross join legs l
    where l.entry
    order by l.ord
    returning id
  ),
  existing as (
    select id, request_hash, type, code, reference, created_at from ledger_transfers
    where idempotency_key = ${sql.placeholder('key')} and not exists (select 1 from claim)
  )
select
  (select id::text from claim) as claimed_id,
  (select floor(extract(epoch from created_at) * 1000)::bigint::text from claim) as claimed_at,
  (select known from verdict) as known,
  (select short from verdict) as short,
  (select count(*)::int from applied) as applied,
  (select count(*)::int from entries) as entries,
  e.id::text as existing_id, e.request_hash as existing_hash, e.type as existing_type, e.code as existing_code,
  e.reference as existing_reference, floor(extract(epoch from e.created_at) * 1000)::bigint::text as existing_at
from (select 1) one left join existing e on true`,
  );
}

interface TransferStatementRow {
  claimed_id: string | null;
  claimed_at: string | null;
  known: boolean | null;
  short: string | null;
  applied: number;
  entries: number;
  existing_id: string | null;
  existing_hash: string | null;
  existing_type: string | null;
  existing_code: string | null;
  existing_reference: string | null;
  existing_at: string | null;
}

/** A leg as the statement takes it: the entry it writes (if any) and its changes to its account's four sums. */
interface StatementLeg {
  readonly accountId: string;
  readonly direction: Direction;
  readonly amount: Centavos;
  readonly phase: 'PENDING' | 'POSTED';
  /** Whether the leg writes an entry (a void writes none: it only releases the held sums). */
  readonly entry: boolean;
  readonly delta: Sums;
}

/**
 * Runs transferStatement: claims the key, and when claimed locks the accounts, checks and writes.
 * A refusal throws as the steps did one by one (UNKNOWN_ACCOUNT, INSUFFICIENT_FUNDS); a key already
 * used answers the first transfer (same request) or IDEMPOTENCY_CONFLICT.
 */
async function writeTransfer(
  tx: Tx,
  values: {
    key: string;
    hash: string;
    type: TransferResult['type'];
    pendingId: string | null;
    code: string;
    reference: string | null;
    description: string;
    at: Date;
  },
  legs: readonly StatementLeg[],
): Promise<TransferResult> {
  const [row] = await transferStatement(tx).execute({
    key: values.key,
    hash: values.hash,
    type: values.type,
    pendingId: values.pendingId,
    code: values.code,
    reference: values.reference,
    description: values.description,
    at: values.at.toISOString(),
    legs: JSON.stringify(
      legs.map((l, ord) => ({
        ord,
        account_id: l.accountId,
        direction: l.direction,
        amount: l.amount.toString(),
        phase: l.phase,
        entry: l.entry,
        dp: l.delta.debitsPosted.toString(),
        cp: l.delta.creditsPosted.toString(),
        dq: l.delta.debitsPending.toString(),
        cq: l.delta.creditsPending.toString(),
      })),
    ),
  });
  if (!row) throw new Error('the transfer statement answered no row');
  if (row.claimed_id === null) {
    const existing =
      row.existing_id !== null
        ? {
            id: row.existing_id,
            requestHash: row.existing_hash!,
            type: row.existing_type!,
            code: row.existing_code!,
            reference: row.existing_reference,
            createdAt: new Date(Number(row.existing_at)),
          }
        : // The key was committed by a transaction that ended while the claim waited: read it now.
          ((await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, values.key)))[0] ?? null);
    if (!existing) {
      // Not the key: the pending transfer was already posted or voided by another key.
      throw new LedgerError('ALREADY_RESOLVED', 'This pending transfer was already posted or voided');
    }
    if (existing.requestHash !== values.hash) {
      throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for a different transfer');
    }
    return resultOf(existing as TransferRow, true);
  }
  if (!row.known || row.short !== null) {
    // Refused: nothing was applied. The claimed row, this transaction's own and never seen by
    // another, goes too, so a caller that catches the refusal and commits leaves no transfer
    // without entries (a concurrent retry of the key then claims it afresh).
    await tx.delete(ledgerTransfers).where(eq(ledgerTransfers.id, row.claimed_id));
    if (!row.known) throw new LedgerError('UNKNOWN_ACCOUNT', 'A transfer names an unknown account');
    throw new LedgerError('INSUFFICIENT_FUNDS', `Account ${row.short} would go below zero`);
  }
  // Accepted: every account's sums moved and every entry written, or the statement did not do what it says (roll back).
  const accounts = new Set(legs.map((l) => l.accountId)).size;
  const entries = legs.filter((l) => l.entry).length;
  if (row.applied !== accounts || row.entries !== entries) {
    throw new Error(`the transfer statement applied ${row.applied} of ${accounts} accounts and ${row.entries} of ${entries} entries`);
  }
  return {
    id: row.claimed_id,
    type: values.type,
    code: values.code,
    reference: values.reference,
    createdAt: new Date(Number(row.claimed_at)),
    replayed: false,
  };
}

/** Records a balanced transfer, posted at once or pending: one statement (writeTransfer). */
export async function createTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  validateLegs(request.legs);
  const pending = request.pending === true;
  const hash = requestHash({
    kind: pending ? 'PENDING' : 'POSTED',
    code: request.code,
    reference: request.reference ?? null,
    legs: request.legs.map((l) => ({ accountId: l.accountId, direction: l.direction, amount: l.amount })),
  });
  return writeTransfer(
    tx,
    {
      key: request.idempotencyKey,
      hash,
      type: pending ? 'PENDING' : 'POSTED',
      pendingId: null,
      code: request.code,
      reference: request.reference ?? null,
      description: request.description,
      at: request.at,
    },
    request.legs.map((l) => {
      const delta = emptySums();
      if (l.direction === 'DEBIT') {
        if (pending) delta.debitsPending = l.amount;
        else delta.debitsPosted = l.amount;
      } else if (pending) delta.creditsPending = l.amount;
      else delta.creditsPosted = l.amount;
      return { accountId: l.accountId, direction: l.direction, amount: l.amount, phase: pending ? 'PENDING' : 'POSTED', entry: true, delta };
    }),
  );
}

/**
 * Resolves a pending transfer: POST moves the held amounts to posted (its entries repeated as
 * POSTED); VOID releases them (no entries). Two statements: the pending transfer with its legs,
 * then writeTransfer (claim, lock, check, write).
 */
async function resolvePending(
  tx: Tx,
  input: { pendingId: string; idempotencyKey: string; description: string; at: Date },
  type: 'POST_PENDING' | 'VOID_PENDING',
): Promise<TransferResult> {
  const rows = await tx
    .select({
      type: ledgerTransfers.type,
      code: ledgerTransfers.code,
      reference: ledgerTransfers.reference,
      accountId: ledgerEntries.accountId,
      direction: ledgerEntries.direction,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransfers)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.transferId, ledgerTransfers.id), eq(ledgerEntries.phase, 'PENDING')))
    .where(eq(ledgerTransfers.id, input.pendingId));
  const pendingRow = rows[0];
  if (!pendingRow || pendingRow.type !== 'PENDING') throw new LedgerError('NOT_PENDING', 'There is no pending transfer with this id');
  const legs: StatementLeg[] = [];
  for (const leg of rows) {
    if (leg.accountId === null || leg.direction === null || leg.amount === null) continue;
    const delta = emptySums();
    if (leg.direction === 'DEBIT') {
      delta.debitsPending = -leg.amount;
      if (type === 'POST_PENDING') delta.debitsPosted = leg.amount;
    } else {
      delta.creditsPending = -leg.amount;
      if (type === 'POST_PENDING') delta.creditsPosted = leg.amount;
    }
    legs.push({ accountId: leg.accountId, direction: leg.direction as Direction, amount: leg.amount, phase: 'POSTED', entry: type === 'POST_PENDING', delta });
  }
  return writeTransfer(
    tx,
    {
      key: input.idempotencyKey,
      hash: requestHash({ kind: type, pendingId: input.pendingId }),
      type,
      pendingId: input.pendingId,
      code: pendingRow.code,
      reference: pendingRow.reference,
      description: input.description,
      at: input.at,
    },
    legs,
  );
}

export function postPending(tx: Tx, input: { pendingId: string; idempotencyKey: string; description: string; at: Date }): Promise<TransferResult> {
  return resolvePending(tx, input, 'POST_PENDING');
}

export function voidPending(tx: Tx, input: { pendingId: string; idempotencyKey: string; description: string; at: Date }): Promise<TransferResult> {
  return resolvePending(tx, input, 'VOID_PENDING');
}

/** Runs `work` in a transaction of its own (for callers that have none). */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The transfer with this id, or null. */
export async function findTransfer(db: DbOrTx, id: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row ?? null;
}

/** Unresolved pending transfers touching an account (for withdrawals). */
export async function openPendingTransfers(db: DbOrTx, accountId: string): Promise<string[]> {
  const resolution = alias(ledgerTransfers, 'resolution');
  const rows = await db
    .selectDistinct({ id: ledgerTransfers.id })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerTransfers.type, 'PENDING'), isNull(resolution.id)));
  return rows.map((r) => r.id);
}
