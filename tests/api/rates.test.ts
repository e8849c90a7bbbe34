import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fxRateSnapshots } from '../../src/server/db/schema';
import { fetchRates, parseRatesPayload, RatesFetchError } from '../../src/server/providers/fx/http';
import { SHIPPED_SNAPSHOT, type RatesSnapshot } from '../../src/server/providers/fx/rates';
import { storeRates } from '../../src/server/providers/fx/store';
import { refreshRatesOnce } from '../../src/server/jobs/rates-refresh';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from '../fixtures/app';
import { apply, APPLICATION, createActivatedMember, ok } from '../fixtures/loans';

/** A rates server on 127.0.0.1 that answers whatever the test sets next. */
let server: Server;
let url: string;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let t: TestApp;
const logs: { level: string; msg: string }[] = [];
const log = { info: (_o: object, msg: string) => logs.push({ level: 'info', msg }), warn: (_o: object, msg: string) => logs.push({ level: 'warn', msg }) };

const json =
  (body: unknown, status = 200) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
const GOOD = { base: 'PHP', asOf: '2026-11-21', source: 'Test rates', rates: { USD: '0.0175', EUR: '0.0160', JPY: '2.7000' } };

beforeAll(async () => {
  server = createServer((req, res) => answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates.json`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  logs.length = 0;
});

// Generous for answers (a loaded machine is slow); the timeout test sets its own short limit.
const http = () => ({ url, timeoutMs: 10_000 });

describe('the HTTP provider', () => {
  it('reads the documented shape', async () => {
    answer = json(GOOD);
    const snapshot = await fetchRates(http());
    expect(snapshot).toEqual({ base: 'PHP', asOf: '2026-11-21', source: `Test rates (${url})`, rates: { PHP: '1', ...GOOD.rates } });
  });

  it.each([
    ['bad JSON', '{"base": "PHP", "rates": {', 'not valid JSON'],
    ['a wrong base', { ...GOOD, base: 'USD' }, 'base must be "PHP"'],
    ['a negative rate', { ...GOOD, rates: { USD: '-0.0175' } }, 'rates.USD: a rate is a positive decimal string'],
    ['a zero rate', { ...GOOD, rates: { USD: '0' } }, 'rates.USD: a rate must be above zero'],
    ['a rate as a JSON number', { ...GOOD, rates: { USD: 0.0175 } }, 'rates.USD'],
    ['a malformed currency code', { ...GOOD, rates: { usd: '0.0175' } }, 'currency codes are 3 capital letters'],
    ['no currency besides PHP', { ...GOOD, rates: { PHP: '1' } }, 'at least one currency besides PHP'],
    ['a PHP rate other than 1', { ...GOOD, rates: { PHP: '2', USD: '0.0175' } }, 'the PHP rate, when given, must be 1'],
    ['no as-of date', { base: 'PHP', rates: GOOD.rates }, 'asOf'],
  ])('refuses %s with the reason', async (_name, body, reason) => {
    answer = json(body);
    const error = await fetchRates(http()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RatesFetchError);
    expect((error as Error).message).toContain(reason);
  });

  it('refuses an HTTP error status', async () => {
    answer = json({ error: 'down' }, 503);
    await expect(fetchRates(http())).rejects.toThrow('answered HTTP 503');
  });

  it('gives up after the timeout', async () => {
    answer = () => {}; // never answers
    await expect(fetchRates({ url, timeoutMs: 300 })).rejects.toThrow('no answer within 300 ms');
  });

  it('refuses an unreachable server', async () => {
    await expect(fetchRates({ url: 'http://127.0.0.1:9/rates.json', timeoutMs: 10_000 })).rejects.toBeInstanceOf(RatesFetchError);
  });

  it('parses without a network too (the pure part)', () => {
    expect(parseRatesPayload({ ...GOOD, asOf: '2026-11-21T08:00:00Z' }, 'x').asOf).toBe('2026-11-21T08:00:00Z');
    expect(() => parseRatesPayload(null, 'x')).toThrow(RatesFetchError);
  });
});

describe('the refresh job and GET /api/rates', () => {
  it('serves the shipped snapshot until a snapshot is stored', async () => {
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toEqual(SHIPPED_SNAPSHOT);
  });

  it('stores a good snapshot, which every reader then serves: rates, currencies, the rate on a loan application', async () => {
    answer = json(GOOD);
    expect(await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http())).toEqual({ ok: true, stored: true, asOf: '2026-11-21', note: null });
    const rates = ok(await t.app.inject({ method: 'GET', url: '/api/rates' }));
    expect(rates).toMatchObject({ asOf: '2026-11-21', rates: { PHP: '1', USD: '0.0175' } });
    // Only the currencies with a rate are offered.
    const codes = ok(await t.app.inject({ method: 'GET', url: '/api/currencies' })).currencies.map((c: { currencyCode: string }) => c.currencyCode);
    expect(codes.sort()).toEqual(['EUR', 'JPY', 'PHP', 'USD']);
    const member = await createActivatedMember(t);
    const created = ok(await apply(t, member.cookie, { ...APPLICATION, selectedCurrency: 'USD' }), 201);
    expect(created.loan).toMatchObject({ selectedCurrency: 'USD' });
    expect(JSON.stringify(created.loan)).toContain('2026-11-21');
  });

  it('keeps the last good snapshot when the provider fails or answers bad data, and says why in the log', async () => {
    for (const bad of [json('not json'), json({ ...GOOD, asOf: '2026-11-22', rates: { USD: '-1' } }), json({}, 500)]) {
      answer = bad;
      const outcome = await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http());
      expect(outcome.ok).toBe(false);
    }
    expect(logs.filter((l) => l.level === 'warn')).toHaveLength(3);
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toMatchObject({ asOf: '2026-11-21', rates: { USD: '0.0175' } });
    expect(await t.deps.db.select().from(fxRateSnapshots)).toHaveLength(1);
  });

  it('stores neither an unchanged nor an older snapshot', async () => {
    answer = json(GOOD);
    expect(await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http())).toMatchObject({ ok: true, stored: false, note: 'unchanged' });
    answer = json({ ...GOOD, asOf: '2026-11-20', rates: { USD: '0.0100' } });
    expect(await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http())).toMatchObject({ ok: true, stored: false });
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' })).rates.USD).toBe('0.0175');
  });

  it('the as-of date survives a restart: a new app on the same database serves the stored snapshot', async () => {
    const again = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }),
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    try {
      expect((await again.app.inject({ method: 'GET', url: '/api/rates' })).json()).toMatchObject({ asOf: '2026-11-21' });
    } finally {
      await again.app.close();
    }
  });

  it('stores a new snapshot once when several processes refresh at the same moment (on PostgreSQL: six connections at once)', async () => {
    const snapshot: RatesSnapshot = { ...GOOD, base: 'PHP', asOf: '2026-11-22', rates: { USD: '0.0176' } };
    // Open the connections first (on PostgreSQL the pool's), so the six really run at once.
    await Promise.all([0, 1, 2, 3, 4, 5].map(() => t.deps.db.execute(sql`select pg_sleep(0.05)`)));
    const outcomes = await Promise.all([0, 1, 2, 3, 4, 5].map(() => storeRates(t.deps.db, snapshot, t.clock.now())));
    expect(outcomes.filter((o) => o.stored)).toHaveLength(1);
    expect(await t.deps.db.select().from(fxRateSnapshots).where(eq(fxRateSnapshots.asOf, '2026-11-22'))).toHaveLength(1);
  });

  // The test clock is 2026-11-22T04:00:00Z (12:00 in Manila).
  it('refuses a snapshot dated in the future (a date not yet begun anywhere, or a time beyond the 15-minute skew); the rates in force stay', async () => {
    for (const asOf of ['2099-12-31', '2026-11-23', '2026-11-22T04:16:00Z', '2026-11-22T12:16:00+08:00']) {
      answer = json({ ...GOOD, asOf, rates: { USD: '0.9999' } });
      const outcome = await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http());
      expect(outcome, asOf).toMatchObject({ ok: true, stored: false });
      expect(outcome.ok && outcome.note, asOf).toContain('in the future');
    }
    expect(await t.deps.db.select().from(fxRateSnapshots).where(eq(fxRateSnapshots.asOf, '2099-12-31'))).toHaveLength(0);
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toMatchObject({ asOf: '2026-11-22', rates: { USD: '0.0176' } });
    // Within the skew: stored and served.
    answer = json({ ...GOOD, asOf: '2026-11-22T04:10:00Z', rates: { USD: '0.0177' } });
    expect(await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http())).toMatchObject({ ok: true, stored: true });
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toMatchObject({ asOf: '2026-11-22T04:10:00Z', rates: { USD: '0.0177' } });
  });

  it('a future-dated snapshot already stored is not served and does not block later good ones; it is served once its time comes', async () => {
    await t.deps.db.insert(fxRateSnapshots).values({
      base: 'PHP',
      asOf: '2099-12-31',
      asOfAt: new Date('2099-12-31T00:00:00+14:00'),
      source: 'a bad answer stored before the rule',
      rates: { PHP: '1', USD: '9.9999' },
      fetchedAt: t.clock.now(),
    });
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toMatchObject({ asOf: '2026-11-22T04:10:00Z', rates: { USD: '0.0177' } });
    t.clock.advance(60 * 60_000);
    answer = json({ ...GOOD, asOf: '2026-11-22T05:00:00Z', rates: { USD: '0.0178' } });
    expect(await refreshRatesOnce({ db: t.deps.db, clock: t.clock, log }, http())).toMatchObject({ ok: true, stored: true, note: null });
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/rates' }))).toMatchObject({ asOf: '2026-11-22T05:00:00Z', rates: { USD: '0.0178' } });
    // A loan application takes the rate in force, not the stored future one.
    const member = await createActivatedMember(t);
    const created = ok(await apply(t, member.cookie, { ...APPLICATION, selectedCurrency: 'USD' }), 201);
    expect(JSON.stringify(created.loan)).toContain('2026-11-22T05:00:00Z');
    expect(JSON.stringify(created.loan)).not.toContain('2099-12-31');
  });
});

describe('configuration', () => {
  it('RATES_PROVIDER=http needs RATES_URL; the refresh interval defaults to 60 minutes', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', RATES_PROVIDER: 'http' })).toThrow('RATES_PROVIDER=http needs RATES_URL.');
    expect(loadConfig({ NODE_ENV: 'test', RATES_PROVIDER: 'http', RATES_URL: 'https://rates.example.com/php.json' }).rates).toEqual({
      provider: 'http',
      url: 'https://rates.example.com/php.json',
      refreshMinutes: 60,
      timeoutMs: 10_000,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).rates).toEqual({ provider: 'snapshot' });
    expect(() => loadConfig({ NODE_ENV: 'test', RATES_PROVIDER: 'http', RATES_URL: 'ftp://x.example.com', RATES_REFRESH_MINUTES: '0' })).toThrow(
      /RATES_URL|RATES_REFRESH_MINUTES/,
    );
  });
});
