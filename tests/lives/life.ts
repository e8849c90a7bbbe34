import fc from 'fast-check';
import { PRODUCT_V1, type ProductConfig } from '../../src/shared/loan/product';
import type { Choice, LoanModel } from './model';

/**
 * A loan's life as data: the loan and what its borrower (and the officers, and the daily job) do,
 * in order. Amounts and days are relative (the next amount due, a share of it, a day before the
 * next due date, ...) and are resolved against the reference model when the action runs, so that
 * every generated life makes sense whatever happened before, and a shrunk life still reads as a
 * story. `describeLife` prints it for a failing seed.
 */

export type Source = 'WALLET' | 'CHANNEL' | 'OFFICER';
/** When: today; a day before the next open instalment's due date; on it; `late` days after it. */
export type When = 'NOW' | 'EARLY' | 'ON_DUE' | 'LATE';
/**
 * How much: the next amount due (everything up to and including the next open instalment); a
 * part of it (at least PHP 1); any amount up to everything owed; more than everything owed; the
 * open late charges alone; everything payable today; the next amount due a few pesos short (SHORT:
 * 1 centavo to twice the arrears tolerance short, so within it about half the time; generated only
 * for lives with a tolerance).
 */
export type How = 'NEXT_DUE' | 'PART' | 'ANY' | 'TOO_MUCH' | 'CHARGES_ONLY' | 'PAYABLE' | 'SHORT';

export type Action =
  | {
      readonly do: 'pay';
      readonly when: When;
      readonly late: number;
      readonly how: How;
      readonly share: number;
      readonly choice: Choice;
      readonly source: Source;
    }
  | { readonly do: 'wait'; readonly days: number }
  /** The daily job does not run for `days` days, then catches up. */
  | { readonly do: 'outage'; readonly days: number }
  | { readonly do: 'waive'; readonly pick: number }
  | { readonly do: 'payoff'; readonly when: When; readonly late: number }
  | { readonly do: 'extend'; readonly months: number };

export interface LoanTerms {
  /** Which product: the default one, one with a financed fee, a SEC small loan. */
  readonly product: 'DEFAULT' | 'FINANCED_FEE' | 'SMALL';
  readonly pesos: number;
  readonly term: number;
  /** The arrears tolerance in centavos (decision 069); absent: 0. */
  readonly arrearsTolerance?: number;
}

export interface Life {
  readonly loan: LoanTerms;
  readonly actions: readonly Action[];
}

export const PRODUCTS: Record<LoanTerms['product'], ProductConfig> = {
  DEFAULT: PRODUCT_V1,
  FINANCED_FEE: {
    ...PRODUCT_V1,
    interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 100 },
    fees: [{ code: 'SERVICE', label: 'Service fee', treatment: 'ADDED_TO_SCHEDULE', flat: 0n, bpsOfPrincipal: 200 }],
  },
  SMALL: {
    ...PRODUCT_V1,
    minAmount: 500_000n,
    maxAmount: 1_000_000n,
    terms: [1, 2, 3, 4],
    defaultTerm: 4,
    eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
  },
};

export interface LifeOptions {
  /** What the production code under test can do (the adapter says). */
  readonly choices: readonly Choice[];
  readonly sources: readonly Source[];
  readonly extensions: boolean;
  readonly maxActions: number;
  /** Only loans of the default product (the app level: its products are configuration). */
  readonly defaultProductOnly?: boolean;
  /** Arrears tolerances (centavos) to draw each loan's from; absent: every loan has none. */
  readonly arrearsTolerances?: readonly number[];
}

const share = fc.integer({ min: 0, max: 1_000_000 });

function actionArb(o: LifeOptions): fc.Arbitrary<Action> {
  const when = fc.constantFrom<When>('NOW', 'EARLY', 'EARLY', 'ON_DUE', 'ON_DUE', 'LATE');
  const pay = fc.record({
    do: fc.constant('pay' as const),
    when,
    late: fc.integer({ min: 1, max: 40 }),
    how: fc.constantFrom<How>(
      'NEXT_DUE',
      'NEXT_DUE',
      'NEXT_DUE',
      'PART',
      'PART',
      'ANY',
      'TOO_MUCH',
      'CHARGES_ONLY',
      'PAYABLE',
      ...(o.arrearsTolerances ? (['SHORT', 'SHORT', 'SHORT'] as const) : []),
    ),
    share,
    choice: fc.constantFrom(...o.choices),
    source: fc.constantFrom(...o.sources),
  });
  const arbs: fc.WeightedArbitrary<Action>[] = [
    { arbitrary: pay, weight: 12 },
    { arbitrary: fc.record({ do: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 45 }) }), weight: 2 },
    { arbitrary: fc.record({ do: fc.constant('outage' as const), days: fc.integer({ min: 2, max: 9 }) }), weight: 1 },
    { arbitrary: fc.record({ do: fc.constant('waive' as const), pick: fc.nat(50) }), weight: 1 },
    { arbitrary: fc.record({ do: fc.constant('payoff' as const), when, late: fc.integer({ min: 1, max: 40 }) }), weight: 1 },
  ];
  if (o.extensions) arbs.push({ arbitrary: fc.record({ do: fc.constant('extend' as const), months: fc.integer({ min: 1, max: 6 }) }), weight: 1 });
  return fc.oneof(...arbs);
}

function loanArb(o: LifeOptions): fc.Arbitrary<LoanTerms> {
  const kinds: LoanTerms['product'][] = o.defaultProductOnly ? ['DEFAULT'] : ['DEFAULT', 'DEFAULT', 'FINANCED_FEE', 'SMALL'];
  return fc.constantFrom(...kinds).chain((product) => {
    const p = PRODUCTS[product];
    const terms = {
      product: fc.constant(product),
      pesos: fc.integer({ min: Number(p.minAmount / 100n), max: Math.min(Number(p.maxAmount / 100n), 1_000_000) }),
      term: fc.constantFrom(...p.terms.filter((t) => t <= 12)),
    };
    return o.arrearsTolerances ? fc.record({ ...terms, arrearsTolerance: fc.constantFrom(...o.arrearsTolerances) }) : fc.record(terms);
  });
}

export function lifeArb(o: LifeOptions): fc.Arbitrary<Life> {
  return fc.record({ loan: loanArb(o), actions: fc.array(actionArb(o), { minLength: 1, maxLength: o.maxActions }) });
}

/** How many lives: the LIVES environment variable (the nightly-sized run), else `fallback`. */
export function livesFromEnv(fallback: number): number {
  const n = Number(process.env.LIVES ?? '');
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A fixed seed from LIVES_SEED (to replay a failure), else fast-check's own (printed on failure). */
export function seedFromEnv(): { seed: number } | Record<string, never> {
  const n = Number(process.env.LIVES_SEED ?? '');
  return Number.isInteger(n) && process.env.LIVES_SEED ? { seed: n } : {};
}

// -------------------------------------------------------------------------------------------
// Resolving an action against the model

export function dayFor(model: LoanModel, today: string, when: When, late: number, share: number): string {
  const next = model.nextOpenLine();
  if (!next || when === 'NOW') return today;
  const due = next.dueDate;
  if (when === 'ON_DUE') return due > today ? due : today;
  if (when === 'LATE') {
    const d = plus(due, late);
    return d > today ? d : today;
  }
  // EARLY: a day in [today, due - 1]
  const span = days(today, due);
  if (span <= 0) return today;
  return plus(today, Math.floor((span * share) / 1_000_001));
}

export function amountFor(model: LoanModel, today: string, how: How, share: number, choice: Choice): bigint {
  const owed = model.mostPayable(today, choice);
  const next = model.nextAmountDue();
  const floor = owed < 100n ? owed : 100n; // PHP 1, or what is owed when less
  const atLeast = (x: bigint) => (x < floor ? floor : x);
  const s = BigInt(share);
  switch (how) {
    case 'NEXT_DUE':
      return next;
    case 'PART':
      return atLeast((next * s) / 1_000_000n);
    case 'ANY':
      return floor + ((owed - floor) * s) / 1_000_000n;
    case 'TOO_MUCH':
      return owed + 1n + (owed * s) / 10_000_000n;
    case 'CHARGES_ONLY': {
      const charges = model.charges.reduce((sum, c) => sum + model.chargeLeft(c), 0n);
      return charges > 0n ? charges : atLeast((next * s) / 1_000_000n);
    }
    case 'PAYABLE': {
      const payable = model.payableNow(today);
      return payable > 0n ? payable : next;
    }
    case 'SHORT': {
      // 1 centavo to twice the tolerance short of the next amount due.
      const short = 1n + (s % (2n * model.tolerance + 1n));
      return atLeast(next - short);
    }
  }
}

function plus(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
function days(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function describeLife(life: Life): string {
  const tolerance = life.loan.arrearsTolerance ? `, arrears tolerance ${life.loan.arrearsTolerance} centavos` : '';
  const lines = [`loan: ${life.loan.product} PHP ${life.loan.pesos} over ${life.loan.term} months${tolerance}`];
  life.actions.forEach((a, i) => lines.push(`  ${i + 1}. ${JSON.stringify(a)}`));
  return lines.join('\n');
}
