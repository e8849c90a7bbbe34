import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryLog } from '../../src/server/db/query-log';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, ok } from '../fixtures/loans';
import { randomUUID } from 'node:crypto';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../../src/server/ledger';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode, type FundedMember } from '../fixtures/withdrawals';
import type { TestMember } from '../fixtures/members';

/**
 * How many statements, and how many sequential round trips, each hot read sends to the database
 * (counted by the database client's wrapper, src/server/db/query-log.ts): the hooks on every
 * request (session and configuration in one statement) plus the route's own reads. A route that
 * starts reading more must change this table on purpose. bench/results/round-trips.md records it.
 * Not a timing test: counts only.
 */
const log = new QueryLog();
let t: TestApp;
let officer: TestMember;
let member: FundedMember;
let withdrawalId: string;
let writer: FundedMember;

beforeAll(async () => {
  t = await createTestApp({}, {}, { queryLog: log });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  member = await fundedMember(t, officer, disburser);
  withdrawalId = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201).id as string;
  writer = await fundedMember(t, officer, disburser);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

async function counted(cookie: string, url: string): Promise<{ queries: number; roundTrips: number }> {
  // A first call warms what is loaded once (configuration, the session's idle touch).
  ok(await get(t, cookie, url));
  log.reset();
  ok(await get(t, cookie, url));
  return { queries: log.queries, roundTrips: log.roundTrips };
}

const MEMBER_ROUTES: Record<string, { queries: number; roundTrips: number }> = {
  '/api/wallet': { queries: 1, roundTrips: 1 }, // was 5 / 5, then 3 / 2 (decision 036); the session joined in (decision 038)
  // was 5 / 5, then 4 / 3, then 3 / 2 (the session joined the loan's statement, decision 038); the contract and timeline joined too (decision 042)
  '/api/loans/current': { queries: 1, roundTrips: 1 },
  '/api/member/account': { queries: 1, roundTrips: 1 }, // was 10 / 10, then 9 / 2; the session and the eight sections in one statement (decision 042)
  // Awaiting its code, with the code's times (issue 9): was 5 / 3; the session, row, events and code's times in one statement (decision 043).
  '/api/withdrawals/:id': { queries: 1, roundTrips: 1 },
  '/api/wallet/transactions': { queries: 6, roundTrips: 4 }, // was 8 / 7
};
const STAFF_ROUTES: Record<string, { queries: number; roundTrips: number }> = {
  '/api/admin/loans': { queries: 1, roundTrips: 1 }, // was 4 / 4, then 3 / 2; the session, page and counts in one statement (decision 042)
  '/api/admin/withdrawals': { queries: 3, roundTrips: 3 }, // was 5 / 5
};

describe('database round trips of the hot reads', () => {
  for (const [route, expected] of Object.entries(MEMBER_ROUTES)) {
    it(`${route} (member)`, async () => {
      const found = await counted(member.cookie, route.replace(':id', withdrawalId));
      expect(found, log.statements.join('\n')).toEqual(expected);
    });
  }
  for (const [route, expected] of Object.entries(STAFF_ROUTES)) {
    it(`${route} (officer)`, async () => {
      const found = await counted(officer.cookie, route);
      expect(found, log.statements.join('\n')).toEqual(expected);
    });
  }

  it('/api/withdrawals/:id once confirmed (member): the status poll, 1 statement (was 4 / 4, then 3 / 2; decision 043)', async () => {
    ok(await confirmWithdrawal(t, member.cookie, withdrawalId, await withdrawalCode(t, member.phone)));
    const found = await counted(member.cookie, `/api/withdrawals/${withdrawalId}`);
    expect(found, log.statements.join('\n')).toEqual({ queries: 1, roundTrips: 1 });
  });
});

/**
 * The hot writes (issue 13 part 2, decision 039): statements sent, BEGIN and COMMIT left out (PGlite
 * opens its transactions without the client's query method; on PostgreSQL each transaction adds
 * those two). Every one is its own round trip here. bench/write-statements.ts prints the counts on
 * either database with each statement's text.
 */
function written(): { statements: number; text: string } {
  const sent = log.statements.filter((s) => !/^\s*(begin|commit)\b/i.test(s));
  return { statements: sent.length, text: sent.join('\n') };
}

describe('database round trips of the hot writes', () => {
  it('a 2-leg ledger transfer: one statement (was 5)', async () => {
    const [wallet, clearing] = await inTransaction(t.deps.db, async (tx) => [
      await ensureMemberWallet(tx, writer.userId),
      await ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'),
    ]);
    log.reset();
    const transfer = await inTransaction(t.deps.db, (tx) =>
      createTransfer(tx, {
        idempotencyKey: randomUUID(),
        code: 'TEST_COUNT',
        description: 'counted',
        legs: [
          { accountId: clearing!, direction: 'DEBIT', amount: 100n },
          { accountId: wallet!, direction: 'CREDIT', amount: 100n },
        ],
        at: t.clock.now(),
      }),
    );
    expect(transfer.replayed).toBe(false);
    const sent = written();
    expect(sent.statements, sent.text).toBe(1);
  });

  it('a withdrawal request: 7 statements (was 25, then 17) and its confirmation: 7 (was 12, then 11)', async () => {
    ok(await get(t, writer.cookie, '/api/withdrawals'));
    // Accounts existing (the wallet and every shard of PAYOUT_CLEARING): the first withdrawal on a
    // shard creates its account with one statement more (ensureAccount), once per shard.
    await inTransaction(t.deps.db, async (tx) => {
      await ensureMemberWallet(tx, writer.userId);
      for (let shard = 0; shard < t.deps.config.ledgerSystemShards; shard += 1) await ensureSystemAccount(tx, 'PAYOUT_CLEARING', shard);
    });
    log.reset();
    const id = ok(await requestWithdrawal(t, writer.cookie, '1000.00'), 201).id as string;
    const request = written();
    const code = await withdrawalCode(t, writer.phone);
    log.reset();
    ok(await confirmWithdrawal(t, writer.cookie, id, code));
    const confirmation = written();
    // Request: session, key claim, the context read (payout account, open withdrawal, account ids,
    // contact), the hold, the row with its event and the code's lock, the code, the answer with its
    // messages. Confirmation: session, key claim, the row locked, the code read, the code used, the
    // change with its event and events, the answer with its messages (decision 041).
    expect(request.statements, request.text).toBe(7);
    expect(confirmation.statements, confirmation.text).toBe(7);
  });
});
