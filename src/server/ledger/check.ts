import { sql } from 'drizzle-orm';
import { sqlRows as rows } from '../db/rows';
import type { Db, DbOrTx } from '../db/client';
import { checkServicingTransfers } from './check-servicing';
import { checkWithdrawalParts } from './check-withdrawals';
import { checkClosedDays } from './check-closed-days';

/**
 * Verifies every invariant of the ledger against the database (`npm run ledger:check`, and the API
 * tests at the end of each loans, ledger and wallet test file):
 *
 * 1. every transfer balances: per transfer and phase, debits equal credits;
 * 2. transfer types and entries agree: POSTED and POST_PENDING transfers have only POSTED entries,
 *    PENDING ones only PENDING entries, VOID_PENDING ones none; no transfer but a void is empty;
 * 3. every resolution resolves a PENDING transfer, at most once, and a POST_PENDING posts exactly
 *    the held legs;
 * 4. every account's cached sums equal the sums of its entries (posted: POSTED entries; pending:
 *    PENDING entries of transfers not yet posted or voided);
 * 5. no account that may not go negative is negative (available balance, from the entries);
 * 6. loan servicing (docs/decisions/012-servicing.md): each disbursed loan's principal still owed on
 *    its schedule equals its share of LOANS_RECEIVABLE (entries of transfers referencing the loan),
 *    and its unpaid, unwaived late charges equal its share of LATE_CHARGES_RECEIVABLE; every line's
 *    paid principal, interest and fees, and every charge's paid amount, equal what posted payments
 *    allocated to them; every posted payment is allocated exactly and has its ledger transfer;
 * 7. (check-servicing.ts) each posted payment's transfer debits its amount and credits each
 *    component's account exactly what its allocations say; a payment waiting for approval has no
 *    transfer and no allocation; each late charge's transfer books its amount, and each waiver's
 *    transfer reverses exactly what was still owed;
 * 8. system-account shards (docs/decisions/030): every transfer about a loan or a withdrawal that
 *    touches a system account which may not go negative uses the shard stored on the loan's or
 *    withdrawal's row (so each shard's balance is made of whole loans and withdrawals; the balances
 *    above are checked per shard, reports sum them by kind);
 * 9. (check-withdrawals.ts) a withdrawal sent as several transfers: its parts sum to its amount, and
 *    what they settled plus what they returned to the wallet equals what was held once it is final;
 * 10. (check-closed-days.ts) every closed day's trial balance balances and equals its lines, and the
 *    latest closed day's lines equal the posted sums recomputed from every entry up to its end.
 */
export interface LedgerCheckResult {
  readonly ok: boolean;
  readonly problems: string[];
  readonly counts: { readonly accounts: number; readonly transfers: number; readonly entries: number };
}

/** Memory each sort or hash of the check may take before it spills to disk (its groups by transfer are millions at 10 million entries). */
const CHECK_WORK_MEM = '128MB';
/**
 * The check's session settings on PostgreSQL: room for its groupings, and no nested loops. Every
 * query of the check reads whole tables; the planner, which estimates an account's entries as the
 * average over all accounts (a few dozen system accounts hold most entries beside 50,000 wallets),
 * otherwise chose index lookups of the transfers, one per entry (10.5 s against 4.7 s with a hash
 * join at a million entries, decision 087).
 */
export const CHECK_SETTINGS = `set local work_mem = '${CHECK_WORK_MEM}'; set local enable_nestloop = off`;

/**
 * checkLedger in one read-only REPEATABLE READ transaction, with work_mem raised for its groupings
 * (docs/decisions/087): every query sees the same ledger (a server writing meanwhile cannot show
 * an account's sums apart from entries written between two queries), with room for its groupings
 * and hash joins only (CHECK_SETTINGS). `npm run ledger:check` on DATABASE_URL and the benchmark use it.
 */
export async function checkLedgerSnapshot(db: Db): Promise<LedgerCheckResult> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(CHECK_SETTINGS));
      return checkLedger(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function checkLedger(db: DbOrTx): Promise<LedgerCheckResult> {
  const problems: string[] = [];

  // Check 1 from one grouping of the entries by transfer and phase, one signed sum a group (with two
  // sums a group, in one statement beside checks 2's, it took 88 s at 10 million entries, this 31 s;
  // decision 087): only the groups that do not balance or hold an entry that is not positive come
  // back, and only their transfers' entries are read again for the words of the problem.
  const flagged = await rows<{ transfer_id: string; phase: string; net: string; least: string }>(
    db,
    sql`select transfer_id::text, phase, net::text, least::text from (
          select transfer_id, phase, sum(case when direction = 'DEBIT' then amount else -amount end) as net, min(amount) as least
            from ledger_entries group by transfer_id, phase
        ) g where g.net <> 0 or g.least <= 0`,
  );
  const ids = (list: { transfer_id: string }[]) =>
    sql.join(
      [...new Set(list.map((r) => r.transfer_id))].map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  const unbalancedGroups = flagged.filter((r) => r.net !== '0');
  if (unbalancedGroups.length > 0) {
    const unbalanced = await rows<{ transfer_id: string; phase: string; debits: string; credits: string }>(
      db,
      sql`select transfer_id::text, phase,
                 coalesce(sum(amount) filter (where direction = 'DEBIT'), 0)::text as debits,
                 coalesce(sum(amount) filter (where direction = 'CREDIT'), 0)::text as credits
            from ledger_entries where transfer_id in (${ids(unbalancedGroups)}) group by transfer_id, phase
          having coalesce(sum(amount) filter (where direction = 'DEBIT'), 0) <> coalesce(sum(amount) filter (where direction = 'CREDIT'), 0)`,
    );
    for (const r of unbalanced) problems.push(`transfer ${r.transfer_id} does not balance (${r.phase}): debits ${r.debits}, credits ${r.credits}`);
  }
  const nonPositiveGroups = flagged.filter((r) => BigInt(r.least) <= 0n);
  if (nonPositiveGroups.length > 0) {
    const nonPositive = await rows<{ id: string }>(db, sql`select id from ledger_entries where transfer_id in (${ids(nonPositiveGroups)}) and amount <= 0`);
    for (const r of nonPositive) problems.push(`entry ${r.id} has an amount that is not positive`);
  }

  const wrongPhase = await rows<{ id: string; type: string; phase: string }>(
    db,
    sql`select t.id, t.type, e.phase from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
         where (t.type in ('POSTED', 'POST_PENDING') and e.phase <> 'POSTED')
            or (t.type = 'PENDING' and e.phase <> 'PENDING')
            or t.type = 'VOID_PENDING'`,
  );
  for (const r of wrongPhase) problems.push(`transfer ${r.id} (${r.type}) has a ${r.phase} entry`);

  const empty = await rows<{ id: string; type: string }>(
    db,
    sql`select t.id, t.type from ledger_transfers t
         where t.type <> 'VOID_PENDING' and not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
  );
  for (const r of empty) problems.push(`transfer ${r.id} (${r.type}) has no entries`);

  const badResolution = await rows<{ id: string; pending_id: string; pending_type: string | null }>(
    db,
    sql`select r.id, r.pending_id, p.type as pending_type from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
         where r.type in ('POST_PENDING', 'VOID_PENDING') and (p.id is null or p.type <> 'PENDING')`,
  );
  for (const r of badResolution) problems.push(`transfer ${r.id} resolves ${r.pending_id}, which is not a pending transfer (${r.pending_type ?? 'missing'})`);

  const twice = await rows<{ pending_id: string; n: string }>(
    db,
    sql`select pending_id, count(*)::text as n from ledger_transfers where pending_id is not null group by pending_id having count(*) > 1`,
  );
  for (const r of twice) problems.push(`pending transfer ${r.pending_id} is resolved ${r.n} times`);

  // The held legs and the posted legs of each POST_PENDING transfer as two multisets of (account,
  // direction, amount): counted side by side, any leg counted differently is a mismatch (the
  // EXCEPT ALL both ways of before, for all transfers at once).
  const postMismatch = await rows<{ id: string }>(
    db,
    sql`select distinct legs.id::text as id from (
          select r.id, e.account_id, e.direction, e.amount, 1 as held, 0 as posted
            from ledger_transfers r join ledger_entries e on e.transfer_id = r.pending_id and e.phase = 'PENDING'
           where r.type = 'POST_PENDING'
          union all
          select r.id, e.account_id, e.direction, e.amount, 0, 1
            from ledger_transfers r join ledger_entries e on e.transfer_id = r.id
           where r.type = 'POST_PENDING'
        ) legs
        group by legs.id, legs.account_id, legs.direction, legs.amount
        having sum(legs.held) <> sum(legs.posted)`,
  );
  for (const r of postMismatch) problems.push(`transfer ${r.id} does not post exactly the legs it holds`);

  const balances = await rows<{
    id: string;
    code: string;
    normal_balance: string;
    allow_negative: boolean;
    debits_posted: string;
    credits_posted: string;
    debits_pending: string;
    credits_pending: string;
    e_debits_posted: string;
    e_credits_posted: string;
    e_debits_pending: string;
    e_credits_pending: string;
  }>(
    db,
    // The sums are compared in SQL: only the accounts that disagree or are wrongly negative come
    // back to Node (at 200,000 members, not 200,000 rows). Pending sums count the PENDING entries of
    // transfers no POST_PENDING or VOID_PENDING resolves (only those entries meet the transfers).
    sql`select * from (select a.id, a.code, a.normal_balance, a.allow_negative,
               a.debits_posted::text, a.credits_posted::text, a.debits_pending::text, a.credits_pending::text,
               coalesce(s.debits_posted, 0)::text as e_debits_posted, coalesce(s.credits_posted, 0)::text as e_credits_posted,
               coalesce(s.debits_pending, 0)::text as e_debits_pending, coalesce(s.credits_pending, 0)::text as e_credits_pending
          from ledger_accounts a
          left join (
            select x.account_id, sum(x.debits_posted) as debits_posted, sum(x.credits_posted) as credits_posted,
                   sum(x.debits_pending) as debits_pending, sum(x.credits_pending) as credits_pending
              from (
                select e.account_id,
                       sum(e.amount) filter (where e.phase = 'POSTED' and e.direction = 'DEBIT') as debits_posted,
                       sum(e.amount) filter (where e.phase = 'POSTED' and e.direction = 'CREDIT') as credits_posted,
                       null::numeric as debits_pending, null::numeric as credits_pending
                  from ledger_entries e group by e.account_id
                union all
                select e.account_id, null, null,
                       sum(e.amount) filter (where e.direction = 'DEBIT'), sum(e.amount) filter (where e.direction = 'CREDIT')
                  from ledger_entries e
                 where e.phase = 'PENDING' and not exists (select 1 from ledger_transfers r where r.pending_id = e.transfer_id)
                 group by e.account_id
              ) x group by x.account_id
          ) s on s.account_id = a.id) b
         where b.debits_posted <> b.e_debits_posted or b.credits_posted <> b.e_credits_posted
            or b.debits_pending <> b.e_debits_pending or b.credits_pending <> b.e_credits_pending
            or (not b.allow_negative and (case when b.normal_balance = 'CREDIT'
                   then b.e_credits_posted::numeric - b.e_debits_posted::numeric - b.e_debits_pending::numeric
                   else b.e_debits_posted::numeric - b.e_credits_posted::numeric - b.e_credits_pending::numeric end) < 0)`,
  );
  for (const b of balances) {
    for (const field of ['debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'] as const) {
      if (b[field] !== b[`e_${field}`]) problems.push(`account ${b.code}: cached ${field} ${b[field]} but the entries sum to ${b[`e_${field}`]}`);
    }
    const credit = b.normal_balance === 'CREDIT';
    const posted = credit ? BigInt(b.e_credits_posted) - BigInt(b.e_debits_posted) : BigInt(b.e_debits_posted) - BigInt(b.e_credits_posted);
    const available = posted - BigInt(credit ? b.e_debits_pending : b.e_credits_pending);
    if (!b.allow_negative && available < 0n) problems.push(`account ${b.code} may not go negative but its available balance is ${available}`);
  }

  const shardProblems = await checkServicing(db, problems);
  await checkServicingTransfers(db, problems);
  problems.push(...shardProblems);
  await checkWithdrawalParts(db, problems);
  await checkClosedDays(db, problems);

  const [counts] = await rows<{ accounts: string; transfers: string; entries: string }>(
    db,
    sql`select (select count(*) from ledger_accounts)::text as accounts, (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_entries)::text as entries`,
  );
  return {
    ok: problems.length === 0,
    problems,
    counts: { accounts: Number(counts?.accounts ?? 0), transfers: Number(counts?.transfers ?? 0), entries: Number(counts?.entries ?? 0) },
  };
}

/**
 * Checks 6 and 8 share one pass over the entries of the lender's own accounts in transfers about a
 * business record: the sums per record and account (`la` below) give each loan's receivables, and
 * the accounts of a shard other than the loan's or withdrawal's; only for those are the transfers
 * looked up (decision 087). Answers the shard problems, which come after the servicing transfers'.
 */
async function checkServicing(db: DbOrTx, problems: string[]): Promise<string[]> {
  const found = await rows<{ kind: string; loan_id: string; number: string; account: string; ledger: string; owed: string; shard: number | null }>(
    db,
    sql`with la as (
          select t.reference, e.account_id,
                 sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end) filter (where e.phase = 'POSTED') as balance
            from ledger_entries e
            join ledger_transfers t on t.id = e.transfer_id
           where t.reference is not null
             and e.account_id in (select id from ledger_accounts where owner_user_id is null and kind <> 'MEMBER_WALLET'
                                    and (not allow_negative or kind in ('LOANS_RECEIVABLE', 'LATE_CHARGES_RECEIVABLE')))
           group by t.reference, e.account_id
        ), ledger as (
          select loan_id, account, sum(balance) as balance from (
            select la.reference as loan_id, a.kind as account, sum(la.balance) as balance
              from la join ledger_accounts a on a.id = la.account_id
             where a.kind in ('LOANS_RECEIVABLE', 'LATE_CHARGES_RECEIVABLE')
             group by la.reference, a.kind
            union all
            -- A batch of late charges (decision 077) names no loan: each loan's part is its charges (check-servicing.ts checks the sums).
            select c.loan_id::text, 'LATE_CHARGES_RECEIVABLE', sum(coalesce(c.reduced_from, c.amount))
              from loan_charges c join ledger_transfers t on t.id = c.transfer_id
             where t.code = 'LOAN_LATE_CHARGES' and t.reference is null
             group by c.loan_id
          ) parts group by loan_id, account
        ), lines as (
          select loan_id, sum(principal - principal_paid) as amount from loan_instalments group by loan_id
        ), charges as (
          select loan_id, sum(amount - paid) as amount from loan_charges where waived_at is null group by loan_id
        ), owed as (
          -- Each disbursed loan's principal and late charges owed, summed once per table (not per loan).
          select l.id::text as loan_id, l.number::text as number, k.account, k.amount
            from loans l
            left join lines i on i.loan_id = l.id
            left join charges c on c.loan_id = l.id
           cross join lateral (values ('LOANS_RECEIVABLE', coalesce(i.amount, 0)), ('LATE_CHARGES_RECEIVABLE', coalesce(c.amount, 0))) as k(account, amount)
           where l.disbursement_transfer_id is not null
        ), subjects as (
          select l.id::text as reference, 'loan ' || l.number::text as subject, l.ledger_shard as shard from loans l
          union all
          select w.id::text, 'withdrawal ' || w.number::text, w.ledger_shard from withdrawals w
        )
        select 'receivable' as kind, o.loan_id, o.number, o.account, coalesce(g.balance, 0)::text as ledger, o.amount::text as owed, null::int as shard
          from owed o left join ledger g on g.loan_id = o.loan_id and g.account = o.account
         where coalesce(g.balance, 0) <> o.amount
        union all
        -- Invariant 8: a transfer about a loan or withdrawal uses its shard of the system accounts that may not go negative.
        select 'shard', la.reference, s.subject, a.code, la.account_id::text, null, s.shard
          from la join ledger_accounts a on a.id = la.account_id join subjects s on s.reference = la.reference
         where not a.allow_negative and a.code <> case when s.shard = 0 then a.kind else a.kind || ':' || s.shard end`,
  );
  for (const r of found.filter((x) => x.kind === 'receivable')) problems.push(`loan ${r.number}: ${r.account} holds ${r.ledger} for it but ${r.owed} is owed`);
  const shardProblems = await wrongShards(
    db,
    found
      .filter((x) => x.kind === 'shard')
      .map((r) => ({ reference: r.loan_id, subject: r.number, code: r.account, accountId: r.ledger, shard: r.shard ?? 0 })),
  );

  const lines = await rows<{ loan_id: string; number: string; component: string; paid: string; allocated: string }>(
    db,
    sql`with alloc as (
          select a.loan_id, a.line_number,
                 sum(a.amount) filter (where a.component = 'PRINCIPAL') as principal,
                 sum(a.amount) filter (where a.component = 'INTEREST') as interest,
                 sum(a.amount) filter (where a.component = 'FEES') as fees
            from loan_payment_allocations a join loan_payments p on p.id = a.payment_id
           where p.status = 'POSTED'
           group by a.loan_id, a.line_number
        )
        select i.loan_id::text, i.number::text, c.component, c.paid::text, c.allocated::text
          from loan_instalments i
          left join alloc a on a.loan_id = i.loan_id and a.line_number = i.number
         cross join lateral (values ('PRINCIPAL', i.principal_paid, coalesce(a.principal, 0)), ('INTEREST', i.interest_paid, coalesce(a.interest, 0)),
                                    ('FEES', i.fees_paid, coalesce(a.fees, 0))) as c(component, paid, allocated)
         where c.paid <> c.allocated`,
  );
  for (const r of lines) problems.push(`loan ${r.loan_id} line ${r.number}: ${r.component} paid ${r.paid} but payments allocated ${r.allocated}`);

  const charges = await rows<{ id: string; paid: string; allocated: string }>(
    db,
    sql`with alloc as (
          select a.charge_id, sum(a.amount) as amount
            from loan_payment_allocations a join loan_payments p on p.id = a.payment_id
           where a.charge_id is not null and p.status = 'POSTED'
           group by a.charge_id
        )
        select c.id::text, c.paid::text, coalesce(a.amount, 0)::text as allocated
          from loan_charges c left join alloc a on a.charge_id = c.id
         where c.paid <> coalesce(a.amount, 0)`,
  );
  for (const r of charges) problems.push(`late charge ${r.id}: paid ${r.paid} but payments allocated ${r.allocated}`);

  const payments = await rows<{ id: string; amount: string; allocated: string; transfer_id: string | null }>(
    db,
    sql`select p.id::text, p.amount::text, coalesce(sum(a.amount), 0)::text as allocated, p.transfer_id::text
          from loan_payments p left join loan_payment_allocations a on a.payment_id = p.id
         where p.status = 'POSTED'
         group by p.id, p.amount, p.returned_to_wallet, p.transfer_id
        having p.amount - p.returned_to_wallet <> coalesce(sum(a.amount), 0) or p.transfer_id is null`,
  );
  for (const r of payments) problems.push(`payment ${r.id}: amount ${r.amount}, allocated ${r.allocated}${r.transfer_id ? '' : ', no ledger transfer'}`);
  return shardProblems;
}

/** The transfers behind each (record, account of another shard) pair found above, named as check 8 always did. */
async function wrongShards(db: DbOrTx, pairs: { reference: string; subject: string; code: string; accountId: string; shard: number }[]): Promise<string[]> {
  if (pairs.length === 0) return [];
  const wrong = await rows<{ transfer_id: string; subject: string; code: string; shard: number }>(
    db,
    sql`select distinct t.id::text as transfer_id, p.subject, p.code, p.shard
          from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p(reference text, subject text, code text, "accountId" uuid, shard int)
          join ledger_transfers t on t.reference = p.reference
          join ledger_entries e on e.transfer_id = t.id and e.account_id = p."accountId"`,
  );
  return wrong.map((r) => `transfer ${r.transfer_id} (${r.subject}) uses ${r.code}, not its shard ${r.shard}`);
}
