import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts } from '../db/schema';
import type { Centavos } from '../../shared/money/money';
import { memberWalletSpec, SYSTEM_ACCOUNTS, type SystemAccount } from './accounts';

/** Balances of the ledger's accounts: one account's cached sums, a member's wallet, a system account's shards summed. */

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

export type AccountRow = typeof ledgerAccounts.$inferSelect;

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

export function balanceOfRow(row: Pick<AccountRow, keyof typeof balanceColumns>): AccountBalance {
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
