import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, PHP } from '../fixtures/loans';
import { disbursedLoan, topUp } from '../fixtures/repayments';
import { CURRENT_PRODUCT } from '../../src/shared/loan/product';
import { loadState } from '../../src/server/modules/repayments/core';
import { loanById } from '../../src/server/domain/loans/repository';
import { todayPh } from '../../src/server/domain/day';
import { checkDay, describeViolations, formatCentavos as fmt, takeCharges, takeRebates, type Violation } from '../lives/checks';
import { amountFor, dayFor, describeLife, lifeArb, seedFromEnv, type Life } from '../lives/life';
import { LoanModel, nextDay, plusDays } from '../lives/model';
import { checkPayoff, firstOfEach } from '../lives/pure-run';
import {
  APP_CHOICES,
  authOf,
  ledgerProblems,
  outboxUnseen,
  payByChannel,
  payByOfficer,
  payByWallet,
  payoffByWallet,
  extend,
  storedLines,
  runDailyJob,
  snapshots,
  waiveSome,
  walletOf,
  type AppPayOutcome,
} from '../lives/app-adapter';
import type { SessionAuth } from '../../src/server/sessions/store';
import { scaledRate } from '../../src/shared/loan/servicing';

/**
 * Whole loan lives, generated, through the real app: a few dozen borrowers in one database, each
 * living a generated life (tests/lives/life.ts) by wallet, payment channel and officer-recorded
 * cash, with waivers (maker-checker), payoffs and extensions (asked, approved by an officer, signed), while the movable clock walks day by day and ONE
 * daily servicing pass a day services them all (at 00:30 Manila, so its notices meet the night),
 * with outages of several days after which it catches up. Each day every loan is checked against
 * its reference model (tests/lives/model.ts; the properties in tests/lives/checks.ts), the outbox
 * against the quiet hours, and the ledger (ledger:check) every 30 days and at the end.
 * LIVES_APP=<n> sets the number of lives (default 12, 6 on a PostgreSQL server; LIVES_TIMING=1 prints where the time went); LIVES_SEED=<seed> replays a world.
 */

const N = (() => {
  const n = Number(process.env.LIVES_APP ?? '');
  // Fewer on a PostgreSQL server, where each statement is a round trip (the whole API suite runs there again in CI).
  return Number.isInteger(n) && n > 0 ? n : process.env.TEST_DATABASE_URL ? 6 : 12;
})();

interface World {
  readonly lives: readonly Life[];
  /** Days (from disbursement) on which the daily job starts an outage, and how long each lasts. */
  readonly outages: readonly { readonly from: number; readonly days: number }[];
}

function lifeOf(extensions: boolean): fc.Arbitrary<Life> {
  return lifeArb({ choices: APP_CHOICES, sources: ['WALLET', 'CHANNEL', 'OFFICER'], extensions, maxActions: 10, defaultProductOnly: true }).map((l) => ({
    ...l,
    loan: { ...l.loan, pesos: Math.min(l.loan.pesos, 400_000), term: 6 },
  }));
}

const worldArb: fc.Arbitrary<World> = fc.record({
  lives: fc
    .tuple(
      // A quarter of the lives may ask for an extension (each one lengthens the world by months).
      fc.array(lifeOf(true), { minLength: Math.ceil(N / 4), maxLength: Math.ceil(N / 4) }),
      fc.array(lifeOf(false), { minLength: N - Math.ceil(N / 4), maxLength: N - Math.ceil(N / 4) }),
    )
    .map(([a, b]) => [...a, ...b]),
  outages: fc.array(fc.record({ from: fc.integer({ min: 1, max: 200 }), days: fc.integer({ min: 2, max: 9 }) }), { maxLength: 3 }),
});

interface Running {
  readonly index: number;
  readonly life: Life;
  readonly model: LoanModel;
  readonly loanId: string;
  readonly member: SessionAuth;
  readonly rate: bigint;
  next: number;
  target: string | null;
  done: boolean;
  readonly violations: Violation[];
  readonly trace: string[];
}

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

/** 00:30 or 12:00 (or any hour) Manila on `day`, forward only. */
function at(app: TestApp, day: string, hhmm: string): void {
  const target = Date.parse(`${day}T${hhmm}:00+08:00`);
  const delta = target - app.clock.now().getTime();
  if (delta > 0) app.clock.advance(delta);
}

/** Manila hour from a UTC instant, written here (not the production helper): 06:00 <= h < 22:00 may send. */
function manilaHour(d: Date): number {
  return (d.getUTCHours() + 8) % 24;
}

async function liveWorld(world: World): Promise<string | null> {
  const t0 = Date.now();
  t = await createTestApp();
  const app = t;
  const officerUser = await createStaff(app, 'OFFICER', 'Officer Ana Reyes');
  const checkerUser = await createStaff(app, 'OFFICER', 'Officer Ben Cruz');
  const officer = authOf(officerUser, 'OFFICER');
  const checker = authOf(checkerUser, 'OFFICER');
  const runs: Running[] = [];
  for (const [index, life] of world.lives.entries()) {
    const member = await createActivatedMember(app, { income: PHP(1_000_000) });
    const body = { amount: `${life.loan.pesos}.00`, term: life.loan.term, selectedCurrency: 'PHP', productVersion: CURRENT_PRODUCT.version };
    const { loanId } = await disbursedLoan(app, officerUser, checkerUser, { member, body });
    await topUp(app, member.userId, PHP(life.loan.pesos * 2));
    const state = await loadState(app.deps.db, app.deps, await loanById(app.deps.db, loanId));
    const model = new LoanModel({
      startDate: state.startDate,
      principal: state.schedule.principal,
      termMonths: state.schedule.termMonths,
      lines: state.schedule.lines,
      feesDeducted: state.schedule.feesDeducted,
      annualCostCapBps: state.product.annualCostCapBps,
      small: state.schedule.principal <= 1_000_000n && state.schedule.termMonths <= 4,
      graceDays: state.product.penalties.graceDays,
      dailyRateBps: state.product.penalties.dailyRateBps,
      collectionChargeBps: state.product.penalties.collectionChargeBps,
      monthlyRateScaled: scaledRate(state.schedule.contractualMonthlyRate),
    });
    runs.push({
      index,
      life,
      model,
      loanId,
      member: authOf(member, 'MEMBER'),
      rate: scaledRate(state.schedule.contractualMonthlyRate),
      next: 0,
      target: null,
      done: false,
      violations: [],
      trace: [],
    });
  }
  const start = todayPh(app.deps);
  const downDays = new Set<string>();
  for (const o of world.outages) for (let i = 0; i < o.days; i += 1) downDays.add(plusDays(start, o.from + i));
  // The last day any life needs (an extension moves it).
  const horizon = () =>
    plusDays(
      runs.reduce((m, r) => (r.model.lines.at(-1)!.dueDate > m ? r.model.lines.at(-1)!.dueDate : m), start),
      10,
    );
  const worldViolations: Violation[] = [];
  // Notices: none may leave outside 06:00-22:00 Manila, but a code (or a receipt) the borrower just
  // asked for. Read after each stop of the app's clock, so a row without send_after leaves at that time.
  const outboxSeen = new Set<string>();
  const checkOutbox = async (day: string) => {
    const queuedAt = app.clock.now();
    for (const row of await outboxUnseen(app, outboxSeen)) {
      const leaves = row.sendAfter ?? queuedAt;
      const asked = row.redacted !== null || row.requestId === 'lives-member';
      const h = manilaHour(leaves);
      if (!asked && (h < 6 || h >= 22))
        worldViolations.push({
          property: 'QUIET_HOURS',
          day,
          detail: `${row.channel} queued ${queuedAt.toISOString()} may leave at ${leaves.toISOString()} (${h}:00 Manila): "${row.body.slice(0, 80)}"`,
        });
    }
  };
  // What the setup queued (the loans approved and paid out), at the app's first time.
  await checkOutbox(start);
  let today = start;

  const checkAll = async (jobRan: boolean, only?: ReadonlySet<Running>) => {
    const active = runs.filter((r) => !r.done && (!only || only.has(r)));
    if (active.length === 0) return;
    const snaps = await snapshots(
      app,
      active.map((r) => r.loanId),
      today,
    );
    for (const r of active) {
      const snap = snaps.get(r.loanId)!;
      takeCharges(r.model, snap, r.violations, today);
      checkDay(r.model, snap, today, r.violations);
      // The loan's own status, once the day's pass has run: OVERDUE only while something is past due.
      if (jobRan && snap.status === 'OVERDUE' && r.model.overdueLines(today).length === 0 && r.model.charges.every((c) => r.model.chargeLeft(c) === 0n))
        r.violations.push({ property: 'OVERDUE_MATCHES_MODEL', day: today, detail: `the loan is OVERDUE while the model says nothing is past due` });
    }
  };

  const perform = async (r: Running) => {
    const action = r.life.actions[r.next]!;
    const m = r.model;
    if (action.do === 'pay') {
      const amount = amountFor(m, today, action.how, action.share, action.choice);
      if (amount <= 0n) return;
      const owed = m.mostPayable(today, action.choice);
      const before = await walletOf(app, r.member.userId);
      let outcome: AppPayOutcome;
      if (action.source === 'WALLET') outcome = await payByWallet(app, r.member, amount, action.choice);
      else if (action.source === 'CHANNEL') outcome = await payByChannel(app, r.member, amount < owed ? amount : owed, amount, officer, checker);
      else outcome = await payByOfficer(app, officer, checker, r.loanId, amount, today);
      const after = await walletOf(app, r.member.userId);
      const what = `pay ${fmt(amount)} by ${action.source} (${action.how}, ${action.choice})`;
      if ('refused' in outcome) {
        r.trace.push(`${today}: ${what} refused: ${outcome.refused}`);
        if (amount <= owed && (amount >= 100n || amount === owed))
          r.violations.push({
            property: 'ANY_AMOUNT',
            day: today,
            detail: `${fmt(amount)} by ${action.source} refused (${outcome.refused}) while ${fmt(owed)} is owed`,
          });
        if (after !== before)
          r.violations.push({ property: 'ALLOCATIONS_EQUAL_PAYMENTS', day: today, detail: `a refused payment moved the wallet by ${fmt(after - before)}` });
        return;
      }
      r.trace.push(`${today}: ${what}: to the loan ${fmt(outcome.toLoan)}, to the wallet ${fmt(outcome.toWallet)}`);
      const applied = outcome.toLoan > 0n ? m.pay(outcome.toLoan, today, action.choice) : { applied: 0n, excess: 0n, closed: false };
      const walletDelta = action.source === 'WALLET' ? -outcome.toLoan : outcome.toWallet;
      if (outcome.toLoan + outcome.toWallet !== amount || applied.excess !== 0n || after - before !== walletDelta)
        r.violations.push({
          property: 'ALLOCATIONS_EQUAL_PAYMENTS',
          day: today,
          detail: `paid ${fmt(amount)}: to the loan ${fmt(outcome.toLoan)} (the model owed ${fmt(owed)}, excess ${fmt(applied.excess)}), to the wallet ${fmt(outcome.toWallet)}; the wallet moved ${fmt(after - before)}`,
        });
      if (action.choice === 'PRINCIPAL' || applied.closed)
        takeRebates(m, (await snapshots(app, [r.loanId], today)).get(r.loanId)!, today, r.rate, r.violations);
    } else if (action.do === 'waive') {
      const snap = (await snapshots(app, [r.loanId], today)).get(r.loanId)!;
      const open = snap.charges.filter((c) => !c.waived && c.paid < c.amount).map((c) => c.id);
      const id = await waiveSome(app, officer, checker, r.loanId, open, action.pick);
      if (id) r.trace.push(`${today}: charge ${id} waived`);
      // The model learns of the waiver at once (a payment later today must not pay the waived charge).
      takeCharges(m, (await snapshots(app, [r.loanId], today)).get(r.loanId)!, r.violations, today);
    } else if (action.do === 'payoff') {
      const q = await payoffByWallet(app, r.member);
      if ('refused' in q) {
        r.trace.push(`${today}: payoff refused: ${q.refused}`);
        if (m.owed() > 0n) r.violations.push({ property: 'PAYOFF', day: today, detail: `payoff refused (${q.refused}) while ${fmt(m.owed())} is owed` });
        return;
      }
      r.trace.push(`${today}: payoff ${fmt(q.total)}`);
      checkPayoff(m, q, today, r.violations);
      const total = m.payoff(today);
      if (total !== q.total) r.violations.push({ property: 'PAYOFF', day: today, detail: `quote ${fmt(q.total)}, the model ${fmt(total)}` });
    } else if (action.do === 'extend') {
      const newTerm = 6 + 6 * (action.months % 2); // 6 or 12 more months, terms the product offers
      const e = await extend(app, r.member, officer, newTerm);
      if ('refused' in e) {
        r.trace.push(`${today}: extension to ${newTerm} months refused: ${e.refused}`);
        return;
      }
      const lines = await storedLines(app, r.loanId);
      const principal = lines.reduce((sum, l) => sum + l.principal - l.paidPrincipal, 0n);
      r.trace.push(`${today}: extension to ${newTerm} months from instalment ${e.fromLine}: ${e.totalMonths} months in all`);
      if (principal !== m.principalLeft())
        r.violations.push({
          property: 'EXTENSION',
          day: today,
          detail: `principal owed ${fmt(principal)} after the extension, ${fmt(m.principalLeft())} before`,
        });
      if (lines.some((l) => l.number < e.fromLine && m.lines.find((x) => x.number === l.number)?.dueDate !== l.dueDate))
        r.violations.push({ property: 'EXTENSION', day: today, detail: `an instalment before ${e.fromLine} changed` });
      // The extended schedule's rate (the new lines' contractual rate) is the one the payoff accrues at.
      const extended = await loadState(app.deps.db, app.deps, await loanById(app.deps.db, r.loanId));
      m.replaceLines(e.fromLine, lines, e.totalMonths, scaledRate(extended.schedule.contractualMonthlyRate));
    }
  };

  const timing = { job: 0, check: 0, act: 0, outbox: 0, setup: Date.now() - t0 };
  const tick = (k: keyof typeof timing, s: number) => (timing[k] += Date.now() - s);
  while (today < horizon() && runs.some((r) => !r.done)) {
    today = nextDay(today);
    // The daily pass, at night, unless the job is down (it catches up the next time it runs).
    at(app, today, '00:30');
    const jobRan = !downDays.has(today);
    let s0 = Date.now();
    if (jobRan) await runDailyJob(app);
    tick('job', s0);
    s0 = Date.now();
    await checkOutbox(today);
    tick('outbox', s0);
    s0 = Date.now();
    await checkAll(jobRan);
    tick('check', s0);
    s0 = Date.now();
    // The day's actions.
    // Most days at noon; every seventh day late at night (23:30 Manila), so that what an officer,
    // a channel or an extension decision sends meets the quiet hours.
    at(app, today, dayIndex(start, today) % 7 === 3 ? '23:30' : '12:00');
    const acted = new Set<Running>();
    for (const r of runs) {
      while (!r.done && r.next < r.life.actions.length) {
        const action = r.life.actions[r.next]!;
        if (r.target === null) {
          r.target =
            action.do === 'pay' || action.do === 'payoff'
              ? dayFor(r.model, today, action.when, action.late, action.do === 'pay' ? action.share : 0)
              : action.do === 'wait'
                ? plusDays(today, action.days)
                : today;
        }
        if (r.target > today) break;
        await perform(r);
        acted.add(r);
        r.next += 1;
        r.target = null;
      }
    }
    tick('act', s0);
    s0 = Date.now();
    await checkAll(false, acted);
    tick('check', s0);
    s0 = Date.now();
    await checkOutbox(today);
    tick('outbox', s0);
    if (dayIndex(start, today) % 30 === 0) for (const p of await ledgerProblems(app)) worldViolations.push({ property: 'LEDGER', day: today, detail: p });
    for (const r of runs) {
      const last = r.model.lines.at(-1)!.dueDate;
      if (r.model.owed() === 0n || (r.next >= r.life.actions.length && today > plusDays(last, 10))) r.done = true;
      if (r.violations.length > 0 && today > plusDays(r.violations[0]!.day, 60)) r.done = true;
    }
  }
  for (const p of await ledgerProblems(app)) worldViolations.push({ property: 'LEDGER', day: today, detail: p });
  if (process.env.LIVES_TIMING) process.stdout.write(`lives timing (ms): ${JSON.stringify(timing)}\n`);

  const failing = runs.filter((r) => r.violations.length > 0);
  if (failing.length === 0 && worldViolations.length === 0) return null;
  const stories = failing
    .slice(0, 3)
    .map(
      (r) =>
        `life ${r.index + 1} (loan ${r.loanId}):\n${describeLife(r.life)}\nwhat happened:\n${r.trace.map((x) => `  ${x}`).join('\n')}\nviolations:\n${describeViolations(firstOfEach(r.violations))}`,
    );
  return [
    `${failing.length} of ${runs.length} lives failed${world.outages.length ? `; job outages ${JSON.stringify(world.outages)}` : ''}`,
    ...stories,
    ...(worldViolations.length ? [`the whole world:\n${describeViolations(firstOfEach(worldViolations))}`] : []),
  ].join('\n\n');
}

function dayIndex(start: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

describe('whole loan lives, generated, through the real app', () => {
  it(
    'one daily pass services them all; paid on time is never late; the cap, the allocations, REPAID, the ledger and the quiet hours hold',
    async () => {
      await fc.assert(
        fc.asyncProperty(worldArb, async (world) => {
          const failure = await liveWorld(world);
          await t?.close();
          t = undefined;
          if (failure) throw new Error(`\n${failure}`);
        }),
        { numRuns: 1, endOnFailure: true, ...seedFromEnv() },
      );
    },
    Math.max(600_000, N * 40_000),
  );
});
