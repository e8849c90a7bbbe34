import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { providersFor } from '../registry';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@localhost/db',
  OTP_PEPPER: 'x'.repeat(40),
  PUBLIC_ORIGIN: 'https://example.com',
} as const;

describe('payout configuration', () => {
  it('defaults to the simulated provider outside production: 20 s, never failing, 24-hour hold', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.payouts).toEqual({ mode: 'SIMULATED', settleSeconds: 20, failureRate: 0, holdAfterPayoutChangeHours: 24, maxParts: 10 });
    expect(providersFor().payout(config).mode).toBe('SIMULATED');
  });

  it('reads PAYOUT_PROVIDER, PAYOUT_SETTLE_SECONDS, PAYOUT_FAILURE_RATE and the hold', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYOUT_PROVIDER: 'manual',
      PAYOUT_SETTLE_SECONDS: '5',
      PAYOUT_FAILURE_RATE: '0.25',
      WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS: '48',
    });
    expect(config.payouts).toEqual({ mode: 'MANUAL', settleSeconds: 5, failureRate: 0.25, holdAfterPayoutChangeHours: 48, maxParts: 10 });
    expect(providersFor().payout(config).mode).toBe('MANUAL');
  });

  it('refuses a failure rate outside 0..1', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_FAILURE_RATE: '1.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_FAILURE_RATE: '-0.1' })).toThrow(ConfigError);
  });

  it('refuses the simulated provider in production, where it would pretend to pay', () => {
    expect(() => loadConfig({ ...production, PAYOUT_PROVIDER: 'simulated' })).toThrow(/PAYOUT_PROVIDER=simulated/);
  });
});
