/**
 * npm run seed: a demo lender to click through, on an EMPTY database (it refuses one that has any
 * user; run npm run db:reset first). Never in production.
 *
 * Everything goes through the API's routes and services, as a person would (registration with the
 * code from the outbox, the activation steps with images, applications, the officers' review,
 * approval, rejection, contract signing and disbursement into the ledger); only the staff accounts
 * are created as `npm run user:create` creates them. The seed runs on its own clock, starting a day
 * ago and moved a minute on before each code (one code a minute per phone), so every record lies
 * in the past when the server starts.
 *
 * Uses DATABASE_URL or the embedded DATA_DIR (default ./data), like the server; refuses while a
 * server answers on PORT (default 3000). Prints the demo credentials.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DAY, ManualClock, MINUTE } from '../src/server/clock';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { users } from '../src/server/db/schema';
import { CREDIT_BUREAU_CONSENT } from '../src/shared/activation/consent';
import { createStaffUser } from './user-create';
import { serverAnswers } from './server-guard';

const MEMBER_PASSWORD = 'Demo member kalamansi 2048';
const STAFF = [
  { phone: '+639990000101', password: 'Demo officer one narra 4096', role: 'OFFICER', name: 'Officer Jose Reyes' },
  { phone: '+639990000102', password: 'Demo officer two molave 4096', role: 'OFFICER', name: 'Officer Liza Bautista' },
  { phone: '+639990000109', password: 'Demo admin yakal lighthouse 8192', role: 'ADMIN', name: 'Admin Rosa Garcia' },
] as const;

type App = Awaited<ReturnType<typeof buildApp>>['app'];

interface Reply {
  readonly statusCode: number;
  readonly body: string;
  json(): unknown;
  readonly headers: Record<string, unknown>;
}

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

class Seeder {
  constructor(
    private readonly app: App,
    private readonly clock: ManualClock,
  ) {}

  async call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return this.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as Record<string, unknown> }),
    });
  }

  /** One code a minute per phone: the seed's clock moves a minute on before each code. */
  nextMinute(): void {
    this.clock.advance(MINUTE + 1_000);
  }

  async code(phone: string, pattern: RegExp): Promise<string> {
    const res = await this.call('GET', '/api/dev/outbox', undefined);
    expectStatus(res, 200, 'GET /api/dev/outbox');
    const { messages } = res.json() as { messages: { channel: string; recipient: string; body: string }[] };
    const found = messages.find((m) => m.channel === 'SMS' && m.recipient === phone && pattern.test(m.body));
    const code = found ? pattern.exec(found.body)?.[1] : undefined;
    if (!code) throw new Error(`no code for ${phone} in the outbox`);
    return code;
  }

  async register(n: number, fullName: string): Promise<{ phone: string; cookie: string }> {
    const national = `9175550${String(n).padStart(3, '0')}`;
    const phone = `+63${national}`;
    this.nextMinute();
    const started = await this.call('POST', '/api/auth/register', undefined, {
      phone: `0${national}`,
      email: `demo.member.${n}@example.com`,
      fullName,
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
    return { phone, cookie: cookieOf(verified, 'tapat_sid') };
  }

  /** The activation steps in order, the first `steps` of them (5: activated). */
  async activate(cookie: string, steps: number, fullName: string): Promise<void> {
    const [firstName = 'Maria', ...rest] = fullName.split(' ');
    const lastName = rest.pop() ?? 'Santos';
    const put = async (url: string, body: unknown, status = 200) => expectStatus(await this.call('PUT', url, cookie, body), status, `PUT ${url}`);
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
        const res = await this.call('PUT', `/api/activation/documents/${kind}`, cookie, await image(640, 480, hue), { 'content-type': 'image/jpeg' });
        expectStatus(res, 201, `upload ${kind}`);
      }
      await put('/api/activation/identity', { identityType: 'National ID (PhilSys)', identityNumber: '1234-5678-9012-3456' });
    }
    if (steps >= 5) await put('/api/activation/bank', { bankCode: 'BDO', accountNumber: '0012 3456 7890', accountName: fullName });
  }

  async signIn(phone: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/auth/login', undefined, { phone, password, remember: false });
    expectStatus(res, 200, `sign in ${phone}`);
    return cookieOf(res, 'tapat_sid');
  }

  async apply(cookie: string): Promise<string> {
    const config = (await this.call('GET', '/api/public/config', undefined)).json() as { product: { version: number } };
    const res = await this.call(
      'POST',
      '/api/loans/applications',
      cookie,
      { amount: '200000.00', term: 24, selectedCurrency: 'PHP', productVersion: config.product.version },
      { 'idempotency-key': randomUUID() },
    );
    expectStatus(res, 201, 'apply');
    const current = (await this.call('GET', '/api/loans/current', cookie)).json() as { loan: { id: string; number: string } };
    return current.loan.id;
  }
}

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
  if (config.production || !config.devTools) {
    console.error('seed refuses to run in production: it creates demo accounts with published passwords.');
    return 2;
  }
  if (await serverAnswers(Number(process.env.PORT ?? 3000))) {
    console.error(`A server answers on port ${process.env.PORT ?? 3000}: stop it first (the embedded database allows one process at a time).`);
    return 2;
  }
  let database;
  try {
    // The embedded DATA_DIR has one owner (src/server/db/data-dir-lock.ts): a running server refuses the seed here.
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, purpose: 'seed', template: config.pgliteTemplate });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    const [row] = await database.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) {
      console.error(`The database already has ${row!.n} user(s): seed fills only an empty one. Run npm run db:reset first.`);
      return 1;
    }
    const clock = new ManualClock(new Date(Date.now() - DAY));
    const { app } = await buildApp({ config, database, clock, logger: false });
    await app.ready();
    const s = new Seeder(app, clock);
    try {
      for (const staff of STAFF) {
        await createStaffUser(database.db, { ...staff, email: `demo.${staff.role.toLowerCase()}.${staff.phone.slice(-3)}@example.com` }, clock.now());
      }
      const officerOne = await s.signIn(STAFF[0].phone, STAFF[0].password);
      const officerTwo = await s.signIn(STAFF[1].phone, STAFF[1].password);
      const rows: string[][] = [];

      // Members in each activation state: 0 steps done (PERSONAL_INFO) to all 5 (INFO_COMPLETED).
      const states = ['PERSONAL_INFO', 'ADDRESS_INFO', 'REFERENCES_INFO', 'IDENTITY_INFO', 'BANK_INFO', 'INFO_COMPLETED'];
      const activationNames = ['Ana Reyes', 'Ben Cruz', 'Carla Mendoza', 'Dante Ramos', 'Elena Garcia', 'Felix Aquino'];
      for (let steps = 0; steps <= 5; steps++) {
        const name = activationNames[steps]!;
        const m = await s.register(steps + 1, name);
        await s.activate(m.cookie, steps, name);
        const { state } = (await s.call('GET', '/api/activation', m.cookie)).json() as { state: string };
        if (state !== states[steps]) throw new Error(`${name}: activation state ${state}, expected ${states[steps]}`);
        rows.push([m.phone, MEMBER_PASSWORD, `member, activation ${state}`]);
      }

      // Activated members with a loan in each status reachable today.
      const loanStatuses = ['PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'REJECTED', 'CANCELLED'] as const;
      let n = 20;
      const loanNames = ['Gloria Santos', 'Hector Villanueva', 'Irene Castillo', 'Jun Bautista', 'Karen Dizon', 'Leo Navarro', 'Mila Torres'];
      for (const [i, status] of loanStatuses.entries()) {
        n += 1;
        const name = loanNames[i]!;
        const m = await s.register(n, name);
        await s.activate(m.cookie, 5, name);
        const loanId = await s.apply(m.cookie);
        const admin = async (cookie: string, action: string, body: unknown, headers: Record<string, string> = {}) =>
          expectStatus(await s.call('POST', `/api/admin/loans/${loanId}/${action}`, cookie, body, headers), 200, `${action} ${status}`);
        if (status === 'CANCELLED')
          expectStatus(await s.call('POST', '/api/loans/current/cancel', m.cookie, { reason: 'Changed my mind (demo).' }), 200, 'cancel');
        if (status !== 'PENDING' && status !== 'CANCELLED') await admin(officerOne, 'review', {});
        if (status === 'REJECTED') await admin(officerOne, 'reject', { reason: 'Income could not be verified (demo).' });
        if (status === 'APPROVED' || status === 'CONTRACT_SIGNED' || status === 'DISBURSED')
          await admin(officerOne, 'approve', { amount: '200000.00', term: 24 });
        if (status === 'CONTRACT_SIGNED' || status === 'DISBURSED') {
          s.nextMinute();
          expectStatus(await s.call('POST', '/api/loans/current/contract/code', m.cookie, {}), 200, 'contract code');
          const code = await s.code(m.phone, /(\d{6,12}) is your code/);
          expectStatus(await s.call('POST', '/api/loans/current/contract/sign', m.cookie, { code }), 200, 'sign');
        }
        // Maker-checker: officer 2 disburses what officer 1 approved.
        if (status === 'DISBURSED') await admin(officerTwo, 'disburse', {}, { 'idempotency-key': randomUUID() });
        const current = (await s.call('GET', '/api/loans/current', m.cookie)).json() as { loan: { status: string } | null };
        const shown = current.loan?.status ?? 'none (closed)';
        if (shown !== status) throw new Error(`${name}: loan ${shown}, expected ${status}`);
        const wallet = status === 'DISBURSED' ? ((await s.call('GET', '/api/wallet', m.cookie)).json() as { wallet: string }).wallet : null;
        rows.push([m.phone, MEMBER_PASSWORD, `member, loan ${status}${wallet ? `, wallet PHP ${wallet}` : ''}`]);
      }

      console.log('Seeded a demo lender. Sign in at /login with a phone and password below (staff: /admin).\n');
      for (const staff of STAFF) console.log(`  ${staff.phone}  ${staff.password.padEnd(34)}  ${staff.role}, ${staff.name}`);
      for (const [phone, password, what] of rows) console.log(`  ${phone}  ${password!.padEnd(34)}  ${what}`);
      console.log('\nCodes "sent by SMS" are at /dev/outbox.');
    } finally {
      await app.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
