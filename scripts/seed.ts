/**
 * npm run seed: a demo lender to click through, with the server STOPPED (the embedded database has
 * one owner at a time: src/server/db/data-dir-lock.ts). Never in production.
 *
 *   npm run seed && npm start
 *
 * Everything goes through the API's routes and services, as people would (registration with the
 * code from the outbox, the activation steps with images, applications, the officers' review,
 * approval, rejection, contract signing, disbursement, payments, a payoff, extensions, withdrawals,
 * a message to support); only the staff accounts are created as `npm run user:create` creates them.
 *
 * The seed runs on a clock of its own that starts about 100 days ago and ends about an hour ago, so
 * the loans have three months of history (payments on time, ahead, none at all with late charges)
 * and every record lies in the past when the server starts. Codes are spaced as any person's would
 * be (one code a minute per phone; registrations 7 minutes apart, within the anonymous budgets of
 * src/server/otp: the production limits are never raised). The daily servicing job and the
 * withdrawals job run on that clock as the server's workers would.
 *
 * Embedded (no DATABASE_URL): the demo is built in a new folder beside DATA_DIR (default ./data)
 * and moved into place only when complete, so a failure leaves DATA_DIR as it was; a DATA_DIR that
 * already has users is refused (npm run db:reset first). With DATABASE_URL the database must have no
 * user, and a failure says how to empty it again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { loadConfig, type AppConfig } from '../src/server/config';
import { DAY, HOUR, ManualClock, MINUTE } from '../src/server/clock';
import { openDatabase, type Database } from '../src/server/db/client';
import { DataDirLockedError, lockOwner } from '../src/server/db/data-dir-lock';
import { users } from '../src/server/db/schema';
import { runServicing } from '../src/server/modules/repayments/daily';
import { runWithdrawalJobs } from '../src/server/modules/withdrawals/settlement';
import { CREDIT_BUREAU_CONSENT } from '../src/shared/activation/consent';
import { parseAmount, toDecimalString } from '../src/shared/money/money';
import { createStaffUser } from './user-create';
import { serverAnswers } from './server-guard';

export const MEMBER_PASSWORD = 'Demo member kalamansi 2048';
export const STAFF = [
  { phone: '+639990000101', password: 'Demo officer one narra 4096', role: 'OFFICER', name: 'Officer Jose Reyes' },
  { phone: '+639990000102', password: 'Demo officer two molave 4096', role: 'OFFICER', name: 'Officer Liza Bautista' },
  { phone: '+639990000109', password: 'Demo admin yakal lighthouse 8192', role: 'ADMIN', name: 'Admin Rosa Garcia' },
] as const;

/** How far back the seed's clock starts, and how long before the real time it stops. */
const HISTORY_DAYS = 100;
/** Registrations this far apart: at most 9 in any hour, within the per-address (20) and per-number-block (10) budgets. */
const REGISTRATION_GAP = 7 * MINUTE;
const LOAN = { amount: '200000.00', term: 24 } as const;
/** The Philippines: UTC+8 all year. */
const MANILA_MS = 8 * HOUR;

type App = Awaited<ReturnType<typeof buildApp>>['app'];
type Deps = Awaited<ReturnType<typeof buildApp>>['deps'];

interface Reply {
  readonly statusCode: number;
  readonly body: string;
  json(): unknown;
  readonly headers: Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function expectStatus(res: Reply, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

function cookieOf(res: Reply, name: string): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const found = list.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found;
}

async function image(width: number, height: number, hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.floor((x / width) * 255);
      pixels[i + 1] = Math.floor((y / height) * 255);
      pixels[i + 2] = hue;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The Philippine calendar date of an instant. */
function manilaDate(at: Date): string {
  return new Date(at.getTime() + MANILA_MS).toISOString().slice(0, 10);
}

/** `hour`:00 in Manila on a Philippine calendar date. */
function manilaAt(date: string, hour: number): Date {
  return new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`));
}

interface Member {
  readonly phone: string;
  readonly name: string;
  cookie: string;
  loanId?: string;
}

class Seeder {
  private lastRegistration = 0;

  constructor(
    private readonly app: App,
    private readonly deps: Deps,
    private readonly clock: ManualClock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  today(): string {
    return manilaDate(this.now());
  }

  /** Moves the seed's clock forward to `at` (never back). */
  travel(at: Date): void {
    const delta = at.getTime() - this.now().getTime();
    if (delta > 0) this.clock.advance(delta);
  }

  later(ms: number): void {
    this.clock.advance(ms);
  }

  async call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return this.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as Record<string, unknown> }),
    });
  }

  async ok(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: unknown, status = 200, what = `${method} ${url}`): Promise<Json> {
    const key: Record<string, string> = method === 'POST' ? { 'idempotency-key': randomUUID() } : {};
    const res = await this.call(method, url, cookie, payload, key);
    expectStatus(res, status, what);
    return res.body ? res.json() : null;
  }

  /** The newest SMS to `phone` matching `pattern` (its first group is the code). */
  async code(phone: string, pattern: RegExp): Promise<string> {
    const res = await this.call('GET', '/api/dev/outbox', undefined);
    expectStatus(res, 200, 'GET /api/dev/outbox');
    const { messages } = res.json() as { messages: { channel: string; recipient: string; body: string }[] };
    const found = messages.find((m) => m.channel === 'SMS' && m.recipient === phone && pattern.test(m.body));
    const code = found ? pattern.exec(found.body)?.[1] : undefined;
    if (!code) throw new Error(`no code for ${phone} in the outbox`);
    return code;
  }

  /** A member registers (with the code from the outbox); registrations are REGISTRATION_GAP apart. */
  async register(n: number, name: string): Promise<Member> {
    const wait = this.lastRegistration + REGISTRATION_GAP - this.now().getTime();
    if (wait > 0) this.later(wait);
    this.lastRegistration = this.now().getTime();
    const national = `9175550${String(n).padStart(3, '0')}`;
    const phone = `+63${national}`;
    const started = await this.call('POST', '/api/auth/register', undefined, {
      phone: `0${national}`,
      email: `demo.member.${n}@example.com`,
      fullName: name,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      employmentCountry: 'PH',
      employmentLocation: 'Quezon City',
      jobTitle: 'Nurse',
      jobCategory: 'Health Care / Medical',
      monthlyNetIncome: '35000',
    });
    expectStatus(started, 201, `register ${phone}`);
    const code = await this.code(phone, /verification code is (\d{6,12})/);
    const verified = await this.call('POST', '/api/auth/register/verify', cookieOf(started, 'tapat_reg'), { code });
    expectStatus(verified, 201, `verify ${phone}`);
    return { phone, name, cookie: cookieOf(verified, 'tapat_sid') };
  }

  /** The activation steps in order, the first `steps` of them (5: activated). */
  async activate(m: Member, steps: number): Promise<void> {
    const [firstName = 'Maria', ...rest] = m.name.split(' ');
    const lastName = rest.pop() ?? 'Santos';
    const put = (url: string, body: unknown) => this.ok('PUT', url, m.cookie, body);
    if (steps >= 1) {
      await put('/api/activation/personal', {
        gender: 'Female',
        firstName,
        middleName: rest.join(' ') || 'Clara',
        lastName,
        birthDate: '1990-05-17',
        maritalStatus: 'Single',
        nationality: 'Filipino',
        isAgree: true,
        consentVersion: CREDIT_BUREAU_CONSENT.version,
      });
    }
    if (steps >= 2)
      await put('/api/activation/address', {
        countryResidence: 'PH',
        province: '1300000000',
        town: '1381300000',
        streetAddress: '12 Mabini St., Brgy. Central',
        postalCode: '1100',
      });
    if (steps >= 3) {
      await put('/api/activation/references', {
        refFullName1: 'Jose Rizal',
        refRelationship1: 'Friend',
        refPhoneNumber1: '0918 123 4567',
        refFullName2: 'Gabriela Silang',
        refRelationship2: 'Aunt',
        refPhoneNumber2: '0919 765 4321',
      });
    }
    if (steps >= 4) {
      for (const [kind, hue] of [
        ['ID_FRONT', 40],
        ['ID_BACK', 90],
        ['SELFIE', 200],
      ] as const) {
        const res = await this.call('PUT', `/api/activation/documents/${kind}`, m.cookie, await image(640, 480, hue), { 'content-type': 'image/jpeg' });
        expectStatus(res, 201, `upload ${kind}`);
      }
      await put('/api/activation/identity', { identityType: 'National ID (PhilSys)', identityNumber: '1234-5678-9012-3456' });
    }
    if (steps >= 5) await put('/api/activation/bank', { bankCode: 'BDO', accountNumber: '0012 3456 7890', accountName: m.name });
  }

  /** A fresh session (the previous one lapsed while the seed's clock moved on). */
  async signIn(phone: string, password: string = MEMBER_PASSWORD): Promise<string> {
    const res = await this.call('POST', '/api/auth/login', undefined, { phone, password, remember: false });
    expectStatus(res, 200, `sign in ${phone}`);
    return cookieOf(res, 'tapat_sid');
  }

  async apply(m: Member): Promise<string> {
    const config = (await this.call('GET', '/api/public/config', undefined)).json() as { product: { version: number } };
    await this.ok('POST', '/api/loans/applications', m.cookie, { ...LOAN, selectedCurrency: 'PHP', productVersion: config.product.version }, 201, 'apply');
    const current = (await this.ok('GET', '/api/loans/current', m.cookie)) as { loan: { id: string } };
    m.loanId = current.loan.id;
    return current.loan.id;
  }

  /** The contract-signing code is sent (a minute after the phone's previous code). */
  async sendContractCode(m: Member): Promise<void> {
    this.later(MINUTE + 1_000);
    await this.ok('POST', '/api/loans/current/contract/code', m.cookie, {}, 200, 'contract code');
  }

  async sign(m: Member): Promise<void> {
    await this.sendContractCode(m);
    const code = await this.code(m.phone, /(\d{6,12}) is your code to sign loan contract/);
    await this.ok('POST', '/api/loans/current/contract/sign', m.cookie, { code }, 200, `sign ${m.name}`);
  }

  async servicing(m: Member): Promise<Json> {
    return this.ok('GET', '/api/loans/current/servicing', m.cookie);
  }

  /** Pays `amount` from the wallet; what is above the next instalment goes as `excess` says (the borrower's choice at review). */
  async pay(m: Member, amount: string, excess: 'NEXT_INSTALMENTS' | 'REDUCE_PRINCIPAL' = 'NEXT_INSTALMENTS'): Promise<void> {
    await this.ok('POST', '/api/loans/current/payments', m.cookie, { amount, excess }, 201, `payment by ${m.name}`);
  }

  /** Asks to withdraw `amount` (a minute after the phone's previous code); answers the withdrawal's id. */
  async requestWithdrawal(m: Member, amount: string): Promise<string> {
    this.later(MINUTE + 1_000);
    const created = (await this.ok('POST', '/api/withdrawals', m.cookie, { amount }, 201, `withdrawal by ${m.name}`)) as { id: string };
    return created.id;
  }

  async confirmWithdrawal(m: Member, id: string): Promise<void> {
    const code = await this.code(m.phone, /withdrawal code is (\d{6,12})/);
    await this.ok('POST', `/api/withdrawals/${id}/confirm`, m.cookie, { code }, 200, `confirm withdrawal by ${m.name}`);
  }

  /** The servicing worker's pass on the seed's clock (each loan and Philippine day once, in order). */
  async runServicing(): Promise<void> {
    await runServicing(this.deps);
  }

  /** The withdrawals worker's pass; `failing`: the simulated provider fails every payout it settles in this pass. */
  async runWithdrawals(failing = false): Promise<void> {
    const deps = failing ? { ...this.deps, config: { ...this.deps.config, payouts: { ...this.deps.config.payouts, failureRate: 1 } } } : this.deps;
    await runWithdrawalJobs(deps, this.app.log);
  }
}

export interface SeedLogin {
  readonly phone: string;
  readonly password: string;
  readonly what: string;
}

/**
 * Fills an empty database through `app` (built on `clock`, which this moves from about 100 days
 * ago to about an hour ago). Answers the logins to print. Throws on the first step that fails.
 */
export async function seedDemo(app: App, deps: Deps, clock: ManualClock, realNow: Date): Promise<SeedLogin[]> {
  const s = new Seeder(app, deps, clock);
  const logins: SeedLogin[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) throw new Error(`${what}: ${String(actual)}, expected ${String(expected)}`);
  };
  const start = manilaAt(manilaDate(new Date(realNow.getTime() - HISTORY_DAYS * DAY)), 8);
  const end = new Date(realNow.getTime() - 30 * MINUTE);
  s.travel(start);

  for (const staff of STAFF) {
    await createStaffUser(deps.db, { ...staff, email: `demo.${staff.role.toLowerCase()}.${staff.phone.slice(-3)}@example.com` }, s.now());
  }
  const officers = async () => [await s.signIn(STAFF[0].phone, STAFF[0].password), await s.signIn(STAFF[1].phone, STAFF[1].password)] as const;
  let [officerOne, officerTwo] = await officers();
  const relogin = async (...members: Member[]) => {
    for (const m of members) m.cookie = await s.signIn(m.phone);
    [officerOne, officerTwo] = await officers();
  };
  const admin = (m: Member, action: string, body: unknown, cookie = officerOne) =>
    s.ok('POST', `/api/admin/loans/${m.loanId}/${action}`, cookie, body, 200, `${action} ${m.name}`);

  // --- About 100 days ago: six borrowers register, activate, apply, are approved by officer 1,
  // sign and are disbursed by officer 2 (maker-checker): PHP 200,000.00 over 24 months each.
  const servicingNames = ['Nora Villanueva', 'Oscar Lim', 'Perla Domingo', 'Quintin Ocampo', 'Rosario Tan', 'Samuel Yap'] as const;
  const borrowers: Member[] = [];
  for (const [i, name] of servicingNames.entries()) {
    const m = await s.register(31 + i, name);
    await s.activate(m, 5);
    await s.apply(m);
    await admin(m, 'review', {});
    await admin(m, 'approve', LOAN);
    await s.sign(m);
    await admin(m, 'disburse', {}, officerTwo);
    borrowers.push(m);
  }
  const [onTime, ahead, overdue, extended, repaid, asking] = borrowers as [Member, Member, Member, Member, Member, Member];

  // --- The next day: one pays five instalments' worth ahead (the next instalment, and as the borrower
  // chose, the last lines' principal, so the term shortens; each month's instalment is still due); one moves most of the proceeds to the bank
  // (paid) and will pay nothing; one withdraws and the bank declines (the money returns to the wallet);
  // one cancels a withdrawal before its code; one never enters the code (it expires).
  s.travel(manilaAt(manilaDate(new Date(start.getTime() + DAY)), 10));
  await relogin(...borrowers);
  await s.runServicing();
  const firstDue = (await s.servicing(ahead)).nextDue as { amount: string };
  // The borrower chose "to reduce my principal" at review (decision 061): the next instalment is paid, the rest shortens the term.
  await s.pay(ahead, toDecimalString((parseAmount(firstDue.amount) ?? 0n) * 5n), 'REDUCE_PRINCIPAL');

  const paidOut = await s.requestWithdrawal(overdue, '150000.00');
  await s.confirmWithdrawal(overdue, paidOut);
  s.later(5 * MINUTE);
  await s.runWithdrawals(false);
  const declined = await s.requestWithdrawal(ahead, '5000.00');
  await s.confirmWithdrawal(ahead, declined);
  s.later(5 * MINUTE);
  await s.runWithdrawals(true);
  const cancelled = await s.requestWithdrawal(onTime, '2500.00');
  await s.ok('POST', `/api/withdrawals/${cancelled}/cancel`, onTime.cookie, {}, 200, 'cancel withdrawal');
  await s.requestWithdrawal(extended, '1000.00');
  s.later(HOUR);
  await s.runWithdrawals(false);

  // --- Two days in: an extension to 36 months, approved by officer 1 and signed by the borrower.
  s.travel(manilaAt(manilaDate(new Date(start.getTime() + 2 * DAY)), 10));
  await relogin(extended);
  const asked = (await s.ok('POST', '/api/loans/current/extension', extended.cookie, { term: 36 }, 201, 'extension request')) as { extension: { id: string } };
  await s.ok('POST', `/api/admin/extensions/${asked.extension.id}/approve`, officerOne, {}, 200, 'extension approval');
  s.later(MINUTE + 1_000);
  await s.ok('POST', '/api/loans/current/extension/code', extended.cookie, {}, 200, 'extension code');
  const extensionCode = await s.code(extended.phone, /(\d{6,12}) is your code to sign the extension/);
  await s.ok('POST', '/api/loans/current/extension/sign', extended.cookie, { code: extensionCode }, 200, 'extension signature');

  // --- Three days in: officer 1 records a cash payment, and the borrower pays the rest off from the wallet.
  s.travel(manilaAt(manilaDate(new Date(start.getTime() + 3 * DAY)), 10));
  await relogin(repaid);
  await s.ok(
    'POST',
    `/api/admin/loans/${repaid.loanId}/payments`,
    officerOne,
    { amount: '40000.00', channel: 'CASH', bankReference: 'OR-000101', receivedOn: s.today() },
    201,
    'cash payment',
  );
  const quote = (await s.ok('POST', '/api/loans/current/payoff-quote', repaid.cookie, undefined, 200, 'payoff quote')) as { quote: { quoteId: string } };
  await s.ok('POST', '/api/loans/current/payoff', repaid.cookie, { quoteId: quote.quote.quoteId }, 201, 'payoff');

  // --- Each due date until about three hours ago: four borrowers pay what is due, on the day;
  // the servicing job runs every day in between (late charges for the one who does not pay).
  const payers = [onTime, ahead, extended, asking];
  for (;;) {
    await relogin(...payers);
    const dues = await Promise.all(payers.map(async (m) => ((await s.servicing(m)).nextDue as { dueDate: string } | null)?.dueDate ?? '9999-12-31'));
    const next = dues.reduce((a, b) => (a < b ? a : b));
    const at = manilaAt(next, 10);
    if (at.getTime() > end.getTime() - 3 * HOUR) break;
    s.travel(at);
    await relogin(...payers);
    await s.runServicing();
    for (const m of payers) {
      const due = (await s.servicing(m)).nextDue as { dueDate: string; amount: string } | null;
      if (due && due.dueDate <= s.today()) await s.pay(m, due.amount);
    }
  }

  // --- The last hours: new members at each activation step, applications in every state before
  // disbursement, an extension request waiting for an officer, a message to support.
  s.travel(new Date(end.getTime() - 2 * HOUR));
  await s.runServicing();
  await relogin();
  const activationStates = ['PERSONAL_INFO', 'ADDRESS_INFO', 'REFERENCES_INFO', 'IDENTITY_INFO', 'BANK_INFO', 'INFO_COMPLETED'];
  const activationNames = ['Ana Reyes', 'Ben Cruz', 'Carla Mendoza', 'Dante Ramos', 'Elena Garcia', 'Felix Aquino'];
  for (let steps = 0; steps <= 5; steps++) {
    const m = await s.register(steps + 1, activationNames[steps]!);
    await s.activate(m, steps);
    const { state } = (await s.ok('GET', '/api/activation', m.cookie)) as { state: string };
    check(`${m.name}'s activation`, state, activationStates[steps]);
    logins.push({ phone: m.phone, password: MEMBER_PASSWORD, what: `member, activation step ${state}` });
  }

  const applicationStates = ['PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED', 'REJECTED', 'CANCELLED'] as const;
  const applicationNames = ['Gloria Santos', 'Hector Villanueva', 'Irene Castillo', 'Jun Bautista', 'Leo Navarro', 'Mila Torres'];
  for (const [i, status] of applicationStates.entries()) {
    const m = await s.register(21 + i, applicationNames[i]!);
    await s.activate(m, 5);
    await s.apply(m);
    if (status === 'CANCELLED') await s.ok('POST', '/api/loans/current/cancel', m.cookie, { reason: 'Changed my mind (demo).' }, 200, 'cancel');
    if (status !== 'PENDING' && status !== 'CANCELLED') await admin(m, 'review', {});
    if (status === 'REJECTED') await admin(m, 'reject', { reasonCode: 'INCOME_NOT_VERIFIED', note: 'Demo: the payslip was unreadable.' });
    if (status === 'APPROVED' || status === 'CONTRACT_SIGNED') await admin(m, 'approve', LOAN);
    // APPROVED: the borrower is signing (the code is in the outbox); CONTRACT_SIGNED: signed, waiting for officer 2's disbursement.
    if (status === 'APPROVED') await s.sendContractCode(m);
    if (status === 'CONTRACT_SIGNED') await s.sign(m);
    const current = (await s.ok('GET', '/api/loans/current', m.cookie)) as { loan: { status: string } | null };
    const shown = status === 'CANCELLED' || status === 'REJECTED' ? status : (current.loan?.status ?? 'none');
    if (current.loan) check(`${m.name}'s application`, current.loan.status, status);
    const what = {
      PENDING: 'application submitted, waiting for an officer',
      UNDER_REVIEW: 'application under review',
      APPROVED: 'approved, signing the contract (the code is at /dev/outbox)',
      CONTRACT_SIGNED: 'contract signed, waiting for disbursement',
      REJECTED: 'application rejected (reason from the catalogue)',
      CANCELLED: 'application cancelled by the member',
    }[status];
    logins.push({ phone: m.phone, password: MEMBER_PASSWORD, what: `member, loan ${shown}: ${what}` });
  }

  await relogin(asking);
  await s.ok('POST', '/api/loans/current/extension', asking.cookie, { term: 36 }, 201, 'pending extension request');
  await s.ok(
    'POST',
    '/api/contact',
    undefined,
    {
      name: onTime.name,
      email: 'demo.member.31@example.com',
      message: 'Good day! Can I pay my next instalment at a 7-Eleven branch? Thank you.',
      agree: true,
    },
    201,
    'support message',
  );
  s.travel(end);
  await s.runServicing();
  await s.runWithdrawals(false);

  // What the servicing borrowers show now.
  await relogin(...borrowers);
  const statusOf = async (m: Member) => ((await s.ok('GET', '/api/loans/current', m.cookie)) as { loan: { status: string } | null }).loan?.status ?? 'none';
  const servicingWhat: [Member, string][] = [
    [onTime, 'active loan, every instalment paid on its due date; a cancelled withdrawal'],
    [
      ahead,
      'active loan, paid ahead (a prepayment the day after disbursement shortened the term), then on time; a withdrawal the bank declined (money back in the wallet)',
    ],
    [overdue, 'overdue loan with late charges (nothing paid since disbursement); a paid withdrawal'],
    [extended, 'loan extended to 36 months (signed), paid on time; an expired withdrawal'],
    [repaid, 'loan repaid early (cash payment, then payoff from the wallet)'],
    [asking, 'active loan paid on time, an extension request waiting for an officer (its servicing page in /admin)'],
  ];
  const repaidLoan = ((await s.ok('GET', '/api/loans/current', repaid.cookie)) as { loan: { status: string } | null }).loan;
  if (repaidLoan) check(`${repaid.name}'s loan`, repaidLoan.status, 'REPAID');
  check(`${overdue.name}'s loan`, await statusOf(overdue), 'OVERDUE');
  const overdueServicing = await s.servicing(overdue);
  if (!(overdueServicing.charges as unknown[]).length) throw new Error(`${overdue.name}: no late charge`);
  for (const m of [onTime, ahead, extended, asking]) check(`${m.name}'s loan`, await statusOf(m), 'ACTIVE');
  for (const [m, status] of [
    [overdue, 'PAID'],
    [ahead, 'FAILED'],
    [onTime, 'CANCELLED'],
    [extended, 'EXPIRED'],
  ] as const) {
    const { withdrawals } = (await s.ok('GET', '/api/withdrawals', m.cookie)) as { withdrawals: { status: string }[] };
    check(`${m.name}'s withdrawal`, withdrawals[0]?.status, status);
  }
  for (const [m, what] of servicingWhat) logins.push({ phone: m.phone, password: MEMBER_PASSWORD, what: `borrower: ${what}` });
  return logins;
}

/** Where the demo is built before it is moved into DATA_DIR (beside it: same file system, one rename). */
function buildDirFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.seeding`;
}

async function usersIn(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function main(): Promise<number> {
  const env = { ...process.env, LOG_LEVEL: 'silent', SERVE_WEB: 'false' };
  const base = loadConfig(env);
  if (base.production || !base.devTools) {
    console.error('seed refuses to run in production: it creates demo accounts with published passwords.');
    return 2;
  }
  const started = Date.now();
  const dataDir = path.resolve(base.dataDir);
  let config: AppConfig = base;
  let buildDir: string | null = null;

  if (base.databaseUrl) {
    const port = Number(process.env.PORT ?? 3000);
    if (await serverAnswers(port)) {
      console.error(`A server answers on port ${port}: stop it first, then run npm run seed and start the server again.`);
      return 2;
    }
  } else {
    // The embedded DATA_DIR has one owner at a time: a running server holds it.
    const owner = lockOwner(dataDir);
    if (owner) {
      console.error(
        `${new DataDirLockedError(dataDir, owner).message}\nThe seed fills the embedded database while no server runs: stop the server (Ctrl-C in its terminal), then run\n  npm run seed && npm start`,
      );
      return 2;
    }
    if (existsSync(path.join(dataDir, 'pglite'))) {
      const existing = await openDatabase({ dataDir, purpose: 'seed', template: base.pgliteTemplate });
      try {
        const n = await usersIn(existing);
        if (n > 0) {
          console.error(
            `${dataDir} already has ${n} user(s): the seed fills only an empty database. To start over (this deletes them): npm run db:reset && npm run seed`,
          );
          return 1;
        }
      } finally {
        await existing.close();
      }
    }
    buildDir = buildDirFor(dataDir);
    rmSync(buildDir, { recursive: true, force: true });
    config = loadConfig({ ...env, DATA_DIR: buildDir });
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, purpose: 'seed', template: config.pgliteTemplate });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  let logins: SeedLogin[];
  try {
    const n = await usersIn(database);
    if (n > 0) {
      console.error(
        `The database at DATABASE_URL already has ${n} user(s): the seed fills only an empty one. To start over (this deletes them): npm run db:reset -- --yes-drop-everything-at-database-url && npm run seed`,
      );
      return 1;
    }
    const realNow = new Date();
    const clock = new ManualClock(new Date(realNow.getTime() - (HISTORY_DAYS + 2) * DAY));
    const { app, deps } = await buildApp({ config, database, clock, logger: false });
    await app.ready();
    try {
      console.log('Seeding a demo lender: about 100 days of history on the seed’s own clock (a minute or two)…');
      logins = await seedDemo(app, deps, clock, realNow);
    } finally {
      await app.close();
    }
  } catch (error) {
    await database.close();
    if (buildDir) {
      rmSync(buildDir, { recursive: true, force: true });
      console.error(
        `The seed failed; ${dataDir} is as it was (the half-built demo was removed). Run npm run seed again; if it fails again, report the error below.`,
      );
    } else {
      console.error(
        'The seed failed part way: empty the database (npm run db:reset -- --yes-drop-everything-at-database-url), then run npm run seed again; if it fails again, report the error below.',
      );
    }
    throw error;
  }
  await database.close();

  if (buildDir) {
    // Complete: the demo replaces the (empty or missing) DATA_DIR in one rename.
    if (lockOwner(dataDir)) {
      console.error(
        `A server started on ${dataDir} while the seed ran: the demo was left in ${buildDir}. Stop the server, then: rm -rf ${dataDir} && mv ${buildDir} ${dataDir}`,
      );
      return 1;
    }
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(buildDir, dataDir);
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `\nSeeded a demo lender in ${seconds} s${buildDir ? ` into ${dataDir}` : ''}. Start the server (npm start), then sign in at /login with a phone and password below.`,
  );
  console.log('Staff (back office at /admin; officer 1 approves, officer 2 disburses):');
  for (const staff of STAFF) console.log(`  ${staff.phone}  ${staff.password.padEnd(34)}  ${staff.role}, ${staff.name}`);
  console.log('Members:');
  for (const l of logins) console.log(`  ${l.phone}  ${l.password.padEnd(34)}  ${l.what}`);
  console.log(
    'A message to support waits at /admin/support; the back office: /admin (applications), /admin/collections (the overdue loan), /admin/withdrawals, /admin/portfolio.',
  );
  console.log('\nCodes "sent by SMS" are at /dev/outbox. The history ends about half an hour ago; to see the next due date pass, move the clock:');
  const port = process.env.PORT ?? 3000;
  console.log(`  curl -X POST localhost:${port}/api/dev/clock -H "content-type: application/json" -d '{"advanceMs": 3024000000}'   # 35 days on`);
  console.log(`  curl -X POST localhost:${port}/api/dev/servicing/run   # the daily job, now`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
