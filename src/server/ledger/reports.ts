import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../db/schema';
import type { Centavos } from '../../shared/money/money';
import { balanceColumns, balanceOfRow, type AccountBalance, type AccountRow } from './balances';

/** Sums over an account's entries by transfer code (what was withdrawn), alone or beside the balance in one statement. */

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
