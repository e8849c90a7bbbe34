import { Writable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { outboxMessages, withdrawals } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/clock';
import { startDeliveryWorker } from '../../src/server/jobs/delivery';
import { startWithdrawalsWorker } from '../../src/server/jobs/withdrawals';
import type { MessageAdapter } from '../../src/server/providers/messages/types';
import type { TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, disburse, newKey, ok, post as postAs, signingCode } from '../fixtures/loans';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode } from '../fixtures/withdrawals';
import { post, registerMember, registrationBody } from './identity-helpers';

/**
 * A request id carried into the jobs. A row a request leaves for a job (an outbox
 * message, a withdrawal) stores the request's id (x-request-id); the job pass that processes it
 * logs with its own reqId (job-...) and the row's originReqId. Rows made outside a request carry none.
 */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});

let database: Database;
let built: BuiltApp;
let t: TestApp;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
    OTP_ANON_PER_ADDRESS_HOURLY: '1000',
    OTP_ANON_PER_PREFIX_HOURLY: '1000',
    PAYOUT_PROVIDER: 'simulated',
  });
  const clock = new ManualClock(new Date('2026-11-22T04:00:00Z'));
  database = await openDatabase({});
  built = await buildApp({ config, database, clock, logger: { level: 'info', stream: sink } });
  await built.app.ready();
  t = { ...built, clock, close: async () => undefined };
}, 120_000);
afterAll(async () => {
  await built.app.close();
  await database.close();
});

const sent: string[] = [];
const adapter: MessageAdapter = {
  name: 'recording',
  async deliver(message) {
    sent.push(message.idempotencyKey);
    return { providerMessageId: `p-${sent.length}` };
  },
};

function requestIdOf(res: { headers: Record<string, unknown> }): string {
  const id = String(res.headers['x-request-id'] ?? '');
  expect(id).not.toBe('');
  return id;
}

/** The channels of the outbox rows a request left, sorted. */
async function channelsOf(requestId: string): Promise<string[]> {
  const rows = await t.deps.db.select({ channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.requestId, requestId));
  return rows.map((r) => r.channel).sort();
}

/** How many messages to this phone were made outside any request. */
async function fromNoRequest(phone: string): Promise<number> {
  const rows = await t.deps.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), isNull(outboxMessages.requestId)));
  return rows.length;
}

describe('the request id travels with the work a job does for the request', () => {
  it('an SMS queued by a request carries its id; the delivery pass logs it as originReqId beside its own job id', async () => {
    const body = registrationBody();
    const start = await post(t, '/api/auth/register', body);
    expect(start.statusCode, start.body).toBeLessThan(300);
    const reqId = String(start.headers['x-request-id']);
    expect(reqId).not.toBe('');
    const rows = await t.deps.db.select().from(outboxMessages);
    const mine = rows.filter((r) => r.requestId === reqId);
    expect(mine).toHaveLength(1);

    lines.length = 0;
    const worker = startDeliveryWorker(t.deps, { SMS: adapter, EMAIL: null }, built.app.log, 3_600_000);
    try {
      await worker.tick();
    } finally {
      await worker.stop();
    }
    expect(sent).toContain(mine[0]!.id);
    const line = lines.find((l) => l.messageId === mine[0]!.id);
    expect(line).toMatchObject({ msg: 'outbox message processed', outcome: 'SENT', originReqId: reqId, job: 'delivery worker' });
    expect(String(line!.reqId)).toMatch(/^job-/);
    expect(line!.reqId).not.toBe(reqId);
    // Never a body or a recipient in the line.
    expect(JSON.stringify(line)).not.toContain(mine[0]!.recipient);
  }, 60_000);

  it('a withdrawal created by a request and expired by the job: the job logs the creating request id', async () => {
    const officer = await createStaff(t, 'OFFICER');
    const checker = await createStaff(t, 'OFFICER');
    const member = await fundedMember(t, officer, checker);
    const created = await requestWithdrawal(t, member.cookie, '500.00');
    expect(created.statusCode, created.body).toBe(201);
    const reqId = String(created.headers['x-request-id']);
    const id = created.json().id as string;
    const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.requestId).toBe(reqId);
    // Its code SMS and e-mail, written with the idempotent answer, carry the same id.
    expect(await channelsOf(reqId)).toEqual(['EMAIL', 'SMS']);
    // Everything the member was sent so far came from a request.
    expect(await fromNoRequest(member.phone)).toBe(0);

    t.clock.advance(60 * 60_000); // past the code's validity: the pass expires it
    lines.length = 0;
    const worker = startWithdrawalsWorker(t.deps, built.app.log, 3_600_000);
    try {
      expect((await worker.tick()).expired).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    const line = lines.find((l) => l.withdrawalId === id);
    expect(line).toMatchObject({ msg: 'withdrawal processed', outcome: 'EXPIRED', originReqId: reqId, job: 'withdrawals worker' });
    expect(String(line!.reqId)).toMatch(/^job-/);
    // The notice of the expiry was made by the job, not by the request that created the withdrawal.
    expect(await fromNoRequest(member.phone)).toBe(1);
  }, 120_000);

  it("an officer's actions and the member's contract code and signature: each message carries its own request's id", async () => {
    const officer = await createStaff(t, 'OFFICER');
    const checker = await createStaff(t, 'OFFICER');
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie), 201).loan.id as string;
    ok(await postAs(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    const approved = await postAs(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term });
    ok(approved);
    expect(await channelsOf(requestIdOf(approved))).toEqual(['EMAIL', 'SMS']);
    const code = await postAs(t, member.cookie, '/api/loans/current/contract/code');
    ok(code);
    expect(await channelsOf(requestIdOf(code))).toEqual(['SMS']);
    const signed = await postAs(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) });
    ok(signed);
    expect(await channelsOf(requestIdOf(signed))).toEqual(['SMS']);
    const disbursed = await disburse(t, checker.cookie, loanId);
    ok(disbursed);
    expect(await channelsOf(requestIdOf(disbursed))).toEqual(['SMS']);
    expect(await fromNoRequest(member.phone)).toBe(0);
  }, 120_000);

  it("a repayment receipt and a withdrawal's confirmation: the receipt and the status messages carry the paying and confirming requests' ids", async () => {
    const officer = await createStaff(t, 'OFFICER');
    const checker = await createStaff(t, 'OFFICER');
    const member = await fundedMember(t, officer, checker);
    const paid = await postAs(t, member.cookie, '/api/loans/current/payments', { amount: '34334.00' }, { 'idempotency-key': newKey() });
    ok(paid, 201);
    expect(await channelsOf(requestIdOf(paid))).toEqual(['EMAIL', 'SMS']);

    t.clock.advance(61_000); // the next code for this phone may be sent after a minute
    const created = await requestWithdrawal(t, member.cookie, '500.00');
    ok(created, 201);
    const confirmed = await confirmWithdrawal(t, member.cookie, created.json().id as string, await withdrawalCode(t, member.phone));
    ok(confirmed);
    expect(await channelsOf(requestIdOf(confirmed))).toEqual(['EMAIL', 'SMS']);
    expect(await fromNoRequest(member.phone)).toBe(0);
  }, 120_000);

  it("a password change: the member's notice carries the request's id", async () => {
    const m = await registerMember(t);
    const newPassword = 'Kalesa-Bibingka-4417';
    const changed = await post(t, '/api/auth/password', { currentPassword: m.password, newPassword, confirmPassword: newPassword }, m.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await channelsOf(requestIdOf(changed))).toEqual(['EMAIL', 'SMS']);
  }, 60_000);

  it('a row made outside any request carries no request id', async () => {
    const { queueSms } = await import('../../src/server/providers/notify');
    await queueSms(t.deps.db, { to: '+639171110000', body: 'outside a request' }, { requestId: null });
    const [row] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, '+639171110000'));
    expect(row!.requestId).toBeNull();
  });

  it('nothing above was logged as an error', () => {
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
