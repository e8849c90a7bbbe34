import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelPayments, loanCharges, loanEvents, loanPayments, loans, ledgerTransfers } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { toDecimalString } from '../../src/shared/money/money';
import { receiveConfirmation } from '../../src/server/modules/repayments/channel';
import { runServicing } from '../../src/server/modules/repayments/daily';
import type { ConfirmationEvent } from '../../src/server/providers/collections';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  APPLICATION,
  apply,
  createActivatedMember,
  createStaff,
  disburse,
  expectLedgerSound,
  newKey,
  ok,
  post,
  signedLoan,
  signingCode,
} from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, payoff, quote, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';
import { addDays } from '../../src/shared/loan/day';
import { parseAmount } from '../../src/shared/money/money';

/**
 * Servicing money paths raced against each other (hostile review): the same member paying twice at
 * once, a payoff while a channel confirmation lands, two officers disbursing or approving one loan,
 * an extension signed while a payment lands, a waiver and a payment of the same charge, the daily job
 * and a payment, two checkers approving one officer payment. Each test states the invariant: the
 * ledger balances (ledger:check per loan), no wallet goes negative, no loan is paid more than it
 * owes, each state transition happens once. Meaningful on a real PostgreSQL server
 * (TEST_DATABASE_URL); on PGlite the requests run one after another and the same invariants hold.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let third: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { COLLECTION_CONFIRM_SECONDS: '60' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  third = await createStaff(t, 'OFFICER', 'Officer Carla Lim');
});
beforeEach(async () => {
  [officer, checker, third] = [await relogin(t, officer), await relogin(t, checker), await relogin(t, third)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const centavos = (text: string) => parseAmount(text)!;

async function walletAvailable(userId: string): Promise<bigint> {
  return (await memberWalletBalance(t.deps.db, userId))?.available ?? 0n;
}

async function eventsOf(loanId: string, action: string) {
  return t.deps.db
    .select()
    .from(loanEvents)
    .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.action, action)));
}

/** What was posted on the loan never exceeds principal + scheduled interest + charges. */
async function expectNotOverpaid(loanId: string, cookie: string) {
  const view = ok(await servicing(t, cookie));
  const posted = (await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId)))
    .filter((p) => p.status === 'POSTED')
    .reduce((s, p) => s + p.amount, 0n);
  const scheduled = view.lines.reduce((s: bigint, l: { scheduled: { total: string } }) => s + centavos(l.scheduled.total), 0n) as bigint;
  const charges = view.charges.reduce(
    (s: bigint, c: { amount: string; waived: boolean; paid: string }) => s + centavos(c.waived ? c.paid : c.amount),
    0n,
  ) as bigint;
  expect(posted).toBeLessThanOrEqual(scheduled + charges);
  expect(centavos(view.totals.paid)).toBe(posted);
  return view;
}

describe('the same member paying at once', () => {
  it('ten payments of everything owed, each with its own key: one pays the loan, the others are refused; the loan is repaid once', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    const before = await walletAvailable(member.userId);
    const max = ok(await servicing(t, member.cookie)).totals.maximumPayment as string;
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(t, member.cookie, max)));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(['LOAN_REPAID', 'AMOUNT_ABOVE_OUTSTANDING'], r.body).toContain(r.json().error.code);
    expect(await walletAvailable(member.userId)).toBe(before - centavos(max));
    expect(await eventsOf(loanId, 'REPAY')).toHaveLength(1);
    const view = await expectNotOverpaid(loanId, member.cookie);
    expect(view.loan.status).toBe('REPAID');
    await expectLedgerSound(t);
  });

  it('two payments of the whole wallet at once: one goes through, the other is refused; the wallet never goes negative', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    // Leave one and a half instalments in the wallet (the rest of the proceeds prepaid), so that two of three payments of an instalment cannot both fit.
    const due = ok(await servicing(t, member.cookie)).nextDue.amount as string;
    const keep = centavos(due) + centavos(due) / 2n;
    const available = await walletAvailable(member.userId);
    ok(await pay(t, member.cookie, toDecimalString(available - keep)), 201);
    expect(await walletAvailable(member.userId)).toBe(keep);
    const results = await Promise.all([pay(t, member.cookie, due), pay(t, member.cookie, due), pay(t, member.cookie, due)]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      // Refused for the wallet, or (once the first shortened what is owed) for the loan: never half-applied.
      expect(['INSUFFICIENT_BALANCE', 'AMOUNT_ABOVE_OUTSTANDING'], r.body).toContain(r.json().error.code);
    }
    expect(await walletAvailable(member.userId)).toBe(keep - centavos(due));
    await expectNotOverpaid(loanId, member.cookie);
    await expectLedgerSound(t);
  });
});

describe('a payoff while a channel payment confirmation lands', () => {
  it('either the payoff closes the loan and the channel money goes to the wallet, or the payment posts and the quote is stale', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, loanId } = await disbursedLoan(t, officer, checker);
      await topUp(t, member.userId, 5_000_000n);
      const due = ok(await servicing(t, member.cookie)).nextDue.amount as string;
      const reference = ok(
        await post(
          t,
          member.cookie,
          '/api/loans/current/channel-payments',
          { method: 'EWALLET', channelCode: 'GCASH', amount: due },
          { 'idempotency-key': newKey() },
        ),
        201,
      ).payment;
      const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, reference.id));
      const q = ok(await quote(t, member.cookie)).quote;
      const walletBefore = await walletAvailable(member.userId);
      const event: ConfirmationEvent = {
        provider: 'SIMULATED',
        source: 'CALLBACK',
        kind: 'SUCCEEDED',
        providerPaymentId: row!.providerPaymentId,
        referenceId: null,
        amount: centavos(due),
        currency: 'PHP',
        paidAt: t.clock.now(),
        payload: { race: round },
      };
      const [paid, confirmation] = await Promise.all([payoff(t, member.cookie, q.quoteId), receiveConfirmation(t.deps, event, null)]);
      if (paid.statusCode === 201) {
        // The payoff won: the loan was closed when the confirmation looked at it.
        expect(confirmation.outcome).toBe('LOAN_CLOSED_TO_WALLET');
        expect(await walletAvailable(member.userId)).toBe(walletBefore - centavos(q.total) + centavos(due));
      } else {
        expect(paid.statusCode, paid.body).toBe(409);
        expect(paid.json().error.code).toBe('QUOTE_STALE');
        expect(confirmation.outcome).toBe('POSTED');
        expect(await walletAvailable(member.userId)).toBe(walletBefore);
      }
      expect((await eventsOf(loanId, 'REPAY')).length).toBe(paid.statusCode === 201 ? 1 : 0);
      await expectNotOverpaid(loanId, member.cookie);
    }
    await expectLedgerSound(t);
  });
});

describe('two officers on one loan at once', () => {
  it('two disbursements with different keys: one transfer, one DISBURSE, the other ALREADY_DISBURSED', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const walletBefore = await walletAvailable(member.userId);
    const [a, b] = await Promise.all([disburse(t, checker.cookie, loanId), disburse(t, third.cookie, loanId)]);
    const codes = [a, b].map((r) => r.statusCode).sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe('ALREADY_DISBURSED');
    expect(await eventsOf(loanId, 'DISBURSE')).toHaveLength(1);
    const transfers = await t.deps.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `loan-disbursement:${loanId}`));
    expect(transfers).toHaveLength(1);
    expect(await walletAvailable(member.userId)).toBe(walletBefore + 20_000_000n);
    await expectLedgerSound(t);
  });

  it('two approvals at once: one APPROVE, the other refused by the state machine; the borrower is told once', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    const body = { amount: APPLICATION.amount, term: APPLICATION.term };
    const results = await Promise.all([
      post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, body),
      post(t, checker.cookie, `/api/admin/loans/${loanId}/approve`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' ')).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('LOAN_STATE');
    expect(await eventsOf(loanId, 'APPROVE')).toHaveLength(1);
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row!.status).toBe('APPROVED');
  });
});

describe('an extension signed while a payment lands', () => {
  it('either the payment changes the statement (EXTENSION_CHANGED) or it is allocated on the new schedule; every allocation stays on its line', async () => {
    const disbursed = await disbursedLoan(t, officer, checker);
    const loanId = disbursed.loanId;
    await topUp(t, disbursed.member.userId, 3_000_000n);
    // Three days in: line 1 is payable, so paying it is not a prepayment (which would make the loan not extendable at all).
    t.clock.advance(3 * 86_400_000);
    const member = await relogin(t, disbursed.member);
    [officer, checker, third] = [await relogin(t, officer), await relogin(t, checker), await relogin(t, third)];
    const ext = ok(await post(t, member.cookie, '/api/loans/current/extension', { term: 12 }), 201).extension;
    ok(await post(t, officer.cookie, `/api/admin/extensions/${ext.id}/approve`, {}));
    t.clock.advance(61_000);
    ok(await post(t, member.cookie, '/api/loans/current/extension/code'));
    const code = await signingCode(t, member.phone);
    const due = ok(await servicing(t, member.cookie)).nextDue.amount as string;
    const [signed, paid] = await Promise.all([post(t, member.cookie, '/api/loans/current/extension/sign', { code }), pay(t, member.cookie, due)]);
    // The payment is in range whichever came first (the first instalment of either schedule, or more as a prepayment).
    expect(paid.statusCode, paid.body).toBe(201);
    if (signed.statusCode === 200) expect(signed.json().extension.status).toBe('EFFECTIVE');
    else {
      expect(signed.statusCode, signed.body).toBe(409);
      expect(signed.json().error.code).toBe('EXTENSION_CHANGED');
    }
    expect((await eventsOf(loanId, 'EXTEND')).length).toBe(signed.statusCode === 200 ? 1 : 0);
    await expectNotOverpaid(loanId, member.cookie);
    await expectLedgerSound(t);
  });
});

describe('an overdue loan: charges, waivers, the daily job and payments at once', () => {
  it('a waiver and a payment of the same charge at once: the charge is paid or waived, never both; the daily job racing a payment charges each day once', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    // 4 days after line 1's due date it carries the collection charge and a day of penalty.
    const dueDate = ok(await servicing(t, member.cookie)).nextDue.dueDate as string;
    travelTo(t, addDays(dueDate, 4));
    const m = await relogin(t, member);
    [officer, checker, third] = [await relogin(t, officer), await relogin(t, checker), await relogin(t, third)];
    await runServicing(t.deps);
    const charges = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loanId));
    expect(charges.length).toBeGreaterThan(0);
    const penalty = charges.find((c) => c.kind === 'PENALTY_INTEREST')!;
    // Pay exactly the smallest accepted amount (line 1 with its charges) while an officer waives the penalty.
    const min = ok(await servicing(t, m.cookie)).totals.minimumPayment as string;
    const [waived, paid] = await Promise.all([
      post(t, officer.cookie, `/api/admin/loans/${loanId}/charges/${penalty.id}/waive`, { reasonCode: 'GOODWILL' }),
      pay(t, m.cookie, min),
    ]);
    const [after] = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.id, penalty.id));
    if (waived.statusCode === 200) {
      // Waived first: the payment could not have been the old minimum without paying more than owed, or was allocated without the penalty.
      expect(after!.paid).toBe(0n);
      expect(after!.waivedAt).not.toBeNull();
    } else {
      expect(waived.statusCode, waived.body).toBe(409);
      expect(waived.json().error.code).toBe('CHARGE_NOT_WAIVABLE');
      expect(after!.paid).toBe(after!.amount);
    }
    expect([201, 400]).toContain(paid.statusCode);
    expect(after!.paid + (after!.waivedAt ? 0n : after!.amount - after!.paid)).toBeLessThanOrEqual(after!.amount);

    // The next day: the job and a payment at once, twice over; each (loan, day) is serviced once.
    const nextDay = addDays(dueDate, 5);
    travelTo(t, nextDay);
    const m2 = await relogin(t, member);
    const next = ok(await servicing(t, m2.cookie)).totals.minimumPayment as string;
    const [, , again] = await Promise.all([runServicing(t.deps), next === '0.00' ? Promise.resolve(null) : pay(t, m2.cookie, next), runServicing(t.deps)]);
    expect(again).toBeDefined();
    const perDay = await t.deps.db
      .select()
      .from(loanCharges)
      .where(and(eq(loanCharges.loanId, loanId), eq(loanCharges.businessDate, nextDay)));
    const kinds = perDay.map((c) => `${c.lineNumber}:${c.kind}`);
    expect(new Set(kinds).size).toBe(kinds.length);
    await expectNotOverpaid(loanId, m2.cookie);
    await expectLedgerSound(t);
  });

  it('two checkers approving one pending officer payment at once: it posts once', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const recorded = await post(
      t,
      officer.cookie,
      `/api/admin/loans/${loanId}/payments`,
      { amount: '60000.00', channel: 'CASH', receivedOn: ok(await servicing(t, member.cookie)).asOf },
      { 'idempotency-key': newKey() },
    );
    expect(recorded.statusCode, recorded.body).toBe(202);
    const paymentId = recorded.json().receipt.paymentId as string;
    const results = await Promise.all([
      post(t, checker.cookie, `/api/admin/loans/${loanId}/payments/${paymentId}/approve`, {}),
      post(t, third.cookie, `/api/admin/loans/${loanId}/payments/${paymentId}/approve`, {}),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' ')).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('PAYMENT_NOT_PENDING');
    const posted = await t.deps.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `loan-payment:${paymentId}`));
    expect(posted).toHaveLength(1);
    await expectNotOverpaid(loanId, member.cookie);
    await expectLedgerSound(t);
  });
});

describe('an officer payment waiting for approval when the loan no longer owes it', () => {
  it('the cash is credited to the borrower wallet (never stuck unrecorded) once the loan was repaid meanwhile, or owes less than it', async () => {
    // Repaid meanwhile: 60,000.00 cash recorded (above the 50,000.00 threshold), then the member pays off from the wallet.
    const first = await disbursedLoan(t, officer, checker);
    await topUp(t, first.member.userId, 1_000_000n);
    const asOf = ok(await servicing(t, first.member.cookie)).asOf as string;
    const recorded = ok(
      await post(
        t,
        officer.cookie,
        `/api/admin/loans/${first.loanId}/payments`,
        { amount: '60000.00', channel: 'CASH', receivedOn: asOf },
        { 'idempotency-key': newKey() },
      ),
      202,
    ).receipt;
    ok(await payoff(t, first.member.cookie, ok(await quote(t, first.member.cookie)).quote.quoteId), 201);
    const walletBefore = await walletAvailable(first.member.userId);
    const approved = await post(t, checker.cookie, `/api/admin/loans/${first.loanId}/payments/${recorded.paymentId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().receipt).toMatchObject({ status: 'CREDITED_TO_WALLET', amount: '60000.00', loanStatus: 'REPAID', allocations: [] });
    expect(await walletAvailable(first.member.userId)).toBe(walletBefore + 6_000_000n);
    // The borrower's list and receipt say where the money went (not "waiting for approval").
    const listed = ok(await servicing(t, first.member.cookie)).payments.find((p: { paymentId: string }) => p.paymentId === recorded.paymentId);
    expect(listed).toMatchObject({ status: 'CREDITED_TO_WALLET', remainingBalance: null, allocations: [] });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/loans/current/payments/${recorded.paymentId}/receipt.pdf`,
      headers: { cookie: first.member.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    // Once only.
    const again = await post(t, third.cookie, `/api/admin/loans/${first.loanId}/payments/${recorded.paymentId}/approve`, {});
    expect(again.json().error.code).toBe('PAYMENT_NOT_PENDING');
    expect(await walletAvailable(first.member.userId)).toBe(walletBefore + 6_000_000n);

    // Owes less than it: 150,000.00 recorded, then the member prepays 100,000.00 from the wallet.
    const second = await disbursedLoan(t, officer, checker);
    const pending = ok(
      await post(
        t,
        officer.cookie,
        `/api/admin/loans/${second.loanId}/payments`,
        { amount: '150000.00', channel: 'BANK_TRANSFER', bankReference: 'BDO-123', receivedOn: asOf },
        { 'idempotency-key': newKey() },
      ),
      202,
    ).receipt;
    ok(await pay(t, second.member.cookie, '100000.00'), 201);
    const before = await walletAvailable(second.member.userId);
    const outstanding = ok(await servicing(t, second.member.cookie)).totals.outstanding;
    const credited = ok(await post(t, checker.cookie, `/api/admin/loans/${second.loanId}/payments/${pending.paymentId}/approve`, {})).receipt;
    expect(credited).toMatchObject({ status: 'CREDITED_TO_WALLET', amount: '150000.00' });
    expect(await walletAvailable(second.member.userId)).toBe(before + 15_000_000n);
    // Nothing was guessed onto the loan: the borrower decides what to pay from the wallet.
    expect(ok(await servicing(t, second.member.cookie)).totals.outstanding).toBe(outstanding);
    await expectLedgerSound(t);
  });
});

describe('a payment reference asked twice at once with the same key (a client retry)', () => {
  it('both answers are the one reference: the retry replays it, never a refusal', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { member, loanId } = await disbursedLoan(t, officer, checker);
      const key = newKey();
      const body = { method: 'EWALLET', channelCode: 'GCASH', amount: '34334.00' };
      const answers = await Promise.all([
        post(t, member.cookie, '/api/loans/current/channel-payments', body, { 'idempotency-key': key }),
        post(t, member.cookie, '/api/loans/current/channel-payments', body, { 'idempotency-key': key }),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 201]);
      expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1);
      expect(await t.deps.db.select().from(channelPayments).where(eq(channelPayments.loanId, loanId))).toHaveLength(1);
    }
  });
});
