import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';
import { createActivatedMember, expectLedgerSound, get, lastSms, ok, post } from '../fixtures/loans';
import { ledgerTransfers, outboxMessages, payoutAccounts, users } from '../../src/server/db/schema';
import { HOUR, MINUTE } from '../../src/server/clock';
import { activation } from '../../src/shared/i18n/en/activation';
import { settings } from '../../src/shared/i18n/en/settings';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_BANK = { institutionCode: 'BPI', accountNumber: '9876-5432-10', accountName: 'Maria Santos Dela Cruz' };
const NEW_EWALLET = { institutionCode: 'GCASH', accountNumber: '0917 555 1234', accountName: 'Maria Santos Dela Cruz' };

function put(cookie: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/member/payout-account', payload: body, headers: cookie ? { cookie } : {} });
}

function requestCode(cookie: string | undefined, body: Record<string, unknown>) {
  return post(t, cookie, '/api/member/payout-account/code', body);
}

async function codeFor(phone: string): Promise<string> {
  const code = /: (\d{6}) is your code to change your payout account/.exec(await lastSms(t, phone))?.[1];
  if (!code) throw new Error('no payout-change code in the outbox');
  return code;
}

async function storedAccount(userId: string) {
  const [row] = await t.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row!;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('payout account change', () => {
  it('shows the current account: masked, in full for the reveal, no hold', async () => {
    const m = await createActivatedMember(t);
    const res = await get(t, m.cookie, '/api/member/payout-account');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ok(res)).toEqual({
      account: {
        institutionCode: 'BDO',
        institutionName: 'BDO Unibank',
        kind: 'BANK',
        accountNumber: '001234567890',
        accountNumberMasked: '001*********',
        accountName: 'Maria Santos Dela Cruz',
        changedAt: null,
      },
      withdrawalsBlockedUntil: null,
      holdHours: 24,
    });
  });

  it('tells a Filipino-speaking member of the change in Filipino (SMS and e-mail), the hold included', async () => {
    const m = await createActivatedMember(t);
    ok(await requestCode(m.cookie, NEW_BANK));
    const code = await codeFor(m.phone);
    // The member switches to Filipino before confirming (the code SMS was in English).
    await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, m.userId));
    ok(await put(m.cookie, { ...NEW_BANK, code }));
    const sms = await lastSms(t, m.phone);
    expect(sms).toContain('napalitan ang iyong payout account ng Bank of the Philippine Islands (BPI) 987');
    expect(sms).toContain('nakahinto ang mga withdrawal hanggang');
    expect(sms).not.toMatch(/was changed|withdrawals are paused/);
    const [email] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, m.email), eq(outboxMessages.channel, 'EMAIL')))
      .orderBy(desc(outboxMessages.createdAt));
    expect(email?.subject).toBe('Napalitan ang payout account mo sa TAPAT');
  });

  it('changes the account with the code sent by SMS, free, sets changed_at, holds withdrawals 24 h and tells the member', async () => {
    const m = await createActivatedMember(t);
    const sent = ok(await requestCode(m.cookie, NEW_BANK));
    expect(sent.sentTo).toMatch(/^\+63 918\*+$/);
    const sms = await lastSms(t, m.phone);
    expect(sms).toContain('to change your payout account to Bank of the Philippine Islands (BPI) 987*******');
    expect(sms).toContain('free');
    expect(sms).not.toContain('9876543210');

    const now = t.clock.now();
    const body = ok(await put(m.cookie, { ...NEW_BANK, code: await codeFor(m.phone) }));
    expect(body.account).toMatchObject({
      institutionCode: 'BPI',
      kind: 'BANK',
      accountNumber: '9876543210',
      accountNumberMasked: '987*******',
      changedAt: now.toISOString(),
    });
    expect(body.withdrawalsBlockedUntil).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    expect(body.holdHours).toBe(24);

    const row = await storedAccount(m.userId);
    expect(row).toMatchObject({ institutionCode: 'BPI', institutionName: 'Bank of the Philippine Islands (BPI)', kind: 'BANK', accountNumber: '9876543210' });
    expect(row.changedAt?.toISOString()).toBe(now.toISOString());

    // Notices by SMS and e-mail; nothing charged (no ledger transfer at all).
    expect(await lastSms(t, m.phone)).toMatch(
      /payout account was changed to Bank of the Philippine Islands \(BPI\) 987\*+\. For your safety, withdrawals are paused until/,
    );
    const [email] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, m.email), eq(outboxMessages.channel, 'EMAIL')))
      .orderBy(desc(outboxMessages.createdAt));
    expect(email?.subject).toBe('Your TAPAT payout account was changed');
    expect(await t.deps.db.select().from(ledgerTransfers)).toEqual([]);
    await expectLedgerSound(t);

    // The hold shows until it ends.
    // (in steps shorter than the 12-hour idle limit of the session)
    for (const hours of [11, 11, 1]) {
      t.clock.advance(hours * HOUR);
      expect(ok(await get(t, m.cookie, '/api/member/payout-account')).withdrawalsBlockedUntil).toBe(body.withdrawalsBlockedUntil);
    }
    t.clock.advance(HOUR);
    expect(ok(await get(t, m.cookie, '/api/member/payout-account')).withdrawalsBlockedUntil).toBeNull();
  });

  it('accepts an e-wallet by its mobile number', async () => {
    const m = await createActivatedMember(t);
    ok(await requestCode(m.cookie, NEW_EWALLET));
    const body = ok(await put(m.cookie, { ...NEW_EWALLET, code: await codeFor(m.phone) }));
    expect(body.account).toMatchObject({ institutionCode: 'GCASH', kind: 'EWALLET', accountNumber: '09175551234', accountNumberMasked: '091********' });
    expect((await storedAccount(m.userId)).accountNumber).toBe('+639175551234');
  });

  it('validates the new account with the activation step-5 rules', async () => {
    const m = await createActivatedMember(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...NEW_BANK, institutionCode: 'NOPE' }, { institutionCode: activation.validation.bankCode }],
      [{ ...NEW_BANK, accountNumber: '12AB5678' }, { accountNumber: translateEn('activation.validation.accountNumberBank') }],
      [{ ...NEW_BANK, accountNumber: '123' }, { accountNumber: translateEn('activation.validation.accountNumber') }],
      [{ ...NEW_EWALLET, accountNumber: '12345678' }, { accountNumber: activation.validation.accountNumberEwallet }],
      [{ ...NEW_BANK, accountName: 'X' }, { accountName: activation.validation.accountName }],
      [{ ...NEW_BANK, userId: m.userId }, { userId: 'Unknown field.' }],
    ];
    for (const [body, fields] of cases) {
      const res = await requestCode(m.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toMatchObject(Object.fromEntries(Object.keys(fields).map((k) => [k, expect.any(String)])));
      for (const [k, v] of Object.entries(fields)) if (k !== 'userId') expect(res.json().error.fields[k]).toBe(v);
    }
    const same = await requestCode(m.cookie, { institutionCode: 'BDO', accountNumber: '0012 3456 7890', accountName: 'Maria Santos Dela Cruz' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ accountNumber: settings.payout.same });
    const noCode = await put(m.cookie, NEW_BANK);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toHaveProperty('code');
    expect((await storedAccount(m.userId)).institutionCode).toBe('BDO');
  });

  it('refuses a wrong, expired or reused code and a code sent for other details', async () => {
    const m = await createActivatedMember(t);
    ok(await requestCode(m.cookie, NEW_BANK));
    const code = await codeFor(m.phone);

    const bad = await put(m.cookie, { ...NEW_BANK, code: wrong(code) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CODE_INVALID');
    // The code was sent for NEW_BANK: it cannot change the account to anything else.
    const other = await put(m.cookie, { ...NEW_BANK, accountNumber: '1111 2222 3333', code });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('CODE_NOT_FOUND');
    expect((await storedAccount(m.userId)).institutionCode).toBe('BDO');

    t.clock.advance(5 * MINUTE + 1000);
    const expired = await put(m.cookie, { ...NEW_BANK, code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CODE_EXPIRED');
    expect((await storedAccount(m.userId)).changedAt).toBeNull();

    ok(await requestCode(m.cookie, NEW_EWALLET));
    const fresh = await codeFor(m.phone);
    ok(await put(m.cookie, { ...NEW_EWALLET, code: fresh }));
    // The used code cannot change it again (back to the bank account).
    t.clock.advance(MINUTE);
    const reused = await put(m.cookie, { ...NEW_BANK, code: fresh });
    expect(reused.statusCode).toBe(400);
    expect((await storedAccount(m.userId)).institutionCode).toBe('GCASH');
  });

  it('locks the code after five wrong tries', async () => {
    const m = await createActivatedMember(t);
    ok(await requestCode(m.cookie, NEW_BANK));
    const code = await codeFor(m.phone);
    for (let i = 0; i < 4; i++) expect((await put(m.cookie, { ...NEW_BANK, code: wrong(code) })).json().error.code).toBe('CODE_INVALID');
    expect((await put(m.cookie, { ...NEW_BANK, code: wrong(code) })).statusCode).toBe(429);
    const locked = await put(m.cookie, { ...NEW_BANK, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('CODE_LOCKED');
    expect((await storedAccount(m.userId)).institutionCode).toBe('BDO');
  });

  it("never lets a member use another member's code or touch another member's account", async () => {
    const a = await createActivatedMember(t);
    const b = await createActivatedMember(t);
    ok(await requestCode(a.cookie, NEW_BANK));
    const aCode = await codeFor(a.phone);
    const stolen = await put(b.cookie, { ...NEW_BANK, code: aCode });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('CODE_NOT_FOUND');
    expect((await storedAccount(a.userId)).institutionCode).toBe('BDO');
    expect((await storedAccount(b.userId)).institutionCode).toBe('BDO');
    // b's own change touches b only.
    ok(await requestCode(b.cookie, NEW_EWALLET));
    ok(await put(b.cookie, { ...NEW_EWALLET, code: await codeFor(b.phone) }));
    expect((await storedAccount(a.userId)).institutionCode).toBe('BDO');
    expect(ok(await get(t, a.cookie, '/api/member/payout-account')).account.institutionCode).toBe('BDO');
  });

  it('refuses anonymous requests and members who have not finished activation', async () => {
    expect((await get(t, undefined, '/api/member/payout-account')).statusCode).toBe(401);
    expect((await requestCode(undefined, NEW_BANK)).statusCode).toBe(401);
    expect((await put(undefined, { ...NEW_BANK, code: '123456' })).statusCode).toBe(401);

    const activating = await createMember(t, { accountState: 'BANK_INFO' });
    expect(ok(await get(t, activating.cookie, '/api/member/payout-account'))).toEqual({ account: null, withdrawalsBlockedUntil: null, holdHours: 24 });
    const res = await requestCode(activating.cookie, NEW_BANK);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(settings.payout.notActivated);
  });
});

describe('payout account change with another hold', () => {
  it('holds withdrawals for WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS and says so', async () => {
    const other = await createTestApp({}, { WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS: '48' });
    try {
      const m = await createActivatedMember(other);
      ok(await other.app.inject({ method: 'POST', url: '/api/member/payout-account/code', payload: NEW_BANK, headers: { cookie: m.cookie } }));
      const code = /: (\d{6}) is your code/.exec(await lastSms(other, m.phone))![1]!;
      const now = other.clock.now();
      const body = ok(
        await other.app.inject({ method: 'PUT', url: '/api/member/payout-account', payload: { ...NEW_BANK, code }, headers: { cookie: m.cookie } }),
      );
      expect(body.holdHours).toBe(48);
      expect(body.withdrawalsBlockedUntil).toBe(new Date(now.getTime() + 48 * HOUR).toISOString());
      // The refusal names the configured hours (it once said 24 whatever the setting).
      const refused = await other.app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        payload: { amount: '500.00' },
        headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'WITHDRAWAL_BLOCKED' });
      expect(refused.json().error.message).toContain('paused for 48 hours');
      expect(refused.json().error.message).not.toContain('24 hours');
    } finally {
      await other.close();
    }
  });
});
