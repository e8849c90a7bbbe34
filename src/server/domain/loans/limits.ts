import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { loanInstalments, loans, users } from '../../db/schema';
import { philippineDate } from '../../../shared/activation/age';
import { maxEligibleAmount } from '../../../shared/loan/eligibility';
import { creditLimit, type CreditLimit, type LadderStep, type RecordedLoan } from '../../../shared/loan/limit-ladder';
import type { CreditLimitDto } from '../../../shared/schemas/limit-ladder';
import type { ProductConfig } from '../../../shared/loan/product';
import { toDecimalString, type Centavos } from '../../../shared/money/money';
import { loanNumberOf } from './repository';

/**
 * The limit ladder's data, read in one place (decision 085): the member's disbursed loans of every
 * product with each instalment's due date and the Philippine date it was paid in full
 * (loan_instalments.paid_on, written by the repayments module), and the monthly net income on
 * record (users.monthly_net_income, as the pre-assessment reads it). Never the wallet. Reads the
 * loans, loan_instalments and users tables; writes nothing. The limit itself is the pure
 * creditLimit (src/shared/loan/limit-ladder.ts).
 */

const DISBURSED = ['DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID'] as const;

/** The member's disbursed loans, oldest first, with their instalments. */
async function loanRecordOf(deps: Pick<AppDeps, 'config'>, db: DbOrTx, memberId: string): Promise<RecordedLoan[]> {
  const rows = await db
    .select({
      id: loans.id,
      number: loans.number,
      productCode: loans.productCode,
      status: loans.status,
      statusChangedAt: loans.statusChangedAt,
      disbursedAt: loans.disbursedAt,
      dueDate: loanInstalments.dueDate,
      paidOn: loanInstalments.paidOn,
    })
    .from(loans)
    .innerJoin(loanInstalments, eq(loanInstalments.loanId, loans.id))
    .where(and(eq(loans.memberId, memberId), inArray(loans.status, [...DISBURSED]), isNotNull(loans.disbursedAt)))
    .orderBy(asc(loans.disbursedAt), asc(loans.number), asc(loanInstalments.number));
  const byLoan = new Map<string, { loan: Omit<RecordedLoan, 'lines'>; lines: { dueDate: string; paidOn: string | null }[] }>();
  for (const row of rows) {
    let entry = byLoan.get(row.id);
    if (!entry) {
      entry = {
        loan: {
          reference: loanNumberOf(deps, row.number),
          productCode: row.productCode,
          disbursedOn: philippineDate(row.disbursedAt!),
          repaidOn: row.status === 'REPAID' ? philippineDate(row.statusChangedAt) : null,
        },
        lines: [],
      };
      byLoan.set(row.id, entry);
    }
    entry.lines.push({ dueDate: row.dueDate, paidOn: row.paidOn });
  }
  return [...byLoan.values()].map((e) => ({ ...e.loan, lines: e.lines }));
}

/** The income-based maximum over the product's terms (eligibility.ts maxEligibleAmount); null without an income on record. */
function incomeMaxOf(product: ProductConfig, monthlyNetIncome: Centavos | null): Centavos | null {
  if (monthlyNetIncome === null || monthlyNetIncome <= 0n) return null;
  return product.terms.reduce((most, term) => {
    const amount = maxEligibleAmount(product, term, monthlyNetIncome);
    return amount > most ? amount : most;
  }, 0n);
}

/** The member's limit for each product given (default: every product offered), from one read of their record and income. */
export async function memberLimits(
  deps: Pick<AppDeps, 'config' | 'products'>,
  db: DbOrTx,
  memberId: string,
  today: string,
  products: readonly ProductConfig[] = deps.products.offered,
): Promise<CreditLimit[]> {
  const [user] = await db.select({ income: users.monthlyNetIncome }).from(users).where(eq(users.id, memberId));
  const record = await loanRecordOf(deps, db, memberId);
  return products.map((p) => creditLimit(p, record, incomeMaxOf(p, user?.income ?? null), today));
}

const amount = (c: Centavos) => toDecimalString(c);
const step = (s: LadderStep) => ({ afterOnTimeLoans: s.afterOnTimeLoans, maxAmount: amount(s.maxAmount) });

/** A limit as the API answers it (amounts as decimal strings in PHP). */
export function limitDto(l: CreditLimit): CreditLimitDto {
  return {
    productCode: l.productCode,
    limit: amount(l.limit),
    ceiling: amount(l.ceiling),
    bound: l.bound,
    productMax: amount(l.productMax),
    incomeMax: l.incomeMax === null ? null : amount(l.incomeMax),
    ladder: l.ladder && {
      ...l.ladder,
      step: step(l.ladder.step),
      fallbackMaxAmount: amount(l.ladder.fallbackMaxAmount),
      onTimeLoans: [...l.ladder.onTimeLoans],
      lateLoans: [...l.ladder.lateLoans],
      next: l.ladder.next && { ...l.ladder.next, step: step(l.ladder.next.step) },
    },
  };
}
