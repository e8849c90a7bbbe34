import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryLog } from '../src/server/db/query-log';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';
import { createTestApp } from '../tests/fixtures/app';
import { createStaff, expectLedgerSound, get, newKey, ok, post } from '../tests/fixtures/loans';
import { disbursedLoan, topUp } from '../tests/fixtures/repayments';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode } from '../tests/fixtures/withdrawals';

/**
 * Statement budgets of the hot paths: how many statements, and sequential round trips, each hot read
 * sends (the request hooks, session and configuration in one statement, plus the route's own reads)
 * and how many statements each hot write sends, BEGIN and COMMIT left out (PGlite opens its
 * transactions without the client's query method). Counted by the database client's wrapper
 * (src/server/db/query-log.ts) on the embedded database, compared with the budgets recorded in
 * bench/statement-budgets.json (decisions 036-043 brought them down; the figures before are in the
 * notes there and in results/round-trips.md).
 *
 * More than the budget fails (exit 1): a route that starts reading more must raise its budget on
 * purpose. Fewer is reported as room: lower the budget in the same change. Not a timing: counts.
 *
 *   npx tsx bench/statement-budgets.ts          (.ci/run runs it)
 *   VERBOSE=1 npx tsx bench/statement-budgets.ts   (prints each counted statement)
 */
interface Count {
  readonly queries: number;
  readonly roundTrips?: number;
}
interface Budgets {
  readonly reads: Record<string, Count & { readonly as: 'member' | 'officer'; readonly note?: string }>;
  readonly writes: Record<string, Count & { readonly note?: string }>;
}
const budgetsFile = path.resolve(import.meta.dirname, 'statement-budgets.json');
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as Budgets;

const log = new QueryLog();
const t = await createTestApp({}, {}, { queryLog: log });
const measured: Record<string, Count> = {};
const verbose = process.env.VERBOSE === '1';
const show = (name: string, statements: readonly string[]) => {
  if (verbose) console.log(`\n${name}:\n  ${statements.join('\n  ')}`);
};
try {
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const member = await fundedMember(t, officer, disburser);
  const withdrawalId = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201).id as string;
  const writer = await fundedMember(t, officer, disburser);

  const counted = async (cookie: string, url: string): Promise<Count> => {
    // A first call warms what is loaded once (configuration, the session's idle touch).
    ok(await get(t, cookie, url));
    log.reset();
    ok(await get(t, cookie, url));
    return { queries: log.queries, roundTrips: log.roundTrips };
  };
  const written = (): Count & { text: string[] } => {
    const sent = log.statements.filter((s) => !/^\s*(begin|commit)\b/i.test(s));
    return { queries: sent.length, text: sent };
  };

  for (const [name, budget] of Object.entries(budgets.reads)) {
    if (name === 'GET /api/withdrawals/:id once confirmed') continue;
    const url = name.replace(/^GET /, '').replace(':id', withdrawalId);
    measured[name] = await counted(budget.as === 'member' ? member.cookie : officer.cookie, url);
    show(name, log.statements);
  }
  ok(await confirmWithdrawal(t, member.cookie, withdrawalId, await withdrawalCode(t, member.phone)));
  measured['GET /api/withdrawals/:id once confirmed'] = await counted(member.cookie, `/api/withdrawals/${withdrawalId}`);
  show('GET /api/withdrawals/:id once confirmed', log.statements);

  // A 2-leg ledger transfer, its accounts existing.
  const [wallet, clearing] = await inTransaction(t.deps.db, async (tx) => [
    await ensureMemberWallet(tx, writer.userId),
    await ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'),
  ]);
  log.reset();
  await inTransaction(t.deps.db, (tx) =>
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
  let sent = written();
  measured['ledger transfer, 2 legs'] = { queries: sent.queries };
  show('ledger transfer, 2 legs', sent.text);

  // A withdrawal request and its confirmation, the accounts existing (the wallet and every shard of
  // PAYOUT_CLEARING: the first withdrawal on a shard creates its account, one statement more, once).
  ok(await get(t, writer.cookie, '/api/withdrawals'));
  await inTransaction(t.deps.db, async (tx) => {
    await ensureMemberWallet(tx, writer.userId);
    for (let shard = 0; shard < t.deps.config.ledgerSystemShards; shard += 1) await ensureSystemAccount(tx, 'PAYOUT_CLEARING', shard);
  });
  log.reset();
  const id = ok(await requestWithdrawal(t, writer.cookie, '1000.00'), 201).id as string;
  sent = written();
  measured['withdrawal request'] = { queries: sent.queries };
  show('withdrawal request', sent.text);
  const code = await withdrawalCode(t, writer.phone);
  log.reset();
  ok(await confirmWithdrawal(t, writer.cookie, id, code));
  sent = written();
  measured['withdrawal confirmation'] = { queries: sent.queries };
  show('withdrawal confirmation', sent.text);

  // A wallet payment of an instalment, no transition (the loan already active; bench/payday-statements.ts
  // counts the payday's two requests): two earlier payments of the same loan have read its shard's
  // system accounts, kept per database once committed (decision 089).
  const payer = (await disbursedLoan(t, officer, disburser)).member;
  await topUp(t, payer.userId, 100_000_00n);
  const pay = async () => ok(await post(t, payer.cookie, '/api/loans/current/payments', { amount: '5000.00' }, { 'idempotency-key': newKey() }), 201);
  await pay();
  await pay();
  log.reset();
  await pay();
  sent = written();
  measured['wallet payment'] = { queries: sent.queries };
  show('wallet payment', sent.text);
  await expectLedgerSound(t);
} finally {
  await t.close();
}

const rows: string[] = [];
let over = 0;
let room = 0;
for (const [name, budget] of [...Object.entries(budgets.reads), ...Object.entries(budgets.writes)]) {
  const found = measured[name];
  if (!found) throw new Error(`not measured: ${name}`);
  const cell = (c: Count) => (c.roundTrips === undefined ? `${c.queries}` : `${c.queries} / ${c.roundTrips}`);
  const worse = found.queries > budget.queries || (budget.roundTrips !== undefined && (found.roundTrips ?? 0) > budget.roundTrips);
  const better = !worse && (found.queries < budget.queries || (budget.roundTrips !== undefined && (found.roundTrips ?? 0) < budget.roundTrips));
  if (worse) over += 1;
  if (better) room += 1;
  rows.push(`| ${name} | ${cell(budget)} | ${cell(found)} | ${worse ? 'OVER' : better ? 'under: lower the budget' : 'at budget'} |`);
}
const table = ['| Path | Budget (statements / round trips) | Measured | |', '|---|---|---|---|', ...rows].join('\n');
console.log(table);
const out = process.env.BUDGETS_OUT;
if (out) {
  writeFileSync(
    path.resolve(out),
    `${JSON.stringify({ date: new Date().toISOString(), machine: `${os.cpus().length} cores, node ${process.version}`, load: os.loadavg(), measured }, null, 2)}\n`,
  );
}
if (room) console.log(`\n${room} path(s) under budget: lower bench/statement-budgets.json to what was measured.`);
if (over) {
  console.error(`\n${over} path(s) over their statement budget (bench/statement-budgets.json).`);
  process.exitCode = 1;
}
