import { toDecimalString, type Centavos } from '../money/money';
import { convertFromPhpRoundedUp, inverseRateToTwoDecimals, parseRate } from '../money/rate';
import { NON_FINANCE_CHARGE_CODES, type DisclosureDto, type DisclosureStatementDto } from '../schemas/loans';
import type { CompanyProfile } from '../company/profile';
import { fineHeadroom, costCap } from './charges';
import { bpsToPercent, type ProductConfig } from './product';
import { ratePercent } from './rate-solver';
import type { Schedule } from './schedule';

/**
 * The disclosure statement (BSP Circular 730 / RA 3765: amount financed, each finance charge in
 * pesos and centavos, net proceeds, total payable, effective interest rate, the full schedule) as the
 * API carries it, from the one schedule engine. The annual EIR shown is 12 x the monthly EIR; the
 * compounded figure is given beside it.
 */
export interface DisplayCurrency {
  readonly currency: string;
  /** Units of the currency per 1 PHP. */
  readonly rate: string;
  readonly ratesAsOf: string;
}

/**
 * The statement's own facts (BSP Circular 730): its Philippine date (YYYY-MM-DD, Asia/Manila, from
 * philippineDate of the server clock), the borrower (null on a quote) and the lender's signatory
 * who certifies it correct (the company profile's disclosureSignatory).
 */
export function statementOf(
  company: Pick<CompanyProfile, 'companyName' | 'disclosureSignatory'>,
  date: string,
  borrower: { readonly name: string; readonly address: string | null } | null,
  issue: DisclosureStatementDto['issue'] = 'ISSUED',
): DisclosureStatementDto {
  return {
    date,
    timeZone: 'Asia/Manila',
    borrower: borrower ? { name: borrower.name, address: borrower.address } : null,
    certifiedCorrect: { name: company.disclosureSignatory.name, position: company.disclosureSignatory.position, companyName: company.companyName },
    issue,
  };
}

/**
 * `statement` null leaves the statement's own facts out (an extension's re-schedule, whose signing
 * hash must not move with the day); the non-finance charges are always listed: the product has
 * none, so each line is 0.00. `arrearsTolerance` (ARREARS_TOLERANCE in centavos; decision 069) is
 * disclosed under the late charges when above 0, and left out (nothing said) at 0.
 */
export function toDisclosure(
  product: ProductConfig,
  schedule: Schedule,
  display: DisplayCurrency | null = null,
  statement: DisclosureStatementDto | null = null,
  arrearsTolerance: Centavos = 0n,
): DisclosureDto {
  const money = toDecimalString;
  const semiMonthly = schedule.frequency === 'SEMI_MONTHLY';
  const interestLabel =
    product.interest.model === 'ADD_ON'
      ? `Interest: ${bpsToPercent(product.interest.monthlyRateBps)} % of the principal a month for ${schedule.termMonths} months (add-on)` +
        (semiMonthly ? `, half of it on each of ${schedule.lines.length} instalments on the 15th and the last day of the month` : '')
      : semiMonthly
        ? `Interest: ${bpsToPercent(product.interest.monthlyRateBps)} % a month on the outstanding balance, half of it each half-month (instalments on the 15th and the last day of the month)`
        : `Interest: ${bpsToPercent(product.interest.monthlyRateBps)} % a month on the outstanding balance`;
  // The timing is stated when it is not the rule from before (monthly on the disbursement day), so
  // that the statements signed before it existed keep their exact content (and hash).
  const chosenDay = schedule.dueDay !== null && schedule.dueDay !== Number(schedule.startDate.slice(8, 10));
  const timing = semiMonthly ? { frequency: schedule.frequency } : chosenDay ? { frequency: schedule.frequency, dueDay: schedule.dueDay } : {};
  const rate = display && display.currency !== 'PHP' ? parseRate(display.rate) : null;
  return {
    productVersion: product.version,
    product: { code: product.code, names: { en: product.names.en, fil: product.names.fil } },
    currency: 'PHP',
    termMonths: schedule.termMonths,
    numberOfInstalments: schedule.lines.length,
    interestModel: product.interest.model,
    nominalMonthlyRatePercent: bpsToPercent(product.interest.monthlyRateBps),
    balanceMonthlyRatePercent: ratePercent(schedule.contractualMonthlyRate, 4),
    amountFinanced: money(schedule.principal),
    financeCharges: [
      { code: 'INTEREST', label: interestLabel, amount: money(schedule.totalInterest), paidAs: 'INTEREST' as const },
      ...schedule.fees.map((f) => ({ code: f.code, label: f.label, amount: money(f.amount), paidAs: f.treatment })),
    ],
    totalFinanceCharge: money(schedule.totalFinanceCharge),
    nonFinanceCharges: NON_FINANCE_CHARGE_CODES.map((code) => ({ code, amount: money(0n) })),
    totalNonFinanceCharges: money(0n),
    deductedFromProceeds: money(schedule.feesDeducted),
    netProceeds: money(schedule.netProceeds),
    totalPayable: money(schedule.totalPayable),
    regularInstalment: money(schedule.regularInstalment),
    eir: {
      monthlyPercent: ratePercent(schedule.eir.monthly, 4),
      annualPercent: ratePercent(schedule.eir.annualNominal, 4),
      annualCompoundedPercent: ratePercent(schedule.eir.annualCompounded, 4),
      annualBasis: 'MONTHLY_TIMES_12',
    },
    costCap: {
      annualPercent: bpsToPercent(product.annualCostCapBps),
      capAmount: money(costCap(product, schedule.principal, schedule.termMonths)),
      maxFines: money(fineHeadroom(product, schedule, schedule.termMonths)),
    },
    penalties: {
      graceDays: product.penalties.graceDays,
      dailyRatePercent: bpsToPercent(product.penalties.dailyRateBps),
      collectionChargePercent: bpsToPercent(product.penalties.collectionChargeBps),
      ...(arrearsTolerance > 0n ? { arrearsTolerance: money(arrearsTolerance) } : {}),
    },
    scheduleStartDate: schedule.startDate,
    ...timing,
    schedule: schedule.lines.map((l) => ({
      number: l.number,
      dueDate: l.dueDate,
      principal: money(l.principal),
      interest: money(l.interest),
      fees: money(l.fees),
      total: money(l.total),
      balanceAfter: money(l.balanceAfter),
    })),
    converted:
      display && rate
        ? {
            currency: display.currency,
            rate: display.rate,
            displayRate: inverseRateToTwoDecimals(rate),
            ratesAsOf: display.ratesAsOf,
            amountFinanced: money(convertFromPhpRoundedUp(schedule.principal, rate)),
            regularInstalment: money(convertFromPhpRoundedUp(schedule.regularInstalment, rate)),
            totalPayable: money(convertFromPhpRoundedUp(schedule.totalPayable, rate)),
          }
        : null,
    ...(statement ? { statement } : {}),
  };
}
