import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loanPayments } from '../../src/server/db/schema';
import { philippineDate } from '../../src/shared/activation/age';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, relogin } from '../fixtures/repayments';

/**
 * A payment an officer records (cash with its official receipt number, or a bank transfer with the
 * bank's reference) is money received once: a reference already recorded on another officer
 * payment, on this loan or any other, is refused with 409 PAYMENT_REFERENCE_USED naming the payment
 * and loan, compared by letters and digits without case as payout references are (decision 052).
 * Otherwise one deposit slip recorded twice, by one officer or two, pays a loan with money that
 * arrived once.
 */

let t: TestApp;
let officer: TestMember;
let second: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  second = await createStaff(t, 'OFFICER', 'Officer Carla Santos');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  [officer, second, checker] = [await relogin(t, officer), await relogin(t, second), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const payment = (amount: string, bankReference: string | undefined, channel: 'CASH' | 'BANK_TRANSFER' = 'BANK_TRANSFER') => ({
  amount,
  channel,
  ...(bankReference === undefined ? {} : { bankReference }),
  receivedOn: philippineDate(t.clock.now()),
});
const record = (who: TestMember, loanId: string, body: ReturnType<typeof payment>, key = newKey()) =>
  post(t, who.cookie, `/api/admin/loans/${loanId}/payments`, body, { 'idempotency-key': key });

describe('an officer payment reference is recorded once', () => {
  it('the same bank reference again, on another loan, by another officer, in another spelling: refused, nothing posted', async () => {
    const a = await disbursedLoan(t, officer, checker);
    const b = await disbursedLoan(t, officer, checker);
    const first = ok(await record(officer, a.loanId, payment('1000.00', 'BDO-PN 7788-12')), 201) as { receipt: { reference: string } };

    for (const [who, loanId, spelling] of [
      [officer, a.loanId, 'BDO-PN 7788-12'],
      [second, a.loanId, 'bdo pn 778812'],
      [second, b.loanId, 'BDO.PN/7788.12'],
    ] as const) {
      const res = await record(who, loanId, payment('1000.00', spelling));
      expect(res.statusCode, spelling).toBe(409);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PAYMENT_REFERENCE_USED');
      expect(body.error.message).toContain(first.receipt.reference);
    }
    const onB = await t.deps.db.select({ id: loanPayments.id }).from(loanPayments).where(eq(loanPayments.loanId, b.loanId));
    expect(onB).toEqual([]);
    const onA = await t.deps.db.select({ id: loanPayments.id }).from(loanPayments).where(eq(loanPayments.loanId, a.loanId));
    expect(onA).toHaveLength(1);
  });

  it('a cash receipt number is a reference too; a different one, or none for cash, is accepted', async () => {
    const { loanId } = await disbursedLoan(t, officer, checker);
    ok(await record(officer, loanId, payment('500.00', 'OR-000777', 'CASH')), 201);
    expect((await record(officer, loanId, payment('500.00', 'or 000777', 'CASH'))).statusCode).toBe(409);
    ok(await record(officer, loanId, payment('500.00', 'OR-000778', 'CASH')), 201);
    ok(await record(officer, loanId, payment('500.00', undefined, 'CASH')), 201);
    ok(await record(officer, loanId, payment('500.00', undefined, 'CASH')), 201);
  });

  it('a retry of the same request (its Idempotency-Key) gets the first answer, not a refusal', async () => {
    const { loanId } = await disbursedLoan(t, officer, checker);
    const key = newKey();
    const body = payment('750.00', 'MBTC-55501');
    const first = ok(await record(officer, loanId, body, key), 201);
    const again = ok(await record(officer, loanId, body, key), 201);
    expect(again).toEqual(first);
  });

  it('a reference of punctuation only, or with an invisible or look-alike character, is refused on the field', async () => {
    const { loanId } = await disbursedLoan(t, officer, checker);
    for (const reference of ['---', 'BDO\u00a07788', 'BDO\u200b7788', 'BDО-7788' /* Cyrillic O */]) {
      const res = await record(officer, loanId, payment('100.00', reference));
      expect(res.statusCode, JSON.stringify(reference)).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields.bankReference).toMatch(
        /^Type the reference as the bank or receipt prints it/,
      );
    }
  });
});
