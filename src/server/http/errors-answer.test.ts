import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { text, textList } from '../../shared/i18n/text';
import { LedgerError } from '../ledger';
import { AppError, installErrorHandling } from './errors';

/**
 * What the error handler answers for a refusal built from values (a catalogue text with values,
 * decision 056) and for an internal error: the caller's language, and never the words of an
 * internal error.
 */

let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
  installErrorHandling(app);
  app.get('/state', () => {
    throw new AppError(
      409,
      'LOAN_STATE',
      text('loans.errors.stateRefused', { status: text('loans.statusLabel.REPAID'), action: text('loans.status.actions.SIGN') }),
    );
  });
  app.get('/list', () => {
    const reasons = textList([text('loans.reasons.INCOME_MISSING'), text('loans.reasons.AGE_BELOW_MINIMUM', { minAge: 21 })], ' ');
    throw new AppError(409, 'OFFER_REFUSED', text('loans.errors.offerIneligible', { reasons }), {
      amount: text('loans.reasons.AGE_BELOW_MINIMUM', { minAge: 21 }),
    });
  });
  app.get('/internal-app-error', () => {
    throw new AppError(500, 'INTERNAL', `Debits ${1n} and credits ${2n} differ`);
  });
  app.get('/ledger-conflict', () => {
    throw new LedgerError('INSUFFICIENT_FUNDS', 'Account W-1234 would go below zero');
  });
  app.get('/plain', () => {
    throw new Error(`withdrawal ${'abc'} has 2 parts, expected 3`);
  });
  await app.ready();
});
afterAll(async () => app.close());

const get = (url: string, language?: string) => app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('a refusal built from values', () => {
  it('is rendered in Filipino with its values’ labels in Filipino, and in English by default', async () => {
    const filipino = await get('/state', 'fil');
    expect(filipino.statusCode).toBe(409);
    expect(filipino.json().error).toEqual({
      code: 'LOAN_STATE',
      message: 'Ang status ng loan na ito ay “Bayad na”, kaya hindi puwede ang “Napirmahan ang kontrata”.',
    });
    const english = await get('/state');
    expect(english.json().error.message).toBe('This loan’s status is “Repaid”, which does not allow “Contract signed”.');
  });

  it('renders a list of catalogue texts and a field given as a text in the same language', async () => {
    const res = await get('/list', 'fil');
    const reasons = `${fil.loans.reasons.INCOME_MISSING} ${fil.loans.reasons.AGE_BELOW_MINIMUM.replace('{{minAge}}', '21')}`;
    expect(res.json().error).toEqual({
      code: 'OFFER_REFUSED',
      message: fil.loans.errors.offerIneligible.replace('{{reasons}}', reasons),
      fields: { amount: fil.loans.reasons.AGE_BELOW_MINIMUM.replace('{{minAge}}', '21') },
    });
    const english = (await get('/list')).json().error;
    expect(english.message).toBe(`This offer fails the eligibility rules: ${en.loans.reasons.INCOME_MISSING} You must be at least 21 years old to apply.`);
  });
});

describe('an internal error', () => {
  it('thrown as an AppError with status 500 answers errors.INTERNAL in the caller’s language; its words are only logged', async () => {
    logged.length = 0;
    const res = await get('/internal-app-error', 'fil');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: fil.errors.INTERNAL } });
    expect(res.body).not.toContain('Debits');
    expect(logged.join('\n')).toContain('Debits 1 and credits 2 differ');
  });

  it('of the ledger answers its code’s catalogue text, not the account it names', async () => {
    const res = await get('/ledger-conflict', 'fil');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: fil.errors.CONFLICT } });
    expect((await get('/ledger-conflict')).json().error.message).toBe(en.errors.CONFLICT);
  });

  it('that is not an AppError answers errors.INTERNAL and is logged', async () => {
    logged.length = 0;
    const res = await get('/plain');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: en.errors.INTERNAL } });
    expect(logged.join('\n')).toContain('has 2 parts, expected 3');
  });
});

describe('a refusal of the framework (an error with a 4xx status that is not an AppError)', () => {
  let framework: FastifyInstance;
  const lines: string[] = [];
  const fastifyError = (code: string, statusCode: number, message: string) => Object.assign(new Error(message), { code, statusCode });

  beforeAll(async () => {
    framework = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    installErrorHandling(framework);
    framework.get('/method', () => {
      throw fastifyError('FST_ERR_SOMETHING', 405, 'Method FOO is not allowed for /method');
    });
    framework.get('/missing', () => {
      throw fastifyError('FST_ERR_NOT_FOUND', 404, 'Route GET:/missing/thing not found');
    });
    framework.get('/stream', () => {
      throw Object.assign(new Error('aborted'), { statusCode: 400 });
    });
    await framework.ready();
  });
  afterAll(async () => framework.close());

  const ask = (url: string, language?: string) => framework.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

  it('answers our code’s catalogue text in the caller’s language, keeping its status; its words go to the log only', async () => {
    lines.length = 0;
    const method = await ask('/method', 'fil');
    expect(method.statusCode).toBe(405);
    expect(method.json()).toEqual({ error: { code: 'BAD_REQUEST', message: fil.errors.BAD_REQUEST } });
    expect(method.body).not.toContain('FOO');
    expect(lines.join('\n')).toContain('Method FOO is not allowed for /method');

    const missing = await ask('/missing', 'fil');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: fil.errors.NOT_FOUND } });
    expect((await ask('/missing')).json()).toEqual({ error: { code: 'NOT_FOUND', message: en.errors.NOT_FOUND } });

    const stream = await ask('/stream');
    expect(stream.statusCode).toBe(400);
    expect(stream.json()).toEqual({ error: { code: 'BAD_REQUEST', message: en.errors.BAD_REQUEST } });
  });
});
