import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loans } from '../../db/schema';
import { accountMovements, debitsByCode, memberWalletBalance, memberWalletSpec, balanceByCode } from '../../ledger';
import { toDecimalString } from '../../../shared/money/money';
import { convertFromPhpRoundedUp, inverseRateToTwoDecimals, parseRate } from '../../../shared/money/rate';
import type { WalletSummary } from '../../../shared/schemas/loans';
import { LOAN_STATUS_CATALOGUE, OPEN_LOAN_STATUSES, type LoanStatus } from '../../../shared/states/loan';
import { loanNumber } from '../../../shared/company/references';

/**
 * The wallet (specification section 2 "Wallet", section 3 "Wallet details"): the balance from the
 * ledger, the loan's status from the loan catalogue. Reads the loans table (owned by the loans
 * module) and the ledger; writes nothing.
 */

const WITHDRAWAL_CODE = 'WITHDRAWAL';

async function walletLoan(deps: AppDeps, userId: string) {
  const [open] = await deps.db
    .select()
    .from(loans)
    .where(and(eq(loans.memberId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
  if (open) return open;
  const [latest] = await deps.db.select().from(loans).where(eq(loans.memberId, userId)).orderBy(desc(loans.createdAt), desc(loans.number)).limit(1);
  return latest ?? null;
}

export async function walletSummary(deps: AppDeps, userId: string): Promise<WalletSummary> {
  const balance = await memberWalletBalance(deps.db, userId);
  const withdrawn = balance ? await debitsByCode(deps.db, balance.accountId, WITHDRAWAL_CODE) : 0n;
  const loan = await walletLoan(deps, userId);
  const available = balance?.available ?? 0n;
  const entry = loan ? LOAN_STATUS_CATALOGUE[loan.status as LoanStatus] : null;
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
    statusMessage: entry?.message ?? null,
    statusColor: entry?.colour ?? null,
    statusIcon: entry?.icon ?? null,
    statementShow: entry?.statement !== undefined && entry !== null,
    statement: entry?.statement ?? null,
    statementMessage: entry?.statementMessage ?? null,
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

export async function walletTransactions(deps: AppDeps, userId: string) {
  const account = await balanceByCode(deps.db, memberWalletSpec(userId).code);
  if (!account) return { transactions: [] };
  const movements = await accountMovements(deps.db, account.accountId, 200);
  return {
    transactions: movements.map((m) => ({
      id: m.transferId,
      at: m.at.toISOString(),
      kind: m.code,
      description: m.description,
      direction: m.direction,
      amount: toDecimalString(m.amount),
      status: m.status,
      reference: m.reference,
    })),
  };
}
