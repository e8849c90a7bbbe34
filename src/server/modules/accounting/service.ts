import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { CHART_OF_ACCOUNTS, CLOSE_SETTLE_MS, closedDay, listClosedDays, type ClosedDay, type TrialBalanceLine } from '../../ledger/trial-balance';
import { toDecimalString } from '../../../shared/money/money';
import { text } from '../../../shared/i18n/text';
import type { ClosedDayDto, TrialBalanceDto } from '../../../shared/schemas/accounting';

/**
 * The accountant's view of the ledger's closed days (OFFICER and ADMIN): the list, one day's trial
 * balance by the chart of accounts, and its CSV. Reads only: the days are closed by the servicing
 * worker's pass (ledger/trial-balance.ts closeLedgerDays).
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
  return { ...dayDto(day), lines: lines.map(lineDto) };
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (the values here are our own codes, names and amounts). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The day's trial balance as CSV: one row per account of the chart of accounts, then the totals. */
export async function trialBalanceCsv(deps: AppDeps, date: string): Promise<{ filename: string; body: string }> {
  const tb = await trialBalance(deps, date);
  const rows = [
    ['business_date', 'account', 'name', 'normal_balance', 'debits', 'credits', 'balance'],
    ...tb.lines.map((l) => [tb.date, l.account, l.name, l.normalBalance, l.debits, l.credits, l.balance]),
    [tb.date, 'TOTAL', 'Total', '', tb.totalDebits, tb.totalCredits, ''],
  ];
  return { filename: `trial-balance-${tb.date}.csv`, body: `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n` };
}
