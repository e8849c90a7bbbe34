import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { csvFile } from '../../http/csv';
import { CHART_OF_ACCOUNTS, CLOSE_SETTLE_MS, closedDay, listClosedDays, type ClosedDay, type TrialBalanceLine } from '../../ledger/trial-balance';
import { toDecimalString } from '../../../shared/money/money';
import { text } from '../../../shared/i18n/text';
import type { ClosedDayDto, DayPortfolioDto, TrialBalanceDto } from '../../../shared/schemas/accounting';
import { percentOf } from '../../../shared/loan/collections';
import { storedDayPortfolio } from './day-portfolio';
import { PAR_THRESHOLDS, parNumber } from '../../../shared/loan/dpd-bounds';

/**
 * The accountant's view of the ledger's closed days (OFFICER and ADMIN): the list, one day's trial
 * balance by the chart of accounts and its portfolio by product, and their CSVs. Reads only: the
 * days are closed by the servicing worker's pass (ledger/trial-balance.ts closeLedgerDays, then
 * day-portfolio.ts closeDayPortfolios).
 */

function dayDto(day: ClosedDay): ClosedDayDto {
  return {
    date: day.businessDate,
    totalDebits: toDecimalString(day.totalDebits),
    totalCredits: toDecimalString(day.totalCredits),
    balanced: day.totalDebits === day.totalCredits,
    entries: day.entries,
    closedAt: day.closedAt.toISOString(),
  };
}

const NAMES = new Map(CHART_OF_ACCOUNTS.map((c) => [c.kind, c.name]));

function lineDto(line: TrialBalanceLine): TrialBalanceDto['lines'][number] {
  const balance = line.normalBalance === 'DEBIT' ? line.debits - line.credits : line.credits - line.debits;
  return {
    account: line.kind,
    name: NAMES.get(line.kind) ?? line.kind,
    normalBalance: line.normalBalance,
    debits: toDecimalString(line.debits),
    credits: toDecimalString(line.credits),
    balance: toDecimalString(balance),
  };
}

export async function closedDays(
  deps: AppDeps,
  query: { before?: string | undefined; limit: number },
): Promise<{ days: ClosedDayDto[]; nextBefore: string | null }> {
  const found = await listClosedDays(deps.db, { before: query.before, limit: query.limit + 1 });
  const page = found.slice(0, query.limit);
  return { days: page.map(dayDto), nextBefore: found.length > query.limit ? page[page.length - 1]!.businessDate : null };
}

export async function trialBalance(deps: AppDeps, date: string): Promise<TrialBalanceDto> {
  const day = await closedDay(deps.db, date);
  if (!day) throw new AppError(404, 'NOT_FOUND', text('backoffice.trialBalances.notClosed', { minutes: CLOSE_SETTLE_MS / 60_000 }));
  // Every account of the chart of accounts, those without any entry yet at zero.
  const present = new Map(day.lines.map((l) => [l.kind, l]));
  const lines = [
    ...CHART_OF_ACCOUNTS.map((c) => present.get(c.kind) ?? { kind: c.kind, normalBalance: c.normalBalance, debits: 0n, credits: 0n }),
    ...day.lines.filter((l) => !NAMES.has(l.kind)),
  ];
  return { ...dayDto(day), lines: lines.map(lineDto), portfolio: await dayPortfolio(deps, date) };
}

/** The day's stored portfolio rows as the page and the CSV give them. */
async function dayPortfolio(deps: AppDeps, date: string): Promise<DayPortfolioDto[]> {
  const stored = await storedDayPortfolio(deps.db, date);
  return stored.map((r) => {
    const product = deps.products.latestOf(r.productCode);
    const par = [
      [r.par1Loans, r.par1Principal],
      [r.par30Loans, r.par30Principal],
      [r.par60Loans, r.par60Principal],
      [r.par90Loans, r.par90Principal],
    ] as const;
    return {
      product: r.productCode,
      names: product ? { en: product.names.en, fil: product.names.fil } : { en: r.productCode, fil: r.productCode },
      openLoans: r.openLoans,
      outstandingPrincipal: toDecimalString(r.outstandingPrincipal),
      par: PAR_THRESHOLDS.map((days, i) => ({
        days,
        loans: par[i]![0],
        principal: toDecimalString(par[i]![1]),
        percent: percentOf(par[i]![1], r.outstandingPrincipal),
      })),
      collected: {
        principal: toDecimalString(r.collectedPrincipal),
        interest: toDecimalString(r.collectedInterest),
        fees: toDecimalString(r.collectedFees),
        charges: toDecimalString(r.collectedCharges),
        total: toDecimalString(r.collectedPrincipal + r.collectedInterest + r.collectedFees + r.collectedCharges),
        payments: r.payments,
      },
      charged: toDecimalString(r.charged),
      waived: toDecimalString(r.waived),
    };
  });
}

/** The day's trial balance as CSV: one row per account of the chart of accounts, then the totals. */
export async function trialBalanceCsv(deps: AppDeps, date: string): Promise<{ filename: string; body: string }> {
  const tb = await trialBalance(deps, date);
  const header = ['business_date', 'account', 'name', 'normal_balance', 'debits', 'credits', 'balance'];
  const rows = [
    ...tb.lines.map((l) => [tb.date, l.account, l.name, l.normalBalance, l.debits, l.credits, l.balance]),
    [tb.date, 'TOTAL', 'Total', '', tb.totalDebits, tb.totalCredits, ''],
  ];
  return { filename: `trial-balance-${tb.date}.csv`, body: csvFile(header, rows) };
}

/** The day's portfolio by product as CSV: one row per product (its code and English name), amounts in PHP. */
export async function portfolioCsv(deps: AppDeps, date: string): Promise<{ filename: string; body: string }> {
  const tb = await trialBalance(deps, date);
  const parHeads = PAR_THRESHOLDS.flatMap((d) => [`par${parNumber(d)}_loans`, `par${parNumber(d)}_principal`, `par${parNumber(d)}_percent`]);
  const header = [
    'business_date',
    'product',
    'name',
    'open_loans',
    'outstanding_principal',
    ...parHeads,
    'collected_principal',
    'collected_interest',
    'collected_fees',
    'collected_charges',
    'collected_total',
    'payments',
    'charges_booked',
    'charges_waived',
  ];
  const rows = tb.portfolio.map((p) => [
    tb.date,
    p.product,
    p.names.en,
    String(p.openLoans),
    p.outstandingPrincipal,
    ...p.par.flatMap((x) => [String(x.loans), x.principal, x.percent]),
    p.collected.principal,
    p.collected.interest,
    p.collected.fees,
    p.collected.charges,
    p.collected.total,
    String(p.collected.payments),
    p.charged,
    p.waived,
  ]);
  return { filename: `portfolio-${tb.date}.csv`, body: csvFile(header, rows) };
}
