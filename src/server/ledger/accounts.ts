import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedSql } from '../db/prepared';
import { ledgerAccounts } from '../db/schema';
import { AppError } from '../http/errors';
import { ERROR_STATUS, type ErrorCode } from '../../shared/schemas/errors';

/**
 * The ledger's accounts: the chart of the lender's own accounts and their shards, a member's wallet,
 * the ledger's refusals, and the accounts created on first use (ensureAccount).
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
async function ensureAccount(tx: DbOrTx, spec: AccountSpec): Promise<string> {
  return (await ensureAccountRow(tx, spec)).id;
}

/**
 * ensureAccount's id, and whether the row it read was written by a transaction already committed
 * (`settled`): not created, updated or inserted by this transaction, so it stays whatever this
 * transaction does (its xmin is not this transaction's id; the code opens no savepoints).
 */
async function ensureAccountRow(tx: DbOrTx, spec: AccountSpec): Promise<{ id: string; settled: boolean }> {
  const statement = preparedSql<{ id: string; settled: boolean }>(
    tx,
    'ledger_ensure_account',
    () => sql`with
  found as (
    select id, xmin::text::bigint is distinct from pg_current_xact_id_if_assigned()::text::bigint % 4294967296 as settled
    from ledger_accounts where code = ${sql.placeholder('code')}
  ),
  created as (
    insert into ledger_accounts (code, kind, name, normal_balance, allow_negative, owner_user_id)
    select ${sql.placeholder('code')}, ${sql.placeholder('kind')}, ${sql.placeholder('name')}, ${sql.placeholder('normalBalance')},
      ${sql.placeholder('allowNegative')}::boolean, ${sql.placeholder('ownerUserId')}::uuid
    where not exists (select 1 from found)
    on conflict (code) do nothing
    returning id
  )
select id::text as id, settled from found union all select id::text, false from created`,
  );
  const [row] = await statement.execute({
    code: spec.code,
    kind: spec.kind,
    name: spec.name,
    normalBalance: spec.normalBalance,
    allowNegative: spec.allowNegative,
    ownerUserId: spec.ownerUserId ?? null,
  });
  if (row) return row;
  const [again] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code));
  if (!again) throw new LedgerError('UNKNOWN_ACCOUNT', `Account ${spec.code} could not be created`);
  return { id: again.id, settled: false };
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

/** The most shards a system account may have. */
const MAX_SYSTEM_SHARDS = 64;

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

/** Each database's system account ids by code (systemAccountId), kept once a committed row was read. */
const systemIds = new WeakMap<object, Map<string, string>>();

/**
 * The id of a system account's shard, kept per database (`database`: the app's handle, deps.db; the
 * statement runs in `tx`) once read from a committed row: an account is never deleted and its id
 * never changes (docs/decisions/089-payday-statements.md), so a payment asks for it once per process
 * instead of once per leg. An account created by the asking transaction, or read after this
 * transaction wrote to it, is not kept (a rollback would take it away); it is asked again next time.
 * A kept id that named no account would still be refused by the transfer (UNKNOWN_ACCOUNT).
 */
export async function systemAccountId(database: object, tx: DbOrTx, key: SystemAccount, shard = 0): Promise<string> {
  const spec = systemAccountSpec(key, shard);
  let ids = systemIds.get(database);
  const kept = ids?.get(spec.code);
  if (kept !== undefined) return kept;
  const row = await ensureAccountRow(tx, spec);
  if (row.settled) {
    if (!ids) {
      ids = new Map();
      systemIds.set(database, ids);
    }
    ids.set(spec.code, row.id);
  }
  return row.id;
}

export function ensureMemberWallet(tx: DbOrTx, userId: string): Promise<string> {
  return ensureAccount(tx, memberWalletSpec(userId));
}
