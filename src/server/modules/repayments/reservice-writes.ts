import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loanCharges, loanPaymentAllocations, loanPayments } from '../../db/schema';
import { writeAudit } from '../../audit/log';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, type SystemAccount, type TransferLeg } from '../../ledger';
import type { ReplayResult } from '../../../shared/loan/reservice';
import type { Allocation, AllocationComponent } from '../../../shared/loan/servicing';
import { toDecimalString, type Centavos } from '../../../shared/money/money';
import { waiveChargeTransfer, writeLines, type ChargeRow, type PaymentRow, type ServicingState } from './core';
import { SYSTEM_ACTOR } from '../../domain/loans/transition';
import type { LoanRow } from '../../domain/loans/repository';

/**
 * The writes of a loan's re-servicing (decision 066; reservice.ts decides, these write), each in the
 * caller's transaction with the loan row locked: the replay's allocations and lines, each moved
 * payment's change of split in one transfer, the charges reduced and the charges reversed.
 */

type OldAllocation = typeof loanPaymentAllocations.$inferSelect;

const ACCOUNT_OF: Record<AllocationComponent, SystemAccount> = {
  CHARGE: 'LATE_CHARGES_RECEIVABLE',
  FEES: 'FEE_INCOME',
  INTEREST: 'INTEREST_INCOME',
  PRINCIPAL: 'LOANS_RECEIVABLE',
};

function bySplit(allocations: readonly Pick<Allocation, 'component' | 'amount'>[]): Map<SystemAccount, Centavos> {
  const out = new Map<SystemAccount, Centavos>();
  for (const a of allocations) out.set(ACCOUNT_OF[a.component], (out.get(ACCOUNT_OF[a.component]) ?? 0n) + a.amount);
  return out;
}

/** A charge reversed or reduced by the fair allocation, in the audit log (what it was, what became of it). */
async function auditChargeReversed(tx: Tx, loanId: string, number: string, c: ChargeRow, outcome: Record<string, string>, now: Date): Promise<void> {
  await writeAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: 'LOAN_CHARGE_REVERSED',
    subjectType: 'LOAN',
    subjectId: loanId,
    details: {
      loanNumber: number,
      chargeId: c.id,
      lineNumber: c.lineNumber,
      kind: c.kind,
      businessDate: c.businessDate,
      amount: toDecimalString(c.amount),
      ...outcome,
      reasonCode: 'FAIR_ALLOCATION',
    },
    ip: null,
    at: now,
  });
}

/** The moved payments' allocations replaced by the replay's, the lines whose paid amounts changed, what each charge was paid. */
export async function writeReplayedAllocations(
  tx: Tx,
  loanId: string,
  state: ServicingState,
  replay: ReplayResult,
  movedPayments: readonly PaymentRow[],
): Promise<void> {
  const moved = movedPayments.map((p) => p.id);
  if (moved.length > 0) await tx.delete(loanPaymentAllocations).where(inArray(loanPaymentAllocations.paymentId, moved));
  const fresh = movedPayments.flatMap((p) =>
    (replay.allocations.get(p.id) ?? []).map((a) => ({
      paymentId: p.id,
      loanId,
      lineNumber: a.lineNumber,
      component: a.component,
      chargeId: a.chargeId,
      amount: a.amount,
      prepayment: a.prepayment,
    })),
  );
  if (fresh.length > 0) await tx.insert(loanPaymentAllocations).values(fresh);
  await writeLines(tx, loanId, state.lines, replay.lines);
  // What the replay paid on each charge (a reduced charge's amount is set with it below, after the transfers).
  for (const c of state.chargeRows) {
    const paid = replay.kept.has(c.id) ? (replay.chargePaid.get(c.id) ?? 0n) : 0n;
    if (paid !== c.paid && !replay.reduced.has(c.id)) await tx.update(loanCharges).set({ paid }).where(eq(loanCharges.id, c.id));
  }
}

/** Each moved payment's change of split, in one transfer (what is no longer owed goes to the wallet). */
export async function rebookSplits(
  tx: Tx,
  loan: LoanRow,
  number: string,
  movedPayments: readonly PaymentRow[],
  oldAllocations: readonly OldAllocation[],
  replay: ReplayResult,
  now: Date,
): Promise<{ paymentId: string; transferId: string; returned: string }[]> {
  const loanId = loan.id;
  const transfers: { paymentId: string; transferId: string; returned: string }[] = [];
  for (const p of movedPayments) {
    const before = bySplit(
      oldAllocations.filter((a) => a.paymentId === p.id).map((a) => ({ component: a.component as AllocationComponent, amount: a.amount })),
    );
    const after = bySplit(replay.allocations.get(p.id) ?? []);
    const returned = replay.unallocated.get(p.id) ?? 0n;
    const legs: TransferLeg[] = [];
    for (const account of Object.values(ACCOUNT_OF)) {
      const delta = (after.get(account) ?? 0n) - (before.get(account) ?? 0n);
      if (delta === 0n) continue;
      legs.push({
        accountId: await ensureSystemAccount(tx, account, loan.ledgerShard),
        direction: delta > 0n ? 'CREDIT' : 'DEBIT',
        amount: delta > 0n ? delta : -delta,
      });
    }
    if (returned > 0n) legs.push({ accountId: await ensureMemberWallet(tx, loan.memberId), direction: 'CREDIT', amount: returned });
    if (legs.length === 0) continue;
    const transfer = await createTransfer(tx, {
      idempotencyKey: `loan-reallocation:${p.id}`,
      code: 'LOAN_REALLOCATION',
      reference: loanId,
      description: `Payment on loan ${number} re-applied under the fair allocation (decision 066)`,
      legs,
      at: now,
    });
    await tx.update(loanPayments).set({ reallocationTransferId: transfer.id, returnedToWallet: returned }).where(eq(loanPayments.id, p.id));
    transfers.push({ paymentId: p.id, transferId: transfer.id, returned: toDecimalString(returned) });
  }
  return transfers;
}

/** Charges the fair allocation would have made smaller: reduced, the difference reversed as a waiver is, each audited. */
export async function reduceCharges(tx: Tx, loan: LoanRow, number: string, toReduce: readonly ChargeRow[], replay: ReplayResult, now: Date): Promise<Centavos> {
  const loanId = loan.id;
  let reducedTotal = 0n;
  for (const c of toReduce) {
    const replayed = replay.reduced.get(c.id)!;
    const difference = c.amount - replayed.amount;
    const transfer = await waiveChargeTransfer(
      tx,
      loan,
      `loan-charge-reduction:${c.id}`,
      `Late charge reduced on loan ${number} (FAIR_ALLOCATION, decision 066)`,
      difference,
      now,
    );
    const b = replayed.basis;
    await tx
      .update(loanCharges)
      .set({
        amount: replayed.amount,
        paid: replay.chargePaid.get(c.id) ?? 0n,
        reducedFrom: c.amount,
        reductionTransferId: transfer.id,
        basis: {
          overdueAmount: toDecimalString(b.overdueAmount),
          daysLate: b.daysLate,
          rateBps: b.rateBps,
          uncapped: toDecimalString(b.uncapped),
          headroom: toDecimalString(b.headroom),
          capped: b.capped,
        },
      })
      .where(eq(loanCharges.id, c.id));
    await auditChargeReversed(tx, loanId, number, c, { reducedTo: toDecimalString(replayed.amount), reversed: toDecimalString(difference) }, now);
    reducedTotal += difference;
  }
  return reducedTotal;
}

/** Charges the fair allocation would not have made: reversed as a waiver is (penalty income back to the receivable), each audited. */
export async function reverseCharges(
  tx: Tx,
  loan: LoanRow,
  number: string,
  toReverse: readonly ChargeRow[],
  now: Date,
): Promise<{ total: Centavos; count: number }> {
  const loanId = loan.id;
  let reversedTotal = 0n;
  let reversedCount = 0;
  for (const c of toReverse) {
    if (c.waivedAt !== null) continue; // Already waived by an officer: nothing is owed or booked on it any more.
    const transfer = await waiveChargeTransfer(
      tx,
      loan,
      `loan-charge-waiver:${c.id}`,
      `Late charge reversed on loan ${number} (FAIR_ALLOCATION, decision 066)`,
      c.amount,
      now,
    );
    await tx
      .update(loanCharges)
      .set({ waivedAt: now, waivedBy: null, waiveReasonCode: 'FAIR_ALLOCATION', waiveTransferId: transfer.id })
      .where(eq(loanCharges.id, c.id));
    await auditChargeReversed(tx, loanId, number, c, { paidBefore: toDecimalString(c.paid) }, now);
    reversedTotal += c.amount;
    reversedCount += 1;
  }
  return { total: reversedTotal, count: reversedCount };
}
