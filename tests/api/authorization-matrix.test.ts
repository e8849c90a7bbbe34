import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDocuments } from '../../src/server/db/schema';
import { storageFor } from '../../src/server/providers/storage';
import { jpeg } from '../fixtures/images';
import { createSession } from '../../src/server/sessions/store';
import { SESSION_COOKIE } from '../../src/server/http/session';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { productToDraft } from '../../src/shared/loan/draft';
import { PRODUCT_V1 } from '../../src/shared/loan/product';
import { createActivatedMember, createStaff, disburse, newKey, ok, signedLoan } from '../fixtures/loans';
import { createAppWithUploads, type TestMember } from '../fixtures/members';
import { requestWithdrawal } from '../fixtures/withdrawals';
import { API } from '../../src/shared/api';
import type { RouteAuth, RouteSpec } from '../../src/shared/api/define';

/**
 * The authorisation matrix. Every route of the app, read from the app's own OpenAPI document, is
 * called as anonymous, another member, the member, an officer and an admin. Who may use each route
 * comes from the same route table the server registers and enforces (each entry's `auth`), so a
 * route states its access once; EXCEPTIONS lists only the routes whose handler narrows it further
 * (the caller's own object) and those outside the table. A registered route the table does not
 * know (or a row for a route that does not exist) fails.
 *
 *   public  anyone
 *   member  any signed-in user (identity from the session: each sees only their own data)
 *   own     a signed-in user on an object in the path that must be their own: the member's own
 *           object answers, anyone else's session gets 404 (it does not exist for them)
 *   staff   OFFICER and ADMIN
 *   staff404  OFFICER and ADMIN; anyone else signed in gets the 404 of a missing image (the answer
 *           reveals nothing about the member)
 *   admin   ADMIN only
 *   memberOnly  a signed-in MEMBER (staff accounts get 403 STAFF_ACCOUNT: no borrowing through them)
 *   ownMember   as own, and staff accounts get 403 STAFF_ACCOUNT first
 *   callback    a payment provider's callback: verified by its token, not a session; every caller
 *           here (no token) gets 401 CALLBACK_UNVERIFIED
 *
 * Ids in paths are real: the member's own loan and withdrawal, the member's user id. Requests carry
 * a valid body for every staff and admin route, so a refusal is the 401 or 403 itself; for a member
 * route whose body is not given here an anonymous caller may get the 400 of the body check first
 * (never a 2xx). Nobody ever gets a 5xx.
 */
type Access = 'public' | 'member' | 'own' | 'staff' | 'staff404' | 'admin' | 'memberOnly' | 'ownMember' | 'callback';
type Role = 'anonymous' | 'other member' | 'member' | 'officer' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'other member', 'officer', 'admin', 'member'];

/**
 * What the route table (src/shared/api, each entry's `auth`, enforced by registration: route.ts
 * registerRoute and session.ts enforceDeclaredAccess) means for this matrix. Loopback routes are
 * public here: app.inject comes from 127.0.0.1.
 */
const FROM_ROUTE_AUTH: { readonly [A in RouteAuth]: Access } = {
  public: 'public',
  session: 'member',
  member: 'memberOnly',
  staff: 'staff',
  admin: 'admin',
  callback: 'callback',
  loopback: 'public',
};

/**
 * Only the exceptions are listed: routes whose handler narrows the declared access to the caller's
 * own object, and routes outside the route table. A row here for a route that no longer exists fails.
 */
const EXCEPTIONS: Record<string, Access> = {
  // Outside the route table: the probes.
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Declared 'session'; the handler answers the 404 of a missing image to anyone but staff.
  'GET /api/admin/members/{memberId}/documents/{kind}': 'staff404',
  // The member's own withdrawal only; anyone else's session gets 404.
  'GET /api/withdrawals/{id}': 'own',
  'POST /api/withdrawals/{id}/code': 'ownMember',
  'POST /api/withdrawals/{id}/confirm': 'ownMember',
  'POST /api/withdrawals/{id}/cancel': 'ownMember',
};

/** Who may call each route: from the route table, except where EXCEPTIONS says otherwise. */
const TABLE: Record<string, Access> = {
  ...Object.fromEntries(
    Object.values(API).flatMap((area) =>
      Object.values(area as Record<string, RouteSpec>).map((r) => [`${r.method} /api${r.path.replace(/:(\w+)/g, '{$1}')}`, FROM_ROUTE_AUTH[r.auth]]),
    ),
  ),
  ...EXCEPTIONS,
};

/** Routes that change the caller's own session or account: called last, each on a fresh session. */
const LAST = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'POST /api/privacy/deletion-request',
  'POST /api/withdrawals/{id}/cancel',
  'POST /api/loans/current/cancel',
]);

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> };
type App = Awaited<ReturnType<typeof createAppWithUploads>>;

let t: App;
let member: TestMember;
let other: TestMember;
let officer: TestMember;
let admin: TestMember;
let ids: { loanId: string; withdrawalId: string; memberId: string };
let routes: { key: string; method: string; path: string; hasBody: boolean }[];

beforeAll(async () => {
  t = await createAppWithUploads();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
  const signed = await signedLoan(t, officer);
  ok(await disburse(t, checker.cookie, signed.loanId));
  member = signed.member;
  const withdrawal = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201);
  other = await createActivatedMember(t);
  // The fixture's document rows point at no stored image: store real ones, as an upload would.
  const storage = storageFor(t.deps.config.storage);
  const image = await jpeg();
  for (const user of [member, other]) {
    for (const row of await t.deps.db.select({ id: memberDocuments.id }).from(memberDocuments).where(eq(memberDocuments.userId, user.userId))) {
      const key = await storage.put(image, { contentType: 'image/jpeg' });
      await t.deps.db.update(memberDocuments).set({ storageKey: key }).where(eq(memberDocuments.id, row.id));
    }
  }
  ids = { loanId: signed.loanId, withdrawalId: withdrawal.id as string, memberId: member.userId };
  const doc = t.app.swagger() as unknown as Doc;
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      hasBody: op.requestBody !== undefined,
    })),
  );
  routes.sort((a, b) => Number(LAST.has(a.key)) - Number(LAST.has(b.key)));
}, 240_000);
afterAll(async () => t.close());

/** A valid body (and query) where the route needs one, so a refusal is the refusal itself. */
function requestFor(key: string): { query?: string; body?: Record<string, unknown>; headers?: Record<string, string> } {
  const idem = { 'idempotency-key': newKey() };
  switch (key) {
    case 'GET /api/loans/quote':
      return { query: '?amount=200000.00&term=6' };
    case 'GET /api/admin/withdrawals/reconciliation':
      return { query: '?date=2026-11-22' };
    case 'POST /api/admin/loans/{loanId}/review':
    case 'POST /api/loans/current/cancel':
      return { body: {} };
    case 'POST /api/admin/loans/{loanId}/approve':
      return { body: { amount: '200000.00', term: 6 } };
    case 'POST /api/admin/loans/{loanId}/reject':
      return { body: { reasonCode: 'INCOME_NOT_VERIFIED' } };
    case 'POST /api/admin/loans/{loanId}/disburse':
      return { body: {}, headers: idem };
    case 'POST /api/admin/withdrawals/{id}/paid':
    case 'POST /api/admin/withdrawals/{id}/parts/{index}/paid':
      return { body: { bankReference: 'BANK-REF-0001' } };
    case 'POST /api/admin/withdrawals/{id}/failed':
    case 'POST /api/admin/withdrawals/{id}/parts/{index}/failed':
      return { body: { reasonCode: 'ACCOUNT_CLOSED' } };
    case 'POST /api/admin/withdrawals/{id}/failed/withdraw':
    case 'POST /api/admin/withdrawals/{id}/parts/{index}/failed/withdraw':
      return { body: { reason: 'Asked on the wrong payout' } };
    case 'POST /api/admin/support/messages/{messageId}/assign':
      return { body: { staffId: officer.userId } };
    case 'POST /api/admin/support/messages/{messageId}/reply':
      return { body: { text: 'Thank you for writing; here is the answer.' } };
    case 'PUT /api/member/language':
      return { body: { language: 'fil' } };
    case 'POST /api/admin/deletion-requests/{requestId}/reject':
      return { body: { reasonCode: 'LEGAL_HOLD' } };
    case 'POST /api/privacy/export':
      return { body: { password: 'not the password of anyone here' } };
    case 'POST /api/dev/clock':
      return { body: { advanceMs: 1 } };
    case 'POST /api/loans/current/accept-offer':
      return { body: { amount: '200000.00', term: 6 } };
    case 'POST /api/loans/current/payments':
      return { body: { amount: '100.00' }, headers: idem };
    case 'POST /api/loans/current/payments/preview':
      return { body: { amount: '100.00' } };
    case 'POST /api/loans/current/channel-payments':
      return { body: { method: 'EWALLET', channelCode: 'GCASH', amount: '100.00' }, headers: idem };
    case 'POST /api/callbacks/{provider}/payments':
      return { body: { event: 'payment.succeeded', data: { payment_request_id: 'pr-1', amount: 100, currency: 'PHP', status: 'SUCCEEDED' } } };
    case 'POST /api/admin/channel-payments/held/{holdId}/release':
      return { body: { note: 'The borrower paid PHP 500 more at the counter.' } };
    case 'POST /api/callbacks/{provider}/payouts':
      return { body: { event: 'payout.succeeded', data: { id: 'disb-1', reference_id: 'x', status: 'SUCCEEDED' } } };
    case 'POST /api/loans/current/payoff-quote':
      return { body: {} };
    case 'POST /api/loans/current/payoff':
      return { body: { quoteId: '00000000-0000-4000-8000-000000000000' }, headers: idem };
    case 'POST /api/admin/loans/{loanId}/payments':
      return { body: { amount: '100.00', channel: 'CASH', receivedOn: '2026-11-01' }, headers: idem };
    case 'POST /api/admin/loans/{loanId}/charges/{chargeId}/waive':
      return { body: { reasonCode: 'GOODWILL' } };
    case 'POST /api/admin/loans/{loanId}/notes':
      return { body: { body: 'Called the borrower; promised to pay on Friday.' } };
    case 'GET /api/admin/collections':
      return { query: '?bucket=D1_30&limit=10' };
    case 'PUT /api/admin/settings/company':
      return { body: { ...DEMO_COMPANY_PROFILE, social: { ...DEMO_COMPANY_PROFILE.social }, officeHours: 'Weekdays 9 am to 6 pm' } };
    case 'POST /api/admin/settings/product':
      return { body: { ...productToDraft(PRODUCT_V1), monthlyRateBps: 45 } };
    case 'POST /api/withdrawals':
      return { body: { amount: '500.00' }, headers: idem };
    case 'POST /api/withdrawals/{id}/confirm':
      return { body: { code: '000000' }, headers: idem };
    case 'POST /api/loans/applications':
      return { body: { amount: '200000.00', term: 6, selectedCurrency: 'PHP', productVersion: 1 }, headers: idem };
    case 'POST /api/loans/current/contract/sign':
    case 'POST /api/loans/current/extension/sign':
      return { body: { code: '000000' } };
    case 'POST /api/loans/current/extension':
      return { body: { term: 12 } };
    case 'POST /api/admin/extensions/{extensionId}/approve':
      return { body: {} };
    case 'POST /api/admin/extensions/{extensionId}/decline':
      return { body: { reasonCode: 'CREDIT_POLICY' } };
    default:
      return {};
  }
}

function urlOf(path: string, query = ''): string {
  return (
    path
      .replace('{loanId}', ids.loanId)
      .replace('{provider}', 'xendit')
      .replace('{id}', ids.withdrawalId)
      .replace('{index}', '1')
      .replace('{memberId}', ids.memberId)
      .replace('{kind}', 'ID_FRONT')
      .replace('{code}', '0128')
      .replace('{paymentId}', '00000000-0000-4000-8000-000000000001')
      .replace('{chargeId}', '00000000-0000-4000-8000-000000000002')
      .replace('{extensionId}', '00000000-0000-4000-8000-000000000003')
      .replace('{messageId}', '00000000-0000-4000-8000-000000000003')
      .replace('{requestId}', '00000000-0000-4000-8000-000000000004') + query
  );
}

async function cookieOf(role: Role): Promise<string | undefined> {
  const user = { anonymous: null, 'other member': other, member, officer, admin }[role];
  if (!user) return undefined;
  // A fresh session per request: a route that ends a session (logout) ends only its own.
  const session = await createSession(t.deps.db, t.clock, { userId: user.userId, persistent: false, ip: '127.0.0.1', userAgent: 'authorization-matrix' });
  return `${SESSION_COOKIE}=${session.token}`;
}

type Expectation = 'allowed' | 'allowed-own' | 401 | 403 | 404;

function expected(access: Access, role: Role): Expectation {
  if (access === 'public') return 'allowed';
  if (access === 'callback') return 401;
  if (role === 'anonymous') return 401;
  if (access === 'member') return 'allowed';
  if (access === 'own') return role === 'member' ? 'allowed-own' : 404;
  if (access === 'memberOnly') return role === 'officer' || role === 'admin' ? 403 : 'allowed';
  if (access === 'ownMember') return role === 'officer' || role === 'admin' ? 403 : role === 'member' ? 'allowed-own' : 404;
  if (access === 'staff') return role === 'officer' || role === 'admin' ? 'allowed' : 403;
  if (access === 'staff404') return role === 'officer' || role === 'admin' ? 'allowed' : 404;
  return role === 'admin' ? 'allowed' : 403;
}

describe('the authorisation matrix', () => {
  it('covers every route of the app, and only those', () => {
    const keys = routes.map((r) => r.key).sort();
    expect(keys.length).toBeGreaterThan(50);
    expect(
      keys.filter((k) => !(k in TABLE)),
      'routes without a row in TABLE',
    ).toEqual([]);
    expect(
      Object.keys(TABLE)
        .filter((k) => !keys.includes(k))
        .sort(),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('every route answers each role as the table says; a member never gets 2xx on /api/admin/*, anonymous never on member routes', async () => {
    const failures: string[] = [];
    for (const role of ROLES) {
      for (const route of routes) {
        const access = TABLE[route.key];
        if (!access) continue; // reported by the test above
        const request = requestFor(route.key);
        const cookie = await cookieOf(role);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.path, request.query),
          headers: { ...(cookie ? { cookie } : {}), ...(request.headers ?? {}) },
          ...(request.body ? { payload: request.body } : route.hasBody ? { payload: {} } : {}),
        });
        const status = res.statusCode;
        const want = expected(access, role);
        const cell = `${route.key} as ${role}: ${status} (expected ${want})`;
        const ok2xx = status >= 200 && status < 300;
        if (status >= 500) failures.push(`${cell} ${res.body}`);
        else if (want === 'allowed' || want === 'allowed-own') {
          if (status === 401 || status === 403 || (want === 'allowed-own' && status === 404)) failures.push(cell);
        } else {
          // A refusal: never 2xx; the refusal's own status, or a 400 of the body check when no valid body is given here.
          const bodyFirst = route.hasBody && request.body === undefined && status === 400;
          if (ok2xx || (status !== want && !bodyFirst)) failures.push(cell);
        }
        // The invariants the issue names, whatever the table says.
        if (ok2xx && role !== 'officer' && role !== 'admin' && route.path.startsWith('/api/admin/'))
          failures.push(`INVARIANT ${cell}: a non-staff user got 2xx on an admin route`);
        if (ok2xx && role === 'anonymous' && access !== 'public') failures.push(`INVARIANT ${cell}: anonymous got 2xx on a member route`);
        if (ok2xx && role === 'officer' && access === 'admin') failures.push(`INVARIANT ${cell}: an officer got 2xx on an ADMIN-only route`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
