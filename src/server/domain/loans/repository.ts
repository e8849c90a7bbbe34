import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { loans } from '../../db/schema';
import { AppError } from '../../http/errors';
import { loanNumber } from '../../../shared/company/references';
import { text } from '../../../shared/i18n/text';
import type { DisplayCurrency } from '../../../shared/loan/disclosure';
import type { ProductConfig } from '../../../shared/loan/product';
import { buildSchedule, type Schedule } from '../../../shared/loan/schedule';
import { SCHEDULE_FREQUENCIES, type ScheduleTiming } from '../../../shared/loan/dates';
import { isUuid } from '../../../shared/schemas/params';
import { OPEN_LOAN_STATUSES } from '../../../shared/states/loan';

/**
 * Loans as every module reads them: one row type, one way to find a loan by id, one choice of a
 * member's current loan, its number, product version and contractual schedule. The loans module
 * owns the table (it writes it; transitions go through ./transition.ts); the others read here.
 */

export type LoanRow = typeof loans.$inferSelect;

/** A loan by id, optionally locked FOR UPDATE inside a transaction; 404 NOT_FOUND for an unknown or malformed id. */
export async function loanById(db: DbOrTx, id: string, lock = false): Promise<LoanRow> {
  if (!isUuid(id)) throw new AppError(404, 'NOT_FOUND', text('loans.errors.noSuchLoan'));
  const query = db.select().from(loans).where(eq(loans.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'NOT_FOUND', text('loans.errors.noSuchLoan'));
  return row;
}

/**
 * Which of a member's loans is "the current one": the open loan (at most one,
 * loans_one_open_per_member) first, then the newest. As ORDER BY terms over `table` (the loans
 * table or an alias of it), for the one-statement reads that pick it inside a larger query.
 */
export function currentLoanOrder(table: { status: AnyPgColumn; createdAt: AnyPgColumn; number: AnyPgColumn }) {
  return [desc(sql`(${inArray(table.status, [...OPEN_LOAN_STATUSES])})`), desc(table.createdAt), desc(table.number)] as const;
}

/** The member's open loan, else the latest one, else null. Locked: the open loan FOR UPDATE, else the latest unlocked. */
export async function currentLoanOf(db: DbOrTx, memberId: string, lock = false): Promise<LoanRow | null> {
  if (!lock) {
    // One statement, built once per database handle (src/server/db/prepared.ts): GET /api/loans/current is a hot read.
    const statement = prepared(db, 'loans_current_of', () =>
      db
        .select()
        .from(loans)
        .where(eq(loans.memberId, sql.placeholder('memberId')))
        .orderBy(...currentLoanOrder(loans))
        .limit(1)
        .prepare('loans_current_of'),
    );
    const [row] = await statement.execute({ memberId });
    return row ?? null;
  }
  const [openRow] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.memberId, memberId), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
    .for('update');
  if (openRow) return openRow;
  const [latest] = await db.select().from(loans).where(eq(loans.memberId, memberId)).orderBy(desc(loans.createdAt), desc(loans.number)).limit(1);
  return latest ?? null;
}

/** The loan's number as the borrower reads it (the company's short name and the loan's sequence). */
export function loanNumberOf(deps: Pick<AppDeps, 'config'>, number: number): string {
  return loanNumber(deps.config.company.shortName, number);
}

/**
 * The product version a loan was offered under: its own product (code) and version, in code or
 * ADMIN-created (deps.products). The one place a loan's product is read: quote, eligibility,
 * disclosure, contract, schedule and servicing all read it here.
 */
export function productOf(deps: Pick<AppDeps, 'products'>, loan: Pick<LoanRow, 'productCode' | 'productVersion'>): ProductConfig {
  return deps.products.byCodeVersion(loan.productCode, loan.productVersion);
}

/** The currency the borrower chose to see the loan's figures in, with the rate recorded for it; null for pesos. */
export function displayCurrencyOf(loan: Pick<LoanRow, 'selectedCurrency' | 'exchangeRate' | 'ratesAsOf'>): DisplayCurrency | null {
  return loan.selectedCurrency === 'PHP' ? null : { currency: loan.selectedCurrency, rate: loan.exchangeRate, ratesAsOf: loan.ratesAsOf };
}

/** When the loan's instalments fall due, as it recorded them (docs/decisions/084). */
export function timingOf(loan: Pick<LoanRow, 'scheduleFrequency' | 'dueDay'>): ScheduleTiming {
  const frequency = SCHEDULE_FREQUENCIES.find((f) => f === loan.scheduleFrequency);
  if (!frequency) throw new RangeError(`Unknown schedule frequency ${loan.scheduleFrequency}`);
  return { frequency, dueDay: frequency === 'MONTHLY' ? loan.dueDay : null };
}

/**
 * The loan's contractual schedule from `startDate` (default: the disbursement's schedule start);
 * 409 LOAN_NOT_DISBURSED when no start date is known. An extension's schedule in force is the
 * repayments module's (it reads the stored lines).
 */
export function scheduleOf(
  deps: Pick<AppDeps, 'products'>,
  loan: Pick<LoanRow, 'productCode' | 'productVersion' | 'amount' | 'term' | 'scheduleStartDate' | 'scheduleFrequency' | 'dueDay'>,
  startDate: string | null = loan.scheduleStartDate,
): Schedule {
  if (!startDate) throw new AppError(409, 'LOAN_NOT_DISBURSED', text('repayments.errors.notDisbursed'));
  return buildSchedule(productOf(deps, loan), loan.amount, loan.term, startDate, timingOf(loan));
}
