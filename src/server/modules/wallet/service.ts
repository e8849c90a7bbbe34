import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import { preparedSql, rawRowMapper, rawSelectList } from '../../db/prepared';
import { ledgerAccounts, loans, sessions, users, withdrawals } from '../../db/schema';
import {
  accountStatementPageByCode,
  balanceAndDebitsColumns,
  balanceColumns,
  balanceAndDebitsOfRow,
  MEMBER_WALLET_KIND,
  memberWalletSpec,
  type AccountBalance,
  type StatementLine,
} from '../../ledger';
import { sessionAndVersionsColumns } from '../../sessions/store';
import type { Centavos } from '../../../shared/money/money';
import { toDecimalString } from '../../../shared/money/money';
import { convertFromPhpRoundedUp, inverseRateToTwoDecimals, parseRate } from '../../../shared/money/rate';
import type { WalletLineEntry, WalletSummary, WalletTransaction } from '../../../shared/schemas/loans';
import type { WithdrawalStatus } from '../../../shared/states/withdrawal';
import { en } from '../../../shared/i18n/en';
import { renderIn, translateEn } from '../../../shared/i18n/lookup';
import { LOAN_STATUS_CATALOGUE, loanStatusTexts, OPEN_LOAN_STATUSES, type LoanStatus } from '../../../shared/states/loan';
import { loanNumber, withdrawalReference } from '../../../shared/company/references';

interface WalletTransactions {
  readonly transactions: WalletTransaction[];
  readonly nextCursor: string | null;
}

/**
 * The wallet (specification section 2 "Wallet", section 3 "Wallet details"): the balance from the
 * ledger, the loan's status from the loan catalogue. Reads the loans table (owned by the loans
 * module) and the ledger; writes nothing.
 */

const WITHDRAWAL_CODE = 'WITHDRAWAL';
/** A failed transfer of a withdrawal sent as several, returned to the wallet (docs/decisions/033). */
const WITHDRAWAL_RETURN_CODE = 'WITHDRAWAL_RETURN';

/** The loan's columns the summary shows (walletSummaryOf): a hot read selects these, not the whole row. */
const walletLoanColumns = {
  status: loans.status,
  number: loans.number,
  amount: loans.amount,
  createdAt: loans.createdAt,
  disbursedAt: loans.disbursedAt,
  selectedCurrency: loans.selectedCurrency,
  exchangeRate: loans.exchangeRate,
  ratesAsOf: loans.ratesAsOf,
};
type WalletLoan = { [K in keyof typeof walletLoanColumns]: (typeof loans.$inferSelect)[K] };

/**
 * GET /api/wallet's one statement (decision 038): the session and configuration versions (as the
 * session hook reads them, sessionAndVersionsColumns), the wallet of the session's member with its
 * withdrawals, and that member's loan chosen as walletLoan chooses it. Every part hangs on
 * sessions.user_id of the cookie's session row: no session row, no wallet and no loan. The route
 * checks the session (acceptSessionRow) before it reads the rest. Raw rows mapped here
 * (rawRowMapper, decision 043), not by drizzle's per-row machinery.
 */
function walletSummaryStatement(deps: AppDeps) {
  return preparedSql<Record<string, unknown>>(deps.db, 'wallet_summary_with_session', () => {
    const latest = alias(loans, 'latest');
    const loanOfMember = deps.db
      .select({ id: latest.id })
      .from(latest)
      .where(eq(latest.memberId, sessions.userId))
      .orderBy(desc(sql`(${inArray(latest.status, [...OPEN_LOAN_STATUSES])})`), desc(latest.createdAt), desc(latest.number))
      .limit(1);
    const { account, debits } = balanceAndDebitsColumns(deps.db, WITHDRAWAL_CODE, WITHDRAWAL_RETURN_CODE);
    return sql`select ${rawSelectList(sessionAndVersionsColumns)}, ${rawSelectList(account, 'a_')}, ${debits} as "debits", ${rawSelectList(walletLoanColumns, 'l_')}
from (select 1) as one
left join ${sessions} on ${sessions.id} = ${sql.placeholder('id')}
left join ${users} on ${users.id} = ${sessions.userId}
left join ${ledgerAccounts} on ${ledgerAccounts.code} = ${`${MEMBER_WALLET_KIND}:`} || ${sessions.userId}::text
left join ${loans} on ${loans.id} = (${loanOfMember})
limit 1`;
  });
}
const summarySessionOf = rawRowMapper(sessionAndVersionsColumns);
const summaryAccountOf = rawRowMapper(balanceColumns, 'a_');
const summaryLoanOf = rawRowMapper(walletLoanColumns, 'l_');

export async function walletSummaryRead(deps: AppDeps, key: string) {
  const [row] = await walletSummaryStatement(deps).execute({ id: key });
  if (!row) return { session: undefined, balance: null, loan: null };
  // An outer join that found nothing leaves every column null; the id and the number are never null in a row.
  const account = row.a_id === null ? null : (summaryAccountOf(row) as NonNullable<Parameters<typeof balanceAndDebitsOfRow>[0]>['account']);
  const loan = row.l_number === null ? null : (summaryLoanOf(row) as WalletLoan);
  return { session: summarySessionOf(row), balance: balanceAndDebitsOfRow({ account, debits: row.debits as string | null }), loan };
}

/** The wallet summary's answer from its reads. */
export function walletSummaryOf(deps: AppDeps, balance: (AccountBalance & { debits: Centavos }) | null, loan: WalletLoan | null): WalletSummary {
  const withdrawn = balance?.debits ?? 0n;
  const available = balance?.available ?? 0n;
  const entry = loan ? LOAN_STATUS_CATALOGUE[loan.status as LoanStatus] : null;
  const texts = loan ? loanStatusTexts(loan.status as LoanStatus, deps.config.company) : null;
  const rate = loan ? parseRate(loan.exchangeRate) : null;
  return {
    active: balance !== null,
    currency: 'PHP',
    wallet: toDecimalString(available),
    postedBalance: toDecimalString(balance?.posted ?? 0n),
    pendingDebits: toDecimalString(balance?.debitsPending ?? 0n),
    loanAmount: toDecimalString(loan?.amount ?? 0n),
    withdrawnAmount: toDecimalString(withdrawn),
    limit: toDecimalString(withdrawn + available),
    canWithdraw: available > 0n,
    hasLoan: loan !== null,
    status: (loan?.status as LoanStatus | undefined) ?? null,
    statusMessage: texts ? renderIn('en', texts.message) : null,
    statusTexts: texts,
    statusColor: entry?.colour ?? null,
    statusIcon: entry?.icon ?? null,
    statementShow: texts?.statement != null,
    statement: texts?.statement ? renderIn('en', texts.statement) : null,
    statementMessage: texts?.statementMessage ? renderIn('en', texts.statementMessage) : null,
    loanNumber: loan ? loanNumber(deps.config.company.shortName, loan.number) : null,
    createdAt: loan?.createdAt.toISOString() ?? null,
    disbursedAt: loan?.disbursedAt?.toISOString() ?? null,
    selectedCurrency: loan?.selectedCurrency ?? 'PHP',
    exchangeRate: loan?.exchangeRate ?? '1',
    displayRate: rate ? inverseRateToTwoDecimals(rate) : '1.00',
    ratesAsOf: loan?.ratesAsOf ?? null,
    loanAmountXR: toDecimalString(loan && rate ? convertFromPhpRoundedUp(loan.amount, rate) : 0n),
    loanAmountPHP: toDecimalString(loan?.amount ?? 0n),
    creditPoweredBy: deps.config.company.companyName,
  };
}

/** The i18n key of a statement line's text (values: `reference`). */
function labelKeyOf(line: StatementLine, withdrawalStatus: WithdrawalStatus | null): string {
  if (line.code === 'LOAN_DISBURSEMENT') return 'loans.wallet.line.disbursed';
  if (line.code === WITHDRAWAL_RETURN_CODE) return 'loans.wallet.line.partReturned';
  if (line.code === WITHDRAWAL_CODE) {
    if (line.kind === 'RELEASE') {
      const status = withdrawalStatus && withdrawalStatus in en.loans.wallet.line.returned ? withdrawalStatus : 'FAILED';
      return `loans.wallet.line.returned.${status}`;
    }
    if (line.holdState !== 'POSTED') return 'loans.wallet.line.held';
    // A split withdrawal's hold is posted at its confirmation (docs/decisions/033): what it reads
    // comes from the withdrawal's status, not from the posting. Paid only once its transfers are.
    if (withdrawalStatus === 'PROCESSING') return 'loans.wallet.line.sent';
    if (withdrawalStatus === 'PARTLY_PAID') return 'loans.wallet.line.paidPartly';
    if (withdrawalStatus === 'FAILED') return 'loans.wallet.line.sentReturned';
    return 'loans.wallet.line.paid';
  }
  return 'loans.wallet.line.other';
}

/**
 * What the line did to the available balance (see WALLET_LINE_ENTRIES). A posted withdrawal hold is
 * paid out (DEBIT) only when its withdrawal was paid (PAID, or PARTLY_PAID with the failed transfers
 * returned as their own lines); until then, or when every transfer failed, it was SENT for payout.
 */
function entryOf(line: StatementLine, withdrawalStatus: WithdrawalStatus | null): WalletLineEntry {
  if (line.kind === 'RELEASE' || line.code === WITHDRAWAL_RETURN_CODE) return 'RELEASE';
  if (line.kind === 'HOLD') {
    if (line.holdState !== 'POSTED') return 'HOLD';
    return line.code === WITHDRAWAL_CODE && (withdrawalStatus === 'PROCESSING' || withdrawalStatus === 'FAILED') ? 'SENT' : 'DEBIT';
  }
  return line.effect > 0n ? 'CREDIT' : 'DEBIT';
}

/**
 * GET /api/wallet/transactions: the wallet's history as a bank statement reads, newest first.
 * Each line is its effect on the available balance with the balance after it: the loan paid in
 * (+), a withdrawal on hold (−), sent for payout (a split withdrawal's posted hold while its
 * transfers are processing), paid out (the same − line, marked paid) or returned (a + line when it
 * failed, was cancelled or expired; one + line per failed transfer of a split withdrawal). Reads the ledger, the loans and withdrawals tables.
 */
export async function walletTransactions(deps: AppDeps, userId: string, query: { cursor?: string | undefined; limit: number }): Promise<WalletTransactions> {
  // The cursor is a transfer seq (the schema checked its form); the account is always the session member's own.
  const page = await accountStatementPageByCode(deps.db, memberWalletSpec(userId).code, query.limit, query.cursor ? BigInt(query.cursor) : null);
  const lines = page?.lines ?? [];
  const nextCursor = page?.nextBefore?.toString() ?? null;
  if (lines.length === 0) return { transactions: [], nextCursor };
  const refs = (code: string) => [...new Set(lines.filter((l) => l.code === code && l.reference).map((l) => l.reference!))];
  const withdrawalIds = [...new Set([...refs(WITHDRAWAL_CODE), ...refs(WITHDRAWAL_RETURN_CODE)])];
  const loanIds = refs('LOAN_DISBURSEMENT');
  // The references' withdrawals and loans are read together.
  const [withdrawalRows, loanRows] = await Promise.all([
    withdrawalIds.length
      ? deps.db
          .select({ id: withdrawals.id, number: withdrawals.number, status: withdrawals.status })
          .from(withdrawals)
          .where(and(eq(withdrawals.memberId, userId), inArray(withdrawals.id, withdrawalIds)))
      : [],
    loanIds.length
      ? deps.db
          .select({ id: loans.id, number: loans.number })
          .from(loans)
          .where(and(eq(loans.memberId, userId), inArray(loans.id, loanIds)))
      : [],
  ]);
  const shortName = deps.config.company.shortName;
  const byWithdrawal = new Map(withdrawalRows.map((w) => [w.id, w]));
  const byLoan = new Map(loanRows.map((l) => [l.id, l]));
  return {
    transactions: lines.map((line) => {
      const withdrawal =
        (line.code === WITHDRAWAL_CODE || line.code === WITHDRAWAL_RETURN_CODE) && line.reference ? byWithdrawal.get(line.reference) : undefined;
      const loan = line.code === 'LOAN_DISBURSEMENT' && line.reference ? byLoan.get(line.reference) : undefined;
      const reference = withdrawal ? withdrawalReference(shortName, withdrawal.number) : loan ? loanNumber(shortName, loan.number) : null;
      const withdrawalStatus = withdrawal ? (withdrawal.status as WithdrawalStatus) : null;
      const labelKey = labelKeyOf(line, withdrawalStatus);
      return {
        id: line.id,
        at: line.at.toISOString(),
        kind: line.code,
        entry: entryOf(line, withdrawalStatus),
        description: labelKey === 'loans.wallet.line.other' ? line.description : translateEn(labelKey).replace('{{reference}}', reference ?? ''),
        labelKey,
        direction: line.effect > 0n ? 'IN' : 'OUT',
        amount: toDecimalString(line.effect > 0n ? line.effect : -line.effect),
        balanceAfter: toDecimalString(line.availableAfter),
        reference,
        withdrawalStatus,
      };
    }),
    nextCursor,
  };
}
