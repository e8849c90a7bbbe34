import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/client';
import { prepared, preparedSql } from '../db/prepared';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../db/schema';
import { AppError } from '../http/errors';
import type { Centavos } from '../../shared/money/money';
import { ERROR_STATUS, type ErrorCode } from '../../shared/schemas/errors';

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

export type Direction = 'DEBIT' | 'CREDIT';
export type NormalBalance = Direction;

export interface AccountSpec {
  readonly code: string;
  readonly kind: string;
  readonly name: string;
  readonly normalBalance: NormalBalance;
  readonly allowNegative: boolean;
  readonly ownerUserId?: string | null;
}

/** The lender's own accounts. A member's wallet is `memberWalletSpec(userId)`. */
export const SYSTEM_ACCOUNTS = {
  /** Principal owed by borrowers (an asset). */
  LOANS_RECEIVABLE: { code: 'LOANS_RECEIVABLE', kind: 'LOANS_RECEIVABLE', name: 'Loans receivable', normalBalance: 'DEBIT', allowNegative: false },
  /** Late charges owed by borrowers, charged by the daily servicing job (an asset; docs/decisions/010). */
  LATE_CHARGES_RECEIVABLE: {
    code: 'LATE_CHARGES_RECEIVABLE',
    kind: 'LATE_CHARGES_RECEIVABLE',
    name: 'Late charges receivable',
    normalBalance: 'DEBIT',
    allowNegative: false,
  },
  /** Money on its way out to or in from disbursement channels. */
  DISBURSEMENT_CLEARING: {
    code: 'DISBURSEMENT_CLEARING',
    kind: 'DISBURSEMENT_CLEARING',
    name: 'Disbursement clearing',
    normalBalance: 'DEBIT',
    allowNegative: true,
  },
  /** Withdrawals sent to a payout provider and not yet settled (a liability to the members). */
  PAYOUT_CLEARING: { code: 'PAYOUT_CLEARING', kind: 'PAYOUT_CLEARING', name: 'Payout clearing', normalBalance: 'CREDIT', allowNegative: false },
  /**
   * Loan payments a collection provider (payment channel) confirmed and owes the lender until it
   * settles them to the lender's bank (an asset; docs/decisions/013-payment-channels.md).
   */
  COLLECTION_CLEARING: {
    code: 'COLLECTION_CLEARING',
    kind: 'COLLECTION_CLEARING',
    name: 'Collection clearing',
    normalBalance: 'DEBIT',
    allowNegative: false,
  },
  /** The lender's funds at its banks and e-wallet providers; funded from outside the ledger. */
  SETTLEMENT_FUNDS: { code: 'SETTLEMENT_FUNDS', kind: 'SETTLEMENT_FUNDS', name: 'Settlement funds', normalBalance: 'DEBIT', allowNegative: true },
  INTEREST_INCOME: { code: 'INTEREST_INCOME', kind: 'INTEREST_INCOME', name: 'Interest income', normalBalance: 'CREDIT', allowNegative: false },
  FEE_INCOME: { code: 'FEE_INCOME', kind: 'FEE_INCOME', name: 'Fee income', normalBalance: 'CREDIT', allowNegative: false },
  PENALTY_INCOME: { code: 'PENALTY_INCOME', kind: 'PENALTY_INCOME', name: 'Penalty income', normalBalance: 'CREDIT', allowNegative: false },
} as const satisfies Record<string, AccountSpec>;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export const MEMBER_WALLET_KIND = 'MEMBER_WALLET';

/** A member's wallet: what the lender owes the member (credit-normal), never negative. */
export function memberWalletSpec(userId: string): AccountSpec {
  return {
    code: `${MEMBER_WALLET_KIND}:${userId}`,
    kind: MEMBER_WALLET_KIND,
    name: 'Member wallet',
    normalBalance: 'CREDIT',
    allowNegative: false,
    ownerUserId: userId,
  };
}

export type LedgerErrorCode =
  'UNBALANCED' | 'INVALID_TRANSFER' | 'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_CONFLICT' | 'NOT_PENDING' | 'ALREADY_RESOLVED' | 'UNKNOWN_ACCOUNT';

/** What the API answers for a refusal of the ledger (its status is the code's, ERROR_STATUS). */
const LEDGER_API_CODE: Record<LedgerErrorCode, ErrorCode> = {
  UNBALANCED: 'INTERNAL',
  INVALID_TRANSFER: 'INTERNAL',
  INSUFFICIENT_FUNDS: 'CONFLICT',
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_KEY_REUSED',
  NOT_PENDING: 'CONFLICT',
  ALREADY_RESOLVED: 'CONFLICT',
  UNKNOWN_ACCOUNT: 'INTERNAL',
};

/**
 * A refusal of the ledger. An AppError, so an unexpected one still answers cleanly: with its API
 * code's catalogue text in the caller's language (a 500 with errors.INTERNAL), never with the
 * ledger's own words, which name accounts and amounts and are for the log (`internalDetail`).
 */
export class LedgerError extends AppError {
  constructor(
    readonly ledgerCode: LedgerErrorCode,
    readonly internalDetail: string,
  ) {
    super(ERROR_STATUS[LEDGER_API_CODE[ledgerCode]], LEDGER_API_CODE[ledgerCode]);
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts

/**
 * The id of the account with this spec, created on first use. One statement: the account by its
 * code, inserted only when absent (an account created by a transaction that committed after this
 * statement began is read again after).
 */
export async function ensureAccount(tx: DbOrTx, spec: AccountSpec): Promise<string> {
  const statement = preparedSql<{ id: string }>(
    tx,
    'ledger_ensure_account',
    () => sql`with
  found as (select id from ledger_accounts where code = ${sql.placeholder('code')}),
  created as (
    insert into ledger_accounts (code, kind, name, normal_balance, allow_negative, owner_user_id)
    select ${sql.placeholder('code')}, ${sql.placeholder('kind')}, ${sql.placeholder('name')}, ${sql.placeholder('normalBalance')},
      ${sql.placeholder('allowNegative')}::boolean, ${sql.placeholder('ownerUserId')}::uuid
    where not exists (select 1 from found)
    on conflict (code) do nothing
    returning id
  )
select id::text as id from found union all select id::text from created`,
  );
  const [row] = await statement.execute({
    code: spec.code,
    kind: spec.kind,
    name: spec.name,
    normalBalance: spec.normalBalance,
    allowNegative: spec.allowNegative,
    ownerUserId: spec.ownerUserId ?? null,
  });
  if (row) return row.id;
  const [again] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code));
  if (!again) throw new LedgerError('UNKNOWN_ACCOUNT', `Account ${spec.code} could not be created`);
  return again.id;
}

// ---------------------------------------------------------------------------------------------
// Shards of the system accounts (docs/decisions/030-system-account-shards.md)
//
// Every withdrawal hold would otherwise lock the one PAYOUT_CLEARING row, and every disbursement
// and repayment the one LOANS_RECEIVABLE, FEE_INCOME, ... row: money moves would queue behind one
// row lock however many connections there are. Each system account is therefore split into shards:
// shard 0 keeps the account's original code (so data written before shards keeps working), shard n
// is `<CODE>:<n>` with the same kind. A loan or withdrawal picks its shard once (a hash of its id,
// stored on its row) and every transfer about it uses that shard, so each shard stays within its
// rules (a payout clearing shard is credited by the hold and debited by the settlement of the same
// withdrawals). Reports and ledger:check sum the shards by kind (systemAccountBalance).

/** Shards per system account when LEDGER_SYSTEM_SHARDS is not set. */
export const DEFAULT_SYSTEM_SHARDS = 8;
/** The most shards a system account may have. */
export const MAX_SYSTEM_SHARDS = 64;

/** The shard (0 to shards - 1) of a loan's or withdrawal's system accounts: a stable hash of its id. */
export function shardOf(id: string, shards: number): number {
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SYSTEM_SHARDS) throw new RangeError(`shards must be 1 to ${MAX_SYSTEM_SHARDS}`);
  if (shards === 1) return 0;
  return createHash('sha256').update(id).digest().readUInt32BE(0) % shards;
}

/** The account spec of one shard of a system account (shard 0: the account's original code). */
export function systemAccountSpec(key: SystemAccount, shard = 0): AccountSpec {
  if (!Number.isInteger(shard) || shard < 0 || shard >= MAX_SYSTEM_SHARDS) throw new RangeError(`shard must be 0 to ${MAX_SYSTEM_SHARDS - 1}`);
  const base = SYSTEM_ACCOUNTS[key];
  return shard === 0 ? base : { ...base, code: `${base.code}:${shard}`, name: `${base.name} (shard ${shard})` };
}

/** The id of a system account's shard (shard 0 when none is given), created on first use. */
export function ensureSystemAccount(tx: DbOrTx, key: SystemAccount, shard = 0): Promise<string> {
  return ensureAccount(tx, systemAccountSpec(key, shard));
}

/**
 * A system account's balance: the sums of all its shards (its accounts of this kind with no owner).
 * `accountId` and `code` name shard 0; `shards` says how many shard accounts exist. Null when none does.
 */
export async function systemAccountBalance(db: DbOrTx, key: SystemAccount): Promise<(AccountBalance & { shards: number }) | null> {
  const base = SYSTEM_ACCOUNTS[key];
  const [row] = await db
    .select({
      shards: sql<number>`count(*)::int`,
      debitsPosted: sql<string>`coalesce(sum(${ledgerAccounts.debitsPosted}), 0)::text`,
      creditsPosted: sql<string>`coalesce(sum(${ledgerAccounts.creditsPosted}), 0)::text`,
      debitsPending: sql<string>`coalesce(sum(${ledgerAccounts.debitsPending}), 0)::text`,
      creditsPending: sql<string>`coalesce(sum(${ledgerAccounts.creditsPending}), 0)::text`,
      shard0: sql<string | null>`min(case when ${ledgerAccounts.code} = ${base.code} then ${ledgerAccounts.id}::text end)`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, base.kind), isNull(ledgerAccounts.ownerUserId)));
  if (!row || Number(row.shards) === 0) return null;
  const summed = balanceOfRow({
    id: row.shard0 ?? '',
    code: base.code,
    normalBalance: base.normalBalance,
    debitsPosted: BigInt(row.debitsPosted),
    creditsPosted: BigInt(row.creditsPosted),
    debitsPending: BigInt(row.debitsPending),
    creditsPending: BigInt(row.creditsPending),
  });
  return { ...summed, shards: Number(row.shards) };
}

export function ensureMemberWallet(tx: DbOrTx, userId: string): Promise<string> {
  return ensureAccount(tx, memberWalletSpec(userId));
}

export interface AccountBalance {
  readonly accountId: string;
  readonly code: string;
  readonly debitsPosted: Centavos;
  readonly creditsPosted: Centavos;
  readonly debitsPending: Centavos;
  readonly creditsPending: Centavos;
  /** The posted balance on the account's normal side. */
  readonly posted: Centavos;
  /** Posted less pending amounts going out (what may be spent). */
  readonly available: Centavos;
}

type AccountRow = typeof ledgerAccounts.$inferSelect;

/** The columns an account's balance is computed from (balanceOfRow): a hot read selects these, not the whole row. */
/** The columns of an account's balance (balanceOfRow); a statement that joins ledger_accounts itself selects these (the wallet summary). */
export const balanceColumns = {
  id: ledgerAccounts.id,
  code: ledgerAccounts.code,
  normalBalance: ledgerAccounts.normalBalance,
  debitsPosted: ledgerAccounts.debitsPosted,
  creditsPosted: ledgerAccounts.creditsPosted,
  debitsPending: ledgerAccounts.debitsPending,
  creditsPending: ledgerAccounts.creditsPending,
};

function balanceOfRow(row: Pick<AccountRow, keyof typeof balanceColumns>): AccountBalance {
  const credit = row.normalBalance === 'CREDIT';
  const posted = credit ? row.creditsPosted - row.debitsPosted : row.debitsPosted - row.creditsPosted;
  const available = posted - (credit ? row.debitsPending : row.creditsPending);
  return {
    accountId: row.id,
    code: row.code,
    debitsPosted: row.debitsPosted,
    creditsPosted: row.creditsPosted,
    debitsPending: row.debitsPending,
    creditsPending: row.creditsPending,
    posted,
    available,
  };
}

/** The cached balance of an account by code; null when the account does not exist yet. */
export async function balanceByCode(db: DbOrTx, code: string): Promise<AccountBalance | null> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row ? balanceOfRow(row) : null;
}

export function memberWalletBalance(db: DbOrTx, userId: string): Promise<AccountBalance | null> {
  return balanceByCode(db, memberWalletSpec(userId).code);
}

// ---------------------------------------------------------------------------------------------
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
    where a.id = d.account_id and exists (select 1 from accepted)
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

export interface AccountMovement {
  /** The transfer id (for a pending transfer, the pending one). */
  readonly transferId: string;
  readonly at: Date;
  readonly code: string;
  readonly reference: string | null;
  readonly description: string;
  readonly direction: Direction;
  readonly amount: Centavos;
  readonly status: 'POSTED' | 'PENDING' | 'VOIDED';
}

/**
 * The movements of an account, newest first: each single-phase transfer once, each pending
 * transfer once with its state (PENDING, POSTED when posted, VOIDED when voided).
 */
export async function accountMovements(db: DbOrTx, accountId: string, limit = 100): Promise<AccountMovement[]> {
  const resolution = alias(ledgerTransfers, 'resolution');
  const rows = await db
    .select({
      transferId: ledgerTransfers.id,
      seq: ledgerTransfers.seq,
      type: ledgerTransfers.type,
      at: ledgerTransfers.createdAt,
      code: ledgerTransfers.code,
      reference: ledgerTransfers.reference,
      description: ledgerTransfers.description,
      direction: ledgerEntries.direction,
      amount: ledgerEntries.amount,
      resolutionType: resolution.type,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(eq(ledgerEntries.accountId, accountId), inArray(ledgerTransfers.type, ['POSTED', 'PENDING'])))
    .orderBy(desc(ledgerTransfers.seq))
    .limit(limit);
  return rows.map((r) => ({
    transferId: r.transferId,
    at: r.at,
    code: r.code,
    reference: r.reference,
    description: r.description,
    direction: r.direction as Direction,
    amount: r.amount,
    status: r.type === 'POSTED' ? 'POSTED' : r.resolutionType === 'POST_PENDING' ? 'POSTED' : r.resolutionType === 'VOID_PENDING' ? 'VOIDED' : 'PENDING',
  }));
}

/**
 * One line of an account's statement, as a bank statement reads: what the line did to the
 * account's available balance at its time.
 *
 * - POSTED: a single-phase transfer (money in or out).
 * - HOLD: a pending transfer; a pending debit lowers the available balance at once. `holdState`
 *   says what became of it: still OPEN, POSTED (the held money left for good, no second line) or
 *   VOIDED (a RELEASE line gives it back).
 * - RELEASE: the void of a pending debit (the held amount is available again), at the void's time.
 * - SETTLE: the posting of a pending credit (it counts only once posted), at the posting's time.
 */
export interface StatementLine {
  /** The transfer whose time the line carries (a RELEASE or SETTLE: the resolving transfer). */
  readonly id: string;
  readonly seq: bigint;
  readonly at: Date;
  /** The business code of the original transfer (LOAN_DISBURSEMENT, WITHDRAWAL, ...). */
  readonly code: string;
  readonly reference: string | null;
  readonly description: string;
  readonly kind: 'POSTED' | 'HOLD' | 'RELEASE' | 'SETTLE';
  /** For a HOLD (and for the line that resolves it): the pending transfer's id and fate. */
  readonly pendingId: string | null;
  readonly holdState: 'OPEN' | 'POSTED' | 'VOIDED' | null;
  readonly direction: Direction;
  readonly amount: Centavos;
  /** The line's effect on the available balance: positive money in, negative money out, 0 none. */
  readonly effect: Centavos;
  /** The available balance just after this line. */
  readonly availableAfter: Centavos;
}

/**
 * The statement of an account, newest first: the newest `limit` lines with a non-zero effect on
 * its available balance, each with the available balance after it (walked back from the cached
 * balance). A pending debit that was later posted stays one line (marked POSTED); one that was
 * voided is followed by its RELEASE line, so a refund reads as money coming back.
 */
export async function accountStatement(db: DbOrTx, accountId: string, limit = 200): Promise<StatementLine[]> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return account ? (await statementOf(db, account, limit, null)).lines : [];
}

/** accountStatement by the account's code; null when the account does not exist yet. */
export async function accountStatementByCode(db: DbOrTx, code: string, limit = 200): Promise<StatementLine[] | null> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return account ? (await statementOf(db, account, limit, null)).lines : null;
}

/** One page of a statement. `nextBefore`: pass as `before` for the next (older) page; null on the last page. */
export interface StatementPage {
  readonly lines: StatementLine[];
  readonly nextBefore: bigint | null;
}

/**
 * A page of the statement of the account with this code, newest first: the lines whose transfer
 * seq is below `before` (all when null). Each line's availableAfter is the same as on one long
 * statement: the cached balance less the effect of every newer line, summed in SQL. Null when the
 * account does not exist yet.
 */
export async function accountStatementPageByCode(db: DbOrTx, code: string, limit: number, before: bigint | null): Promise<StatementPage | null> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return account ? statementOf(db, account, limit, before) : null;
}

/** The sum of the effects on the available balance of an account's statement lines with seq >= from (as statementOf counts them). */
async function effectsSince(db: DbOrTx, account: AccountRow, from: bigint): Promise<Centavos> {
  const normal = account.normalBalance;
  const pending = alias(ledgerTransfers, 'pending');
  const [originals, resolutions] = await Promise.all([
    db
      .select({
        total: sql<string>`coalesce(sum(case
          when ${ledgerTransfers.type} = 'POSTED' then case when ${ledgerEntries.direction} = ${normal} then ${ledgerEntries.amount} else -${ledgerEntries.amount} end
          when ${ledgerEntries.direction} <> ${normal} then -${ledgerEntries.amount}
          else 0 end), 0)`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .where(and(eq(ledgerEntries.accountId, account.id), inArray(ledgerTransfers.type, ['POSTED', 'PENDING']), gte(ledgerTransfers.seq, from))),
    db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerTransfers)
      .innerJoin(pending, eq(ledgerTransfers.pendingId, pending.id))
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, pending.id))
      .where(
        and(
          eq(ledgerEntries.accountId, account.id),
          gte(ledgerTransfers.seq, from),
          sql`((${ledgerTransfers.type} = 'VOID_PENDING' and ${ledgerEntries.direction} <> ${normal}) or (${ledgerTransfers.type} = 'POST_PENDING' and ${ledgerEntries.direction} = ${normal}))`,
        ),
      ),
  ]);
  return BigInt(originals[0]?.total ?? '0') + BigInt(resolutions[0]?.total ?? '0');
}

async function statementOf(db: DbOrTx, account: AccountRow, limit: number, before: bigint | null): Promise<StatementPage> {
  const accountId = account.id;
  const normal = account.normalBalance as Direction;
  const resolution = alias(ledgerTransfers, 'resolution');
  const pending = alias(ledgerTransfers, 'pending');
  const [originals, resolutions] = await Promise.all([
    db
      .select({
        id: ledgerTransfers.id,
        seq: ledgerTransfers.seq,
        type: ledgerTransfers.type,
        at: ledgerTransfers.createdAt,
        code: ledgerTransfers.code,
        reference: ledgerTransfers.reference,
        description: ledgerTransfers.description,
        direction: ledgerEntries.direction,
        amount: ledgerEntries.amount,
        resolutionType: resolution.type,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
      .where(
        and(
          eq(ledgerEntries.accountId, accountId),
          inArray(ledgerTransfers.type, ['POSTED', 'PENDING']),
          before === null ? undefined : lt(ledgerTransfers.seq, before),
        ),
      )
      .orderBy(desc(ledgerTransfers.seq))
      .limit(limit),
    db
      .select({
        id: ledgerTransfers.id,
        seq: ledgerTransfers.seq,
        type: ledgerTransfers.type,
        at: ledgerTransfers.createdAt,
        description: ledgerTransfers.description,
        pendingId: pending.id,
        code: pending.code,
        reference: pending.reference,
        direction: ledgerEntries.direction,
        amount: ledgerEntries.amount,
      })
      .from(ledgerTransfers)
      .innerJoin(pending, eq(ledgerTransfers.pendingId, pending.id))
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, pending.id))
      .where(
        and(
          eq(ledgerEntries.accountId, accountId),
          inArray(ledgerTransfers.type, ['POST_PENDING', 'VOID_PENDING']),
          before === null ? undefined : lt(ledgerTransfers.seq, before),
        ),
      )
      .orderBy(desc(ledgerTransfers.seq))
      .limit(limit),
  ]);
  type Draft = Omit<StatementLine, 'availableAfter'>;
  const drafts: Draft[] = [];
  for (const r of originals) {
    const direction = r.direction as Direction;
    const sign = direction === normal ? 1n : -1n;
    if (r.type === 'POSTED') {
      drafts.push({
        id: r.id,
        seq: r.seq,
        at: r.at,
        code: r.code,
        reference: r.reference,
        description: r.description,
        kind: 'POSTED',
        pendingId: null,
        holdState: null,
        direction,
        amount: r.amount,
        effect: sign * r.amount,
      });
      continue;
    }
    const holdState = r.resolutionType === 'POST_PENDING' ? 'POSTED' : r.resolutionType === 'VOID_PENDING' ? 'VOIDED' : 'OPEN';
    // Pending money going out lowers the available balance at once; pending money coming in only once posted.
    const effect = sign < 0n ? -r.amount : 0n;
    drafts.push({
      id: r.id,
      seq: r.seq,
      at: r.at,
      code: r.code,
      reference: r.reference,
      description: r.description,
      kind: 'HOLD',
      pendingId: r.id,
      holdState,
      direction,
      amount: r.amount,
      effect,
    });
  }
  for (const r of resolutions) {
    const direction = r.direction as Direction;
    const outgoing = direction !== normal;
    const voided = r.type === 'VOID_PENDING';
    // Voiding held money going out gives it back; posting money coming in makes it available.
    const effect = voided && outgoing ? r.amount : !voided && !outgoing ? r.amount : 0n;
    if (effect === 0n) continue;
    drafts.push({
      id: r.id,
      seq: r.seq,
      at: r.at,
      code: r.code,
      reference: r.reference,
      description: r.description,
      kind: voided ? 'RELEASE' : 'SETTLE',
      pendingId: r.pendingId,
      holdState: voided ? 'VOIDED' : 'POSTED',
      direction,
      amount: r.amount,
      effect,
    });
  }
  drafts.sort((a, b) => (a.seq === b.seq ? 0 : a.seq > b.seq ? -1 : 1));
  // Each query read its newest `limit` rows: below the oldest row of a full one, lines may be
  // missing (a row with no effect took a place), so the page stops there and the next starts there.
  const floors = [originals, resolutions].filter((rows) => rows.length === limit).map((rows) => rows.at(-1)!.seq);
  const floor = floors.reduce<bigint | null>((max, seq) => (max === null || seq > max ? seq : max), null);
  const complete = drafts.filter((x) => x.effect !== 0n && (floor === null || x.seq >= floor));
  const page = complete.slice(0, limit);
  let after = balanceOfRow(account).available - (before === null ? 0n : await effectsSince(db, account, before));
  const lines: StatementLine[] = [];
  for (const d of page) {
    lines.push({ ...d, availableAfter: after });
    after -= d.effect;
  }
  const nextBefore = complete.length > limit ? page.at(-1)!.seq : floor;
  return { lines, nextBefore };
}

/** Total debits of an account by transfer code (posted, plus still-pending), e.g. what was withdrawn. */
export async function debitsByCode(db: DbOrTx, accountId: string, code: string): Promise<Centavos> {
  const [row] = await debitsByCodeQuery(db, accountId, code);
  return BigInt(row?.total ?? '0');
}

/** The statement summing an account's debits by transfer code (debitsByCode); `account` may be a column (a correlated subquery). */
function debitsByCodeQuery(db: DbOrTx, account: string | typeof ledgerAccounts.id, code: string | Placeholder) {
  const resolution = alias(ledgerTransfers, 'resolution');
  return db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(
      and(
        eq(ledgerEntries.accountId, account),
        eq(ledgerEntries.direction, 'DEBIT'),
        eq(ledgerTransfers.code, code),
        inArray(ledgerTransfers.type, ['POSTED', 'PENDING']),
        // A voided hold was never withdrawn.
        sql`(${ledgerTransfers.type} = 'POSTED' or ${resolution.type} is null or ${resolution.type} = 'POST_PENDING')`,
      ),
    );
}

/**
 * An account's debits of one transfer code (as debitsByCode), less its posted credits of another
 * code (a split withdrawal's failed transfer returned, docs/decisions/033); '' matches no transfer,
 * so nothing is taken off. Both values may be placeholders (prepared statements) or literals.
 */
function netDebitsSql(db: DbOrTx, transferCode: string | Placeholder, lessCreditsOf: string | Placeholder) {
  return sql<
    string | null
  >`(${debitsByCodeQuery(db, ledgerAccounts.id, transferCode)}) - (select coalesce(sum(ce.amount), 0) from ${ledgerEntries} ce join ${ledgerTransfers} ct on ct.id = ce.transfer_id
            where ce.account_id = ${ledgerAccounts}.id and ce.direction = 'CREDIT' and ct.code = ${lessCreditsOf} and ct.type = 'POSTED')`;
}

/**
 * An account's cached balance by code and its debits by one transfer code (as debitsByCode), in
 * one statement; null when the account does not exist yet. The wallet summary's read.
 */
export async function balanceAndDebitsByCode(
  db: DbOrTx,
  accountCode: string,
  transferCode: string,
  /** Posted credits of this transfer code are taken off the debits (a split withdrawal's failed transfer returned, docs/decisions/033). */
  lessCreditsOf?: string,
): Promise<(AccountBalance & { debits: Centavos }) | null> {
  // Built once per database handle (src/server/db/prepared.ts): the wallet summary runs it on every read.
  const statement = prepared(db, 'ledger_balance_and_debits_by_code', () =>
    db
      .select({ account: balanceColumns, debits: netDebitsSql(db, sql.placeholder('transferCode'), sql.placeholder('lessCreditsOf')) })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, sql.placeholder('accountCode')))
      .prepare('ledger_balance_and_debits_by_code'),
  );
  const [row] = await statement.execute({ accountCode, transferCode, lessCreditsOf: lessCreditsOf ?? '' });
  return balanceAndDebitsOfRow(row ?? null);
}

/**
 * balanceAndDebitsByCode's columns, for a statement that joins ledger_accounts itself: the wallet
 * summary joins the session's member's wallet in its one statement (decision 038). Read the row
 * with balanceAndDebitsOfRow.
 */
export function balanceAndDebitsColumns(db: DbOrTx, transferCode: string, lessCreditsOf = '') {
  return { account: balanceColumns, debits: netDebitsSql(db, transferCode, lessCreditsOf) };
}

/** The balance and debits of a row with balanceAndDebitsColumns; null when the account does not exist (yet). */
export function balanceAndDebitsOfRow(
  row: { account: Pick<AccountRow, keyof typeof balanceColumns> | null; debits: string | null } | null,
): (AccountBalance & { debits: Centavos }) | null {
  return row?.account ? { ...balanceOfRow(row.account), debits: BigInt(row.debits ?? '0') } : null;
}

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
