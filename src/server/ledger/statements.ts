import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../db/schema';
import type { Centavos } from '../../shared/money/money';
import type { Direction } from './accounts';
import { balanceOfRow, type AccountRow } from './balances';
import { together } from '../db/together';

/** An account's movements and its statement, a page at a time (the wallet statement). */

export interface AccountMovement {
  /** The transfer id (for a pending transfer, the pending one). */
  readonly transferId: string;
  readonly at: Date;
  readonly code: string;
  readonly reference: string | null;
  readonly description: string;
  readonly direction: Direction;
  readonly amount: Centavos;
  readonly status: 'POSTED' | 'PENDING' | 'VOIDED';
}

/**
 * The movements of an account, newest first: each single-phase transfer once, each pending
 * transfer once with its state (PENDING, POSTED when posted, VOIDED when voided).
 */
export async function accountMovements(db: DbOrTx, accountId: string, limit = 100): Promise<AccountMovement[]> {
  const resolution = alias(ledgerTransfers, 'resolution');
  const rows = await db
    .select({
      transferId: ledgerTransfers.id,
      seq: ledgerTransfers.seq,
      type: ledgerTransfers.type,
      at: ledgerTransfers.createdAt,
      code: ledgerTransfers.code,
      reference: ledgerTransfers.reference,
      description: ledgerTransfers.description,
      direction: ledgerEntries.direction,
      amount: ledgerEntries.amount,
      resolutionType: resolution.type,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(eq(ledgerEntries.accountId, accountId), inArray(ledgerTransfers.type, ['POSTED', 'PENDING'])))
    .orderBy(desc(ledgerTransfers.seq))
    .limit(limit);
  return rows.map((r) => ({
    transferId: r.transferId,
    at: r.at,
    code: r.code,
    reference: r.reference,
    description: r.description,
    direction: r.direction as Direction,
    amount: r.amount,
    status: r.type === 'POSTED' ? 'POSTED' : r.resolutionType === 'POST_PENDING' ? 'POSTED' : r.resolutionType === 'VOID_PENDING' ? 'VOIDED' : 'PENDING',
  }));
}

/**
 * One line of an account's statement, as a bank statement reads: what the line did to the
 * account's available balance at its time.
 *
 * - POSTED: a single-phase transfer (money in or out).
 * - HOLD: a pending transfer; a pending debit lowers the available balance at once. `holdState`
 *   says what became of it: still OPEN, POSTED (the held money left for good, no second line) or
 *   VOIDED (a RELEASE line gives it back).
 * - RELEASE: the void of a pending debit (the held amount is available again), at the void's time.
 * - SETTLE: the posting of a pending credit (it counts only once posted), at the posting's time.
 */
export interface StatementLine {
  /** The transfer whose time the line carries (a RELEASE or SETTLE: the resolving transfer). */
  readonly id: string;
  readonly seq: bigint;
  readonly at: Date;
  /** The business code of the original transfer (LOAN_DISBURSEMENT, WITHDRAWAL, ...). */
  readonly code: string;
  readonly reference: string | null;
  readonly description: string;
  readonly kind: 'POSTED' | 'HOLD' | 'RELEASE' | 'SETTLE';
  /** For a HOLD (and for the line that resolves it): the pending transfer's id and fate. */
  readonly pendingId: string | null;
  readonly holdState: 'OPEN' | 'POSTED' | 'VOIDED' | null;
  readonly direction: Direction;
  readonly amount: Centavos;
  /** The line's effect on the available balance: positive money in, negative money out, 0 none. */
  readonly effect: Centavos;
  /** The available balance just after this line. */
  readonly availableAfter: Centavos;
}

/** One page of a statement. `nextBefore`: pass as `before` for the next (older) page; null on the last page. */
export interface StatementPage {
  readonly lines: StatementLine[];
  readonly nextBefore: bigint | null;
}

/**
 * A page of the statement of the account with this code, newest first: the lines with a non-zero
 * effect on its available balance whose transfer seq is below `before` (all when null). Each line's
 * availableAfter is the same as on one long statement: the cached balance less the effect of every
 * newer line, summed in SQL. A pending debit that was later posted stays one line (marked POSTED);
 * one that was voided is followed by its RELEASE line, so a refund reads as money coming back. Null
 * when the account does not exist yet.
 */
export async function accountStatementPageByCode(db: DbOrTx, code: string, limit: number, before: bigint | null): Promise<StatementPage | null> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return account ? statementOf(db, account, limit, before) : null;
}

/** The sum of the effects on the available balance of an account's statement lines with seq >= from (as statementOf counts them). */
async function effectsSince(db: DbOrTx, account: AccountRow, from: bigint): Promise<Centavos> {
  const normal = account.normalBalance;
  const pending = alias(ledgerTransfers, 'pending');
  const [originals, resolutions] = await together(
    db,
    () =>
      db
        .select({
          total: sql<string>`coalesce(sum(case
            when ${ledgerTransfers.type} = 'POSTED' then case when ${ledgerEntries.direction} = ${normal} then ${ledgerEntries.amount} else -${ledgerEntries.amount} end
            when ${ledgerEntries.direction} <> ${normal} then -${ledgerEntries.amount}
            else 0 end), 0)`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
        .where(and(eq(ledgerEntries.accountId, account.id), inArray(ledgerTransfers.type, ['POSTED', 'PENDING']), gte(ledgerTransfers.seq, from))),
    () =>
      db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerTransfers)
        .innerJoin(pending, eq(ledgerTransfers.pendingId, pending.id))
        .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, pending.id))
        .where(
          and(
            eq(ledgerEntries.accountId, account.id),
            gte(ledgerTransfers.seq, from),
            sql`((${ledgerTransfers.type} = 'VOID_PENDING' and ${ledgerEntries.direction} <> ${normal}) or (${ledgerTransfers.type} = 'POST_PENDING' and ${ledgerEntries.direction} = ${normal}))`,
          ),
        ),
  );
  return BigInt(originals[0]?.total ?? '0') + BigInt(resolutions[0]?.total ?? '0');
}

async function statementOf(db: DbOrTx, account: AccountRow, limit: number, before: bigint | null): Promise<StatementPage> {
  const normal = account.normalBalance as Direction;
  const [originals, resolutions] = await statementRows(db, account.id, limit, before);
  const drafts: Draft[] = [...originalDrafts(originals, normal), ...resolutionDrafts(resolutions, normal)];
  drafts.sort((a, b) => (a.seq === b.seq ? 0 : a.seq > b.seq ? -1 : 1));
  // Each query read its newest `limit` rows: below the oldest row of a full one, lines may be
  // missing (a row with no effect took a place), so the page stops there and the next starts there.
  const floors = [originals, resolutions].filter((rows) => rows.length === limit).map((rows) => rows.at(-1)!.seq);
  const floor = floors.reduce<bigint | null>((max, seq) => (max === null || seq > max ? seq : max), null);
  const complete = drafts.filter((x) => x.effect !== 0n && (floor === null || x.seq >= floor));
  const page = complete.slice(0, limit);
  let after = balanceOfRow(account).available - (before === null ? 0n : await effectsSince(db, account, before));
  const lines: StatementLine[] = [];
  for (const d of page) {
    lines.push({ ...d, availableAfter: after });
    after -= d.effect;
  }
  const nextBefore = complete.length > limit ? page.at(-1)!.seq : floor;
  return { lines, nextBefore };
}

/** A statement line before its balance: what statementOf reads and decides, availableAfter added last. */
type Draft = Omit<StatementLine, 'availableAfter'>;

/**
 * The newest `limit` rows of each kind below `before`: the account's posted and pending transfers
 * (with the fate of each pending one), and the posts and voids of its pending transfers.
 */
async function statementRows(db: DbOrTx, accountId: string, limit: number, before: bigint | null) {
  const resolution = alias(ledgerTransfers, 'resolution');
  const pending = alias(ledgerTransfers, 'pending');
  return together(
    db,
    () =>
      db
        .select({
          id: ledgerTransfers.id,
          seq: ledgerTransfers.seq,
          type: ledgerTransfers.type,
          at: ledgerTransfers.createdAt,
          code: ledgerTransfers.code,
          reference: ledgerTransfers.reference,
          description: ledgerTransfers.description,
          direction: ledgerEntries.direction,
          amount: ledgerEntries.amount,
          resolutionType: resolution.type,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerEntries.transferId, ledgerTransfers.id))
        .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
        .where(
          and(
            eq(ledgerEntries.accountId, accountId),
            inArray(ledgerTransfers.type, ['POSTED', 'PENDING']),
            before === null ? undefined : lt(ledgerTransfers.seq, before),
          ),
        )
        .orderBy(desc(ledgerTransfers.seq))
        .limit(limit),
    () =>
      db
        .select({
          id: ledgerTransfers.id,
          seq: ledgerTransfers.seq,
          type: ledgerTransfers.type,
          at: ledgerTransfers.createdAt,
          description: ledgerTransfers.description,
          pendingId: pending.id,
          code: pending.code,
          reference: pending.reference,
          direction: ledgerEntries.direction,
          amount: ledgerEntries.amount,
        })
        .from(ledgerTransfers)
        .innerJoin(pending, eq(ledgerTransfers.pendingId, pending.id))
        .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, pending.id))
        .where(
          and(
            eq(ledgerEntries.accountId, accountId),
            inArray(ledgerTransfers.type, ['POST_PENDING', 'VOID_PENDING']),
            before === null ? undefined : lt(ledgerTransfers.seq, before),
          ),
        )
        .orderBy(desc(ledgerTransfers.seq))
        .limit(limit),
  );
}

type StatementRows = Awaited<ReturnType<typeof statementRows>>;

/** The lines of posted transfers (POSTED) and of pending ones (HOLD, with what became of them). */
function originalDrafts(originals: StatementRows[0], normal: Direction): Draft[] {
  const drafts: Draft[] = [];
  for (const r of originals) {
    const direction = r.direction as Direction;
    const sign = direction === normal ? 1n : -1n;
    if (r.type === 'POSTED') {
      drafts.push({
        id: r.id,
        seq: r.seq,
        at: r.at,
        code: r.code,
        reference: r.reference,
        description: r.description,
        kind: 'POSTED',
        pendingId: null,
        holdState: null,
        direction,
        amount: r.amount,
        effect: sign * r.amount,
      });
      continue;
    }
    const holdState = r.resolutionType === 'POST_PENDING' ? 'POSTED' : r.resolutionType === 'VOID_PENDING' ? 'VOIDED' : 'OPEN';
    // Pending money going out lowers the available balance at once; pending money coming in only once posted.
    const effect = sign < 0n ? -r.amount : 0n;
    drafts.push({
      id: r.id,
      seq: r.seq,
      at: r.at,
      code: r.code,
      reference: r.reference,
      description: r.description,
      kind: 'HOLD',
      pendingId: r.id,
      holdState,
      direction,
      amount: r.amount,
      effect,
    });
  }
  return drafts;
}

/** The lines of the voids (RELEASE) and posts (SETTLE) of pending transfers that change the available balance. */
function resolutionDrafts(resolutions: StatementRows[1], normal: Direction): Draft[] {
  const drafts: Draft[] = [];
  for (const r of resolutions) {
    const direction = r.direction as Direction;
    const outgoing = direction !== normal;
    const voided = r.type === 'VOID_PENDING';
    // Voiding held money going out gives it back; posting money coming in makes it available.
    const effect = voided && outgoing ? r.amount : !voided && !outgoing ? r.amount : 0n;
    if (effect === 0n) continue;
    drafts.push({
      id: r.id,
      seq: r.seq,
      at: r.at,
      code: r.code,
      reference: r.reference,
      description: r.description,
      kind: voided ? 'RELEASE' : 'SETTLE',
      pendingId: r.pendingId,
      holdState: voided ? 'VOIDED' : 'POSTED',
      direction,
      amount: r.amount,
      effect,
    });
  }
  return drafts;
}
