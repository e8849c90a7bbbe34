import { eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { channelPaymentHolds, channelPayments, loanPaymentAllocations, loanPayments, loans, outboxMessages } from '../../src/server/db/schema';
import { checkLedger, memberWalletBalance } from '../../src/server/ledger';
import { approvePayment, approveWaiver, recordPayment, waiveCharge } from '../../src/server/modules/repayments/admin';
import { createChannelPayment, receiveConfirmation } from '../../src/server/modules/repayments/channel';
import { releaseHeldPayment } from '../../src/server/modules/repayments/channel-held-admin';
import { loadStates } from '../../src/server/modules/repayments/core';
import { type LoanRow } from '../../src/server/domain/loans/repository';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { approveExtension } from '../../src/server/modules/repayments/extension-admin';
import { requestExtension, requestExtensionCode, signExtension } from '../../src/server/modules/repayments/extension-member';
import { loanExtensions } from '../../src/server/db/schema';
import { signingCode } from '../fixtures/loans';
import { payFromWallet, payoff, requestPayoffQuote } from '../../src/server/modules/repayments/service';
import type { SessionAuth } from '../../src/server/sessions/store';
import { lineRemainder, lineStatus, totalOutstanding } from '../../src/shared/loan/servicing';
import { parseAmount, toDecimalString } from '../../src/shared/money/money';
import type { TestApp } from '../fixtures/app';
import type { ProdSnapshot } from './checks';
import type { Choice } from './model';

/**
 * The one binding of the generated lives to the real app: the services behind the wallet, channel
 * and officer payment routes, waivers (maker-checker), payoff quotes and payoffs, the daily job,
 * the ledger checker and the outbox. When the services' API changes (the borrower's choice at
 * review), this file alone follows it.
 */

/** The borrower's choices the app's payment services take today. */
export const APP_CHOICES: readonly Choice[] = ['NEXT'];

/** The borrower's own requests (their receipts may leave at once), and the staff's. */
const MEMBER_CTX = { ip: '127.0.0.1', requestId: 'lives-member', userAgent: 'lives' };
const CTX = { ip: '127.0.0.1', requestId: 'lives-staff', userAgent: 'lives' };

export function authOf(user: { userId: string; phone: string; fullName: string }, role: 'MEMBER' | 'OFFICER'): SessionAuth {
  return {
    sessionId: `lives-${user.userId}`,
    userId: user.userId,
    role,
    phone: user.phone,
    fullName: user.fullName,
    accountState: 'INFO_COMPLETED',
    persistent: false,
    expiresAt: new Date('2099-01-01T00:00:00Z'),
  } as SessionAuth;
}

/** What a payment did: refused (why), or what reached the loan and what reached the wallet. */
export type AppPayOutcome = { readonly refused: string } | { readonly toLoan: bigint; readonly toWallet: bigint };

function refusal(error: unknown): string {
  const e = error as { code?: string; status?: number; message?: string };
  if (e && typeof e.code === 'string' && typeof e.status === 'number' && e.status < 500) return `${e.status} ${e.code}: ${e.message ?? ''}`;
  throw error;
}

export async function payByWallet(t: TestApp, member: SessionAuth, amount: bigint, choice: Choice): Promise<AppPayOutcome> {
  const input = { amount: toDecimalString(amount), excess: choice === 'NEXT' ? ('NEXT_INSTALMENTS' as const) : ('REDUCE_PRINCIPAL' as const) };
  try {
    await payFromWallet(t.deps, member, input, `lives-${randomUUID()}`, MEMBER_CTX);
    return { toLoan: amount, toWallet: 0n };
  } catch (error) {
    return { refused: refusal(error) };
  }
}

/**
 * Through a payment channel: a reference for `asked` (what the borrower asked to pay, at most what
 * the loan accepts), then the payer pays `paid` (more, when the payer chose another amount).
 */
/**
 * A payment through a channel: a reference for `asked`, the payer pays `paid`. Another amount than the
 * reference asked is held for an officer (decision 059): the officer (and, above the threshold, the
 * checker) credits it to the wallet, as the back office does.
 */
export async function payByChannel(
  t: TestApp,
  member: SessionAuth,
  asked: bigint,
  paid: bigint,
  officer: SessionAuth,
  checker: SessionAuth,
): Promise<AppPayOutcome> {
  let id: string;
  try {
    const created = await createChannelPayment(
      t.deps,
      member.userId,
      { method: 'EWALLET', channelCode: 'GCASH', amount: toDecimalString(asked) },
      `lives-${randomUUID()}`,
    );
    id = created.body.payment.id;
  } catch (error) {
    return { refused: refusal(error) };
  }
  const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  await receiveConfirmation(
    t.deps,
    {
      provider: 'SIMULATED',
      source: 'POLL',
      kind: 'SUCCEEDED',
      providerPaymentId: row!.providerPaymentId,
      referenceId: null,
      amount: paid,
      currency: 'PHP',
      paidAt: t.clock.now(),
      payload: { lives: true },
    },
    null,
  );
  const [confirmed] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  if (confirmed!.status === 'HELD') {
    const [hold] = await t.deps.db.select().from(channelPaymentHolds).where(eq(channelPaymentHolds.channelPaymentId, id));
    const first = await releaseHeldPayment(t.deps, officer, hold!.id, { note: 'Paid another amount than the reference' }, CTX);
    if (first.status === 202) await releaseHeldPayment(t.deps, checker, hold!.id, { note: 'Checked against the provider' }, CTX);
  }
  const [after] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  return { toLoan: after!.appliedToLoan ?? 0n, toWallet: after!.creditedToWallet ?? 0n };
}

/** Cash received by an officer (a second officer approves it above the threshold). */
export async function payByOfficer(
  t: TestApp,
  officer: SessionAuth,
  checker: SessionAuth,
  loanId: string,
  amount: bigint,
  today: string,
): Promise<AppPayOutcome> {
  try {
    const answer = await recordPayment(
      t.deps,
      officer,
      loanId,
      { amount: toDecimalString(amount), channel: 'CASH', receivedOn: today },
      `lives-${randomUUID()}`,
      CTX,
    );
    if (answer.status === 202) {
      const { receipt } = await approvePayment(t.deps, checker, loanId, answer.body.receipt.paymentId, CTX);
      if (receipt.status === 'CREDITED_TO_WALLET') return { toLoan: 0n, toWallet: amount };
    }
    return { toLoan: amount, toWallet: 0n };
  } catch (error) {
    return { refused: refusal(error) };
  }
}

/** Waives an open charge (HARDSHIP), through the second officer when above the threshold. Null: none open. */
export async function waiveSome(
  t: TestApp,
  officer: SessionAuth,
  checker: SessionAuth,
  loanId: string,
  chargeIds: readonly string[],
  pick: number,
): Promise<string | null> {
  const id = chargeIds[pick % Math.max(1, chargeIds.length)];
  if (!id) return null;
  const r = await waiveCharge(t.deps, officer, loanId, id, { reasonCode: 'HARDSHIP' }, CTX);
  if (r.status === 202) await approveWaiver(t.deps, checker, loanId, id, CTX);
  return id;
}

export interface AppPayoff {
  readonly total: bigint;
  readonly principal: bigint;
  readonly charges: bigint;
  readonly interestByLine: Map<number, bigint>;
  readonly feesByLine: Map<number, bigint>;
}

/** A payoff quote and its payment from the wallet. */
export async function payoffByWallet(t: TestApp, member: SessionAuth): Promise<AppPayoff | { refused: string }> {
  try {
    const { quote } = await requestPayoffQuote(t.deps, member);
    await payoff(t.deps, member, quote.quoteId, `lives-${randomUUID()}`, MEMBER_CTX);
    const [payment] = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.payoffQuoteId, quote.quoteId));
    const allocations = await t.deps.db.select().from(loanPaymentAllocations).where(eq(loanPaymentAllocations.paymentId, payment!.id));
    const byLine = (component: string) => {
      const m = new Map<number, bigint>();
      for (const a of allocations.filter((x) => x.component === component)) m.set(a.lineNumber, (m.get(a.lineNumber) ?? 0n) + a.amount);
      return m;
    };
    return {
      total: parseAmount(quote.total)!,
      principal: parseAmount(quote.principal)!,
      charges: parseAmount(quote.charges)!,
      interestByLine: byLine('INTEREST'),
      feesByLine: byLine('FEES'),
    };
  } catch (error) {
    return { refused: refusal(error) };
  }
}

/**
 * An extension to `months` more months: the borrower asks, an officer approves, the borrower signs
 * with the code sent to their phone. The new lines (and the term in force) once EFFECTIVE.
 */
export async function extend(
  t: TestApp,
  member: SessionAuth,
  officer: SessionAuth,
  newTerm: number,
): Promise<{ refused: string } | { fromLine: number; totalMonths: number }> {
  try {
    const { extension } = await requestExtension(t.deps, member, newTerm, MEMBER_CTX);
    await approveExtension(t.deps, officer, extension.id, undefined, CTX);
    await requestExtensionCode(t.deps, member, MEMBER_CTX);
    await signExtension(t.deps, member, await signingCode(t, member.phone), MEMBER_CTX);
    const [row] = await t.deps.db.select().from(loanExtensions).where(eq(loanExtensions.id, extension.id));
    if (row?.status !== 'EFFECTIVE' || row.totalMonths === null) return { refused: `extension ${row?.status}` };
    return { fromLine: row.fromLine, totalMonths: row.totalMonths };
  } catch (error) {
    return { refused: refusal(error) };
  }
}

/** The stored lines with what was paid on them (after an extension). */
export async function storedLines(t: TestApp, loanId: string) {
  const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
  const states = await loadStates(t.deps.db, t.deps, [loan!]);
  return states.get(loanId)!.lines.map((l) => ({
    number: l.number,
    dueDate: l.dueDate,
    principal: l.principal,
    interest: l.interest - l.interestRebated,
    fees: l.fees - l.feesRebated,
    paidPrincipal: l.principalPaid,
    paidInterest: l.interestPaid,
    paidFees: l.feesPaid,
  }));
}

export function runDailyJob(t: TestApp) {
  return runServicing(t.deps);
}

export async function walletOf(t: TestApp, userId: string): Promise<bigint> {
  return (await memberWalletBalance(t.deps.db, userId))?.available ?? 0n;
}

/** Every loan's snapshot at once (one daily read for a few dozen loans). */
export async function snapshots(
  t: TestApp,
  loanIds: readonly string[],
  today: string,
): Promise<Map<string, ProdSnapshot & { status: string; overdueNow: boolean }>> {
  const rows: LoanRow[] = await t.deps.db
    .select()
    .from(loans)
    .where(inArray(loans.id, [...loanIds]));
  const states = await loadStates(t.deps.db, t.deps, rows);
  const sums = await t.deps.db
    .select({ loanId: loanPaymentAllocations.loanId, total: sql<string>`coalesce(sum(${loanPaymentAllocations.amount}), 0)` })
    .from(loanPaymentAllocations)
    .where(inArray(loanPaymentAllocations.loanId, [...loanIds]))
    .groupBy(loanPaymentAllocations.loanId);
  const out = new Map<string, ProdSnapshot & { status: string; overdueNow: boolean }>();
  for (const loan of rows) {
    const state = states.get(loan.id)!;
    const left = new Map<number, bigint>();
    for (const c of state.openCharges) left.set(c.lineNumber, (left.get(c.lineNumber) ?? 0n) + c.outstanding);
    out.set(loan.id, {
      status: loan.status,
      overdueNow: state.openCharges.length > 0 || state.lines.some((l) => l.dueDate < today && lineRemainder(l).total > state.arrearsTolerance),
      lines: state.lines.map((l) => {
        const st = lineStatus(state.lines, l, left.get(l.number) ?? 0n, state.startDate, today, state.arrearsTolerance);
        return {
          number: l.number,
          dueDate: l.dueDate,
          owed: lineRemainder(l).total,
          principalLeft: l.principal - l.principalPaid,
          interestAsked: l.interest - l.interestRebated,
          fees: l.fees - l.feesRebated,
          status: st.status,
          daysPastDue: st.daysPastDue,
        };
      }),
      charges: state.chargeRows.map((c) => ({
        id: c.id,
        lineNumber: c.lineNumber,
        day: c.businessDate,
        kind: c.kind,
        amount: c.amount,
        paid: c.paid,
        waived: c.waivedAt !== null,
      })),
      repaid: loan.status === 'REPAID',
      outstanding: totalOutstanding(state.lines, state.openCharges),
      recordedPaid: state.lines.reduce((s, l) => s + l.principalPaid + l.interestPaid + l.feesPaid, 0n) + state.chargeRows.reduce((s, c) => s + c.paid, 0n),
      allocated: BigInt(sums.find((s) => s.loanId === loan.id)?.total ?? '0'),
      feesDeducted: state.schedule.feesDeducted,
    });
  }
  return out;
}

export async function ledgerProblems(t: TestApp): Promise<string[]> {
  const r = await checkLedger(t.deps.db);
  return r.ok ? [] : r.problems.length > 0 ? r.problems : ['ledger:check is not ok'];
}

/**
 * Outbox rows not in `seen` (and adds them to it): when each may leave (send_after, else at once)
 * and whether it holds a one-time code. By id, not created_at: created_at is the database's own
 * clock, and the lives run on the app's clock, days behind or ahead of it.
 */
export async function outboxUnseen(t: TestApp, seen: Set<string>) {
  const rows = await t.deps.db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      sendAfter: outboxMessages.sendAfter,
      redacted: outboxMessages.redactedBody,
      body: outboxMessages.body,
      requestId: outboxMessages.requestId,
    })
    .from(outboxMessages);
  const fresh = rows.filter((r) => !seen.has(r.id));
  for (const r of fresh) seen.add(r.id);
  return fresh;
}
