import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { OPEN_LOAN_SQL, dataDeletionRequests, loanEvents, loans, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { idempotent, type IdempotentAnswer } from '../../http/idempotency';
import type { SessionAuth } from '../../sessions/store';
import { statementOf, toDisclosure } from '../../../shared/loan/disclosure';
import { assess } from '../../../shared/loan/eligibility';
import {
  DEFAULT_PRODUCT_CODE,
  inAmountRange,
  offeredFrequencies,
  offersTerm,
  timingProblem,
  type ProductConfig,
  type TimingChoice,
} from '../../../shared/loan/product';
import type { ScheduleTiming } from '../../../shared/loan/dates';
import { SMALL_LOAN_COOLING_OFF_DAYS, SMALL_LOAN_MAX_AMOUNT, SMALL_LOAN_MAX_TERM, isSmallLoan } from '../../../shared/loan/charges';
import { philippineDate } from '../../../shared/activation/age';
import { addDays } from '../../../shared/loan/day';
import { buildSchedule, type Schedule } from '../../../shared/loan/schedule';
import { scheduleCapProblems } from '../../../shared/loan/validate';
import { formatAmount, parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import { LOAN_MESSAGES, type LoanApplicationRequest, type LoanApplicationResponse, type LoanView } from '../../../shared/schemas/loans';
import { isActivated } from '../../../shared/states/account';
import { memberFacts } from './member-data';
import { activeRate, assessmentDto, loanView, memberLoanViewOf, offerAwaitsAcceptance, type CurrentLoanRead } from './views';
import { currentLoanOf } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { memberLimits } from '../../domain/loans/limits';
import { transition } from '../../domain/loans/transition';
import { text, textList } from '../../../shared/i18n/text';
import { translateEn } from '../../../shared/i18n/lookup';

/**
 * The borrower's side of loans: apply (with the instant automated pre-assessment), the current
 * loan, the disclosure preview, cancel. Identity is always the session's user.
 */

// A configuration that breaks a cap is refused before anything is offered (DECISIONS.md invariant 4):
// the versions in code when the app starts, an ADMIN's new version when it is created (src/server/product).

function amountError(product: ProductConfig): AppError {
  const message = text('loans.errors.amountRange', { min: formatAmount(product.minAmount), max: formatAmount(product.maxAmount) });
  return new AppError(400, 'VALIDATION_FAILED', message, { amount: message });
}

function termError(product: ProductConfig): AppError {
  const message = text('loans.errors.termChoice', { terms: product.terms.slice(0, -1).join(', '), last: String(product.terms.at(-1)) });
  return new AppError(400, 'VALIDATION_FAILED', message, { term: message });
}

/** The amount and term checked against a product: 400 with the field's message otherwise. */
export function checkAmountAndTerm(product: ProductConfig, amountText: string, term: number): Centavos {
  const amount = parseAmount(amountText);
  if (amount === null || !inAmountRange(product, amount)) throw amountError(product);
  if (!offersTerm(product, term)) throw termError(product);
  return amount;
}

/**
 * When the instalments of an application or a quote fall due, checked against the product's options
 * (product.ts timingProblem; docs/decisions/084): 400 VALIDATION_FAILED naming the field.
 */
function checkedTiming(product: ProductConfig, choice: TimingChoice): ScheduleTiming {
  const problem = timingProblem(product, choice);
  if (problem === 'FREQUENCY_NOT_OFFERED') {
    const message = text('loans.errors.frequencyNotOffered', { code: product.code, offered: offeredFrequencies(product).join(', ') });
    throw new AppError(400, 'VALIDATION_FAILED', message, { frequency: message });
  }
  if (problem === 'DUE_DAY_ONLY_MONTHLY')
    throw new AppError(400, 'VALIDATION_FAILED', text('loans.errors.dueDayOnlyMonthly'), { dueDay: text('loans.errors.dueDayOnlyMonthly') });
  if (problem === 'DUE_DAY_RANGE') throw new AppError(400, 'VALIDATION_FAILED', text('loans.errors.dueDay'), { dueDay: text('loans.errors.dueDay') });
  return { frequency: choice.frequency ?? 'MONTHLY', dueDay: choice.dueDay ?? null };
}

/** 409 OFFER_REFUSED naming the figure when the schedule actually chosen breaks a cap (validate.ts scheduleCapProblems). */
function refuseOverCaps(product: ProductConfig, schedule: Schedule): void {
  const [problem] = scheduleCapProblems(product, schedule);
  if (problem) throw new AppError(409, 'OFFER_REFUSED', text('loans.errors.scheduleRefused', { problems: textList([problem], '; ') }));
}

/** The version offered of the product an application or a quote names (default: PERSONAL); 409 PRODUCT_NOT_OFFERED for an unknown or retired one. */
function offeredProduct(deps: Pick<AppDeps, 'products'>, code: string | undefined): ProductConfig {
  const wanted = code ?? DEFAULT_PRODUCT_CODE;
  const product = deps.products.offeredProduct(wanted);
  if (!product) {
    const offered = deps.products.offered.map((p) => p.code).join(', ');
    throw new AppError(409, 'PRODUCT_NOT_OFFERED', text('loans.errors.productNotOffered', { code: wanted, offered }));
  }
  return product;
}

/**
 * SEC MC 14 s.2025, no splitting of one need into several small loans: a member holds at most one
 * open loan (loans_one_open_per_member), and a new small loan may not start within
 * SMALL_LOAN_COOLING_OFF_DAYS after the member's last small loan was repaid (409 naming the day it may).
 * A small loan is one of at most SMALL_LOAN_MAX_AMOUNT over at most SMALL_LOAN_MAX_TERM months, of any product.
 */
async function refuseWithinCoolingOff(deps: AppDeps, memberId: string): Promise<void> {
  const [last] = await deps.db
    .select({ repaidAt: loans.statusChangedAt })
    .from(loans)
    .where(and(eq(loans.memberId, memberId), eq(loans.status, 'REPAID'), lte(loans.amount, SMALL_LOAN_MAX_AMOUNT), lte(loans.term, SMALL_LOAN_MAX_TERM)))
    .orderBy(desc(loans.statusChangedAt))
    .limit(1);
  if (!last) return;
  const repaidOn = philippineDate(last.repaidAt);
  const from = addDays(repaidOn, SMALL_LOAN_COOLING_OFF_DAYS);
  if (todayPh(deps) < from) {
    throw new AppError(409, 'SMALL_LOAN_COOLING_OFF', text('loans.errors.smallLoanCoolingOff', { days: SMALL_LOAN_COOLING_OFF_DAYS, repaidOn, from }));
  }
}

/**
 * The limit ladder (decision 085): an amount above the member's ceiling for the product (the
 * ladder's step, or its fallback after serious lateness, within the product's maximum) is refused,
 * naming the limit. The income-based maximum stays the pre-assessment's, as before.
 */
async function refuseAboveLimit(deps: AppDeps, memberId: string, product: ProductConfig, amount: Centavos): Promise<void> {
  const [limit] = await memberLimits(deps, deps.db, memberId, todayPh(deps), [product]);
  if (limit && amount > limit.ceiling) {
    const message = text('limits.errors.aboveLimit', { product: product.code, limit: formatAmount(limit.ceiling) });
    throw new AppError(400, 'VALIDATION_FAILED', message, { amount: message });
  }
}

async function checkedRate(deps: AppDeps, currency: string) {
  const rate = await activeRate(deps.db, currency, deps.clock.now());
  if (!rate)
    throw new AppError(400, 'VALIDATION_FAILED', text('loans.errors.currencyNotOffered'), {
      selectedCurrency: text('loans.errors.currencyNotOffered'),
    });
  return rate;
}

/** POST /api/loans/applications */
export async function apply(
  deps: AppDeps,
  auth: SessionAuth,
  body: LoanApplicationRequest,
  idempotencyKey: string,
): Promise<IdempotentAnswer<LoanApplicationResponse>> {
  if (!isActivated(auth.accountState)) throw new AppError(403, 'NOT_ACTIVATED', text('loans.errors.notActivated'));
  const product = offeredProduct(deps, body.productCode);
  if (body.productVersion !== product.version) {
    throw new AppError(409, 'PRODUCT_VERSION_STALE', text('loans.errors.productStale', { seen: body.productVersion, current: product.version }));
  }
  const amount = checkAmountAndTerm(product, body.amount, body.term);
  const timing = checkedTiming(product, body);
  refuseOverCaps(product, buildSchedule(product, amount, body.term, todayPh(deps), timing));
  await refuseAboveLimit(deps, auth.userId, product, amount);
  if (isSmallLoan(amount, body.term)) await refuseWithinCoolingOff(deps, auth.userId);
  const rate = await checkedRate(deps, body.selectedCurrency);

  const now = deps.clock.now();
  const facts = await memberFacts(deps.db, auth.userId);
  const assessment = assessmentDto(
    assess(product, { amount, termMonths: body.term, monthlyNetIncome: facts.monthlyNetIncome, birthDate: facts.birthDate, today: todayPh(deps) }),
    now,
  );

  return deps.db.transaction(async (tx) => {
    // A data deletion being completed at the same time (docs/decisions/029, addendum): the member's
    // row is locked here (shared) and there (exclusive), so one waits for the other. Applied first:
    // the completion then sees the open loan and is refused. Completed first: no application for an
    // anonymised member.
    await memberStillHere(tx, auth.userId);
    return idempotent(tx, { userId: auth.userId, scope: 'loans.apply', key: idempotencyKey, request: body, at: now }, async () => {
      // One open loan per member: the partial unique index decides, also between simultaneous requests.
      const [loan] = await tx
        .insert(loans)
        .values({
          memberId: auth.userId,
          status: 'PENDING',
          productCode: product.code,
          productVersion: product.version,
          requestedAmount: amount,
          requestedTerm: body.term,
          amount,
          term: body.term,
          scheduleFrequency: timing.frequency,
          dueDay: timing.dueDay,
          selectedCurrency: body.selectedCurrency,
          exchangeRate: rate.rate,
          ratesAsOf: rate.asOf,
          preAssessment: assessment,
          statusChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: loans.memberId, where: sql.raw(OPEN_LOAN_SQL) })
        .returning();
      if (!loan) throw new AppError(409, 'LOAN_EXISTS', text('loans.result.exists'));
      await tx.insert(loanEvents).values({
        loanId: loan.id,
        fromStatus: null,
        toStatus: 'PENDING',
        action: 'APPLY',
        actorUserId: auth.userId,
        actorRole: 'MEMBER',
        data: {
          amount: body.amount,
          term: body.term,
          selectedCurrency: body.selectedCurrency,
          productCode: product.code,
          productVersion: product.version,
          frequency: timing.frequency,
          dueDay: timing.dueDay,
        },
        at: now,
      });
      return {
        status: 201,
        body: { state: 'LOAN_CREATED' as const, message: translateEn(LOAN_MESSAGES.created), loan: await loanView(tx, deps, loan), preAssessment: assessment },
      };
    });
  });
}

/** Locks the member's row (FOR SHARE) and refuses (401) a member whose data deletion was completed meanwhile. */
async function memberStillHere(tx: Tx, userId: string): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('share');
  const [deleted] = await tx
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(and(eq(dataDeletionRequests.userId, userId), eq(dataDeletionRequests.status, 'COMPLETED')))
    .limit(1);
  if (!user || deleted) throw new AppError(401, 'UNAUTHENTICATED');
}

/** GET /api/loans/current's answer for the loan its first statement found (currentLoanWithSession), after the session was accepted. */
export function currentOf(deps: AppDeps, current: CurrentLoanRead | null): { loan: LoanView | null } {
  return { loan: current ? memberLoanViewOf(deps, current) : null };
}

/** GET /api/loans/quote: the disclosure statement the application would get, from the same engine. */
export async function quote(
  deps: AppDeps,
  input: { amount: string; term: number; currency?: string | undefined; product?: string | undefined } & TimingChoice,
  memberId: string | null = null,
) {
  const product = offeredProduct(deps, input.product);
  const amount = checkAmountAndTerm(product, input.amount, input.term);
  const timing = checkedTiming(product, input);
  // A signed-in member is held to their limit as the application will be; anyone else sees the product's range.
  if (memberId) await refuseAboveLimit(deps, memberId, product, amount);
  const currency = input.currency ?? 'PHP';
  const rate = await checkedRate(deps, currency);
  const today = todayPh(deps);
  const schedule = buildSchedule(product, amount, input.term, today, timing);
  refuseOverCaps(product, schedule);
  const display = currency === 'PHP' ? null : { currency, rate: rate.rate, ratesAsOf: rate.asOf };
  return {
    productCode: product.code,
    productVersion: product.version,
    disclosure: toDisclosure(product, schedule, display, statementOf(deps.config.company, today, null), deps.config.servicing.arrearsTolerance),
  };
}

/** POST /api/loans/current/cancel: by the borrower, before signing. */
export async function cancel(deps: AppDeps, auth: SessionAuth, reason: string | undefined): Promise<{ loan: LoanView }> {
  return deps.db.transaction(async (tx) => {
    const loan = await currentLoanOf(tx, auth.userId, true);
    if (!loan) throw new AppError(404, 'NOT_FOUND', text('loans.errors.noApplication'));
    const now = deps.clock.now();
    // The member's own words go to the back office only; the borrower's timeline shows catalogue reasons.
    const updated = await transition(tx, loan, 'CANCEL', { actor: { userId: auth.userId, role: 'MEMBER' }, at: now, note: reason || null });
    return { loan: await loanView(tx, deps, updated) };
  });
}

/**
 * POST /api/loans/current/accept-offer: the borrower accepts the counter-offer exactly as shown
 * (amount and term; its new disclosure is in the loan view). Signing waits for it.
 */
export async function acceptOffer(deps: AppDeps, auth: SessionAuth, body: { amount: string; term: number }): Promise<{ loan: LoanView }> {
  return deps.db.transaction(async (tx) => {
    const loan = await currentLoanOf(tx, auth.userId, true);
    if (!loan) throw new AppError(404, 'NOT_FOUND', text('loans.errors.noApplication'));
    if (!offerAwaitsAcceptance(loan)) throw new AppError(409, 'LOAN_STATE', text('loans.errors.noOfferWaiting'));
    const amount = parseAmount(body.amount);
    if (amount !== loan.amount || body.term !== loan.term) {
      throw new AppError(409, 'OFFER_CHANGED', text('errors.OFFER_CHANGED'));
    }
    const now = deps.clock.now();
    const updated = await transition(tx, loan, 'ACCEPT_OFFER', {
      actor: { userId: auth.userId, role: 'MEMBER' },
      at: now,
      data: { amount: toDecimalString(loan.amount), term: loan.term },
      changes: { offerAcceptedAt: now },
    });
    return { loan: await loanView(tx, deps, updated) };
  });
}
