import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('production configuration', () => {
  it('refuses the outbox SMS and e-mail adapters (they only store messages) and the simulated payouts, each named', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PAYOUT_PROVIDER: 'simulated' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/SMS_PROVIDER=outbox never sends an SMS/);
    expect(message).toMatch(/EMAIL_PROVIDER=outbox never sends an e-mail/);
    expect(message).toMatch(/PAYOUT_PROVIDER=simulated pretends to pay/);
  });

  it('keeps the embedded and development defaults working: outbox adapters, simulated payouts, a 30 s shutdown limit', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const config = loadConfig({ NODE_ENV });
      expect(config.production).toBe(false);
      expect(config.payouts.mode).toBe('SIMULATED');
      expect(config.shutdownTimeoutMs).toBe(30_000);
    }
    expect(loadConfig({ NODE_ENV: 'development', SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ NODE_ENV: 'development', SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(ConfigError);
  });
});

function configErrorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  return '';
}

describe('LOAN_MAKER_CHECKER (decision 052)', () => {
  it('production refuses it switched off, and names it; on (the default) it is not named', () => {
    expect(configErrorOf({ NODE_ENV: 'production', LOAN_MAKER_CHECKER: 'false' })).toMatch(/LOAN_MAKER_CHECKER=false .*production refuses it/);
    expect(configErrorOf({ NODE_ENV: 'production', LOAN_MAKER_CHECKER: 'true' })).not.toMatch(/LOAN_MAKER_CHECKER/);
    expect(configErrorOf({ NODE_ENV: 'production' })).not.toMatch(/LOAN_MAKER_CHECKER/);
  });

  it('development and tests may still switch it off', () => {
    for (const NODE_ENV of ['development', 'test'] as const) expect(loadConfig({ NODE_ENV, LOAN_MAKER_CHECKER: 'false' }).loanMakerChecker).toBe(false);
  });
});

describe('XENDIT_CALLBACK_TOKEN (decision 052)', () => {
  const long = 'x'.repeat(32);
  it('refuses a token shorter than 32 characters with either Xendit provider, in every mode', () => {
    for (const NODE_ENV of ['development', 'test', 'production'] as const)
      for (const provider of [{ COLLECTION_PROVIDER: 'xendit' }, { PAYOUT_PROVIDER: 'xendit' }])
        for (const token of ['tok', 'x'.repeat(31)])
          expect(configErrorOf({ NODE_ENV, ...provider, XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: token })).toMatch(
            /XENDIT_CALLBACK_TOKEN must be at least 32 characters/,
          );
  });

  it('accepts a token of the minimum length', () => {
    const config = loadConfig({ NODE_ENV: 'test', COLLECTION_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: long });
    expect(config.xendit?.callbackToken).toBe(long);
    expect(loadConfig({ NODE_ENV: 'test', PAYOUT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: long }).payouts.mode).toBe('XENDIT');
  });
});

describe('LEDGER_SYSTEM_SHARDS', () => {
  it('defaults to 8 shards per system account and accepts 1 to 64 only', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ledgerSystemShards).toBe(8);
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_SYSTEM_SHARDS: '1' }).ledgerSystemShards).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_SYSTEM_SHARDS: '64' }).ledgerSystemShards).toBe(64);
    for (const bad of ['0', '65', '2.5', 'many']) expect(() => loadConfig({ NODE_ENV: 'test', LEDGER_SYSTEM_SHARDS: bad })).toThrow(ConfigError);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows connection failures from wrong queries', async () => {
    const { isDatabaseUnavailable } = await import('./http/db-unavailable');
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    // Drizzle wraps the driver's error: its cause is looked at.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('ARREARS_TOLERANCE: whole pesos 0 to 100 (default 0), in centavos', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).servicing.arrearsTolerance).toBe(0n);
    expect(loadConfig({ NODE_ENV: 'test', ARREARS_TOLERANCE: '10' }).servicing.arrearsTolerance).toBe(1_000n);
    for (const bad of ['101', '-1', '2.5']) expect(() => loadConfig({ NODE_ENV: 'test', ARREARS_TOLERANCE: bad })).toThrow(ConfigError);
  });
});
