import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_DIGITS, CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS } from '../../shared/codes/rules';
import { otpCodeField } from '../../shared/schemas/fields';
import { ApiError } from '../lib/api';
import { rendererIn } from '../lib/render-for-tests';
import { serverNow } from '../lib/server-time';
import { CodeField, codeTimerState, isCodeComplete, resendAvailableAtOf, type CodeFieldProps } from './CodeField';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('codeTimerState: the times come from the server', () => {
  it('counts down to the resendAvailableAt the server answered, and to the expiry', () => {
    expect(codeTimerState(NOW, at(42_000), at(300_000))).toEqual({ resendWaitMs: 42_000, expiresInMs: 300_000, expired: false });
    expect(codeTimerState(NOW + 42_000, at(42_000), at(300_000)).resendWaitMs).toBe(0);
  });

  it('allows a resend at once when the server has not said when (the server still refuses one too soon)', () => {
    expect(codeTimerState(NOW, null, null)).toEqual({ resendWaitMs: 0, expiresInMs: null, expired: false });
    expect(codeTimerState(NOW, 'not a time', undefined).resendWaitMs).toBe(0);
  });

  it('says expired once the expiry has passed, never a negative time', () => {
    expect(codeTimerState(NOW + 301_000, at(42_000), at(300_000))).toEqual({ resendWaitMs: 0, expiresInMs: 0, expired: true });
  });
});

describe('resendAvailableAtOf: a refusal that says when', () => {
  it("takes the server's Retry-After of a code asked for too soon", () => {
    const tooSoon = new ApiError(429, 'RATE_LIMITED', 'Please wait', {}, 37);
    expect(resendAvailableAtOf(tooSoon, NOW)).toBe(at(37_000));
  });

  it('gives nothing for a refusal without one, or for what is not an API error', () => {
    expect(resendAvailableAtOf(new ApiError(429, 'RATE_LIMITED', 'Too many codes this hour'), NOW)).toBeNull();
    expect(resendAvailableAtOf(new Error('offline'), NOW)).toBeNull();
  });
});

describe('isCodeComplete: the one code rule the routes use', () => {
  it('agrees with the shared schema on every length and on non-digits', () => {
    for (let n = 0; n <= CODE_INPUT_MAX_DIGITS + 2; n++) {
      const typed = '7'.repeat(n);
      expect(isCodeComplete(typed), typed).toBe(otpCodeField.safeParse(typed).success);
      expect(isCodeComplete(typed)).toBe(n >= CODE_INPUT_MIN_DIGITS && n <= CODE_INPUT_MAX_DIGITS);
    }
    expect(isCodeComplete('12345a')).toBe(false);
    expect(otpCodeField.safeParse('12345a').success).toBe(false);
  });
});

describe('CodeField', () => {
  const renderers: Partial<Record<'en' | 'fil', (element: ReactElement) => string>> = {};
  beforeAll(async () => {
    renderers.en = await rendererIn('en');
    renderers.fil = await rendererIn('fil');
  });

  const render = (props: Partial<CodeFieldProps>, language: 'en' | 'fil' = 'en') =>
    renderers[language]!(
      <CodeField label="Code from the SMS" value="" onChange={() => undefined} resendAvailableAt={null} onResend={() => undefined} {...props} />,
    );
  // The field reads the server's clock (src/web/lib/server-time.ts); times relative to it.
  const fromNow = (ms: number) => new Date(serverNow() + ms).toISOString();

  it('is a digits-only one-time-code box taking at most the digits that may be typed, or the issued length when given', () => {
    const html = render({});
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(html).toMatch(new RegExp(`maxlength="${CODE_INPUT_MAX_DIGITS}"`, 'i'));
    expect(render({ maxDigits: CODE_DIGITS })).toMatch(new RegExp(`maxlength="${CODE_DIGITS}"`, 'i'));
  });

  it("counts the resend button down to the server's resendAvailableAt, disabled until then", () => {
    const html = render({ resendAvailableAt: fromNow(45_000) });
    expect(html).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>Resend code in 0:4[45]<\/button>/);
  });

  it('offers the resend at once when the time has passed or the server gave none', () => {
    for (const resendAvailableAt of [fromNow(-1_000), null]) {
      const html = render({ resendAvailableAt });
      expect(html).toMatch(/<button[^>]*>Resend code<\/button>/);
      expect(html).not.toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>Resend code<\/button>/);
    }
  });

  it('keeps the resend disabled while another action of the form runs', () => {
    expect(render({ busy: true })).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>Resend code<\/button>/);
  });

  it("shows the code's expiry with the time left, then that it expired, in both languages", () => {
    expect(render({ expiresAt: fromNow(125_000) })).toMatch(/The code expires at .+ \(2:0[45] left\)\./);
    expect(render({ expiresAt: fromNow(-1_000) })).toContain('This code has expired. Ask for a new one.');
    expect(render({ expiresAt: fromNow(-1_000) }, 'fil')).toContain('Nag-expire na ang code na ito. Humingi ng bago.');
    expect(render({ resendAvailableAt: fromNow(30_000) }, 'fil')).toMatch(/Maipapadala muli ang code sa loob ng 0:(29|30)/);
    expect(render({})).not.toContain('data-testid="code-expiry"');
  });

  it('hides the resend once the field is disabled (the code was accepted)', () => {
    expect(render({ disabled: true })).not.toContain('Resend code');
  });
});
