import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../../shared/i18n/en';
import { LIMITS } from '../../../../shared/schemas/fields';
import { rendererIn } from '../../../lib/render-for-tests';
import { serverNow } from '../../../lib/server-time';
import { ResetStep } from '../recover/ResetStep';
import { PhoneStep } from '../recover/PhoneStep';
import { AccountStep } from '../register/AccountStep';
import type { AccountInput, AccountOutput } from '../register/types';
import { CodeEntry, type CodeTimes } from './CodeEntry';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneNumberField } from './PhoneNumberField';
import { translateEn } from '../../../../shared/i18n/lookup';

/**
 * The parts the sign-in, registration and recovery flows share: one phone-number field,
 * one code entry, one new-password pair. Rendered as the browser first draws them.
 */
let render: (element: ReactElement) => string;
beforeAll(async () => {
  render = await rendererIn('en');
});
const fromNow = (ms: number) => new Date(serverNow() + ms).toISOString();
const DISABLED_BUTTON = /<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>/;

function Phone({ error, hint }: { readonly error?: string; readonly hint?: string }) {
  const form = useForm<{ phone: string }>({ defaultValues: { phone: '' } });
  return <PhoneNumberField control={form.control} error={error} hint={hint} />;
}

function Code({ times, disabled = false, busy = false }: { readonly times: CodeTimes; readonly disabled?: boolean; readonly busy?: boolean }) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return <CodeEntry control={form.control} error={undefined} times={times} onResend={() => undefined} resending={false} busy={busy} disabled={disabled} />;
}

function Passwords({ labels, mismatch = false }: { readonly labels: { password: string; confirmPassword: string }; readonly mismatch?: boolean }) {
  const form = useForm<{ password: string; confirmPassword: string }>({
    defaultValues: { password: '', confirmPassword: '' },
    errors: mismatch ? { confirmPassword: { type: 'validate', message: 'validation.passwordMismatch' } } : {},
  });
  return <NewPasswordFields form={form} labels={labels} userInputs={[]} />;
}

function Account() {
  const form = useForm<AccountInput, unknown, AccountOutput>({ defaultValues: { phone: '', email: '', fullName: '', password: '', confirmPassword: '' } });
  return <AccountStep form={form} onContinue={() => undefined} />;
}

describe('PhoneNumberField', () => {
  it("is the form's phone field, labelled 'Phone number', with the country picker and a tel input", () => {
    const html = render(<Phone />);
    expect(html).toContain('>Phone number<');
    expect(html).toMatch(/<input[^>]*type="tel"[^>]*name="phone"|<input[^>]*name="phone"[^>]*type="tel"/);
    expect(html).toContain('<select');
  });

  it('shows the rule broken through its i18n key, and the hint only when given and no error', () => {
    expect(render(<Phone error="validation.phone" />)).toContain(translateEn('validation.phone'));
    expect(render(<Phone hint="Mobile number." />)).toContain('Mobile number.');
    expect(render(<Phone hint="Mobile number." error="validation.phone" />)).not.toContain('Mobile number.');
  });
});

describe('CodeEntry', () => {
  it("is the digits-only code box with the flows' label and hint, the expiry, and the resend counting down to the server's time", () => {
    const html = render(<Code times={{ codeExpiresAt: fromNow(125_000), resendAvailableAt: fromNow(45_000) }} />);
    expect(html).toContain('>One-time code<');
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(html).toMatch(/The code expires at .+ \(2:0[45] left\)\./);
    expect(html).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>Resend code in 0:4[45]<\/button>/);
  });

  it('offers the resend once the time has passed, not while the form is busy, and hides it once the code was accepted', () => {
    const past = { codeExpiresAt: fromNow(60_000), resendAvailableAt: fromNow(-1_000) };
    const html = render(<Code times={past} />);
    expect(html).toMatch(/<button[^>]*>Resend code<\/button>/);
    expect(html).not.toMatch(new RegExp(`${DISABLED_BUTTON.source}Resend code<`));
    expect(render(<Code times={past} busy />)).toMatch(new RegExp(`${DISABLED_BUTTON.source}Resend code<`));
    expect(render(<Code times={past} disabled />)).not.toContain('Resend code');
  });
});

describe('NewPasswordFields', () => {
  it('labels the pair as each flow says, with the rule hint, new-password autocomplete and the length limit', () => {
    const register = render(<Passwords labels={{ password: 'auth.register.password', confirmPassword: 'auth.register.confirmPassword' }} />);
    expect(register).toContain('>Create password<');
    expect(register).toContain('>Confirm password<');
    const recover = render(<Passwords labels={{ password: 'auth.recover.newPassword', confirmPassword: 'auth.recover.confirmPassword' }} />);
    expect(recover).toContain('>New password<');
    expect(recover).toContain('>Confirm new password<');
    for (const html of [register, recover]) {
      expect(html).toContain(translateEn('auth.register.passwordHint'));
      expect(html.match(/autocomplete="new-password"/gi)).toHaveLength(2);
      expect(html.match(new RegExp(`maxlength="${LIMITS.passwordMax * 2}"`, 'gi'))).toHaveLength(2);
    }
  });

  it("shows the shared schema's mismatch message on the confirmation", () => {
    const html = render(<Passwords labels={{ password: 'auth.recover.newPassword', confirmPassword: 'auth.recover.confirmPassword' }} mismatch />);
    expect(html).toContain(en.validation.passwordMismatch);
    expect(html).toMatch(/role="alert"[^>]*>Password confirmation mismatch\.</);
  });
});

describe('both flows draw the same parts', () => {
  it('recovery: the phone step is the shared phone field; the reset step the shared code entry and new-password pair', () => {
    const phone = render(<PhoneStep onStarted={() => undefined} />);
    expect(phone).toContain('>Phone number<');
    expect(phone).toContain('>Send Code<');
    const reset = render(
      <ResetStep
        started={{ phone: '+639171234567', codeExpiresAt: fromNow(300_000), resendAvailableAt: fromNow(60_000) }}
        onRestarted={() => undefined}
        onOtherNumber={() => undefined}
        onDone={() => undefined}
      />,
    );
    expect(reset).toContain(en.auth.recover.sent);
    expect(reset).toContain('>One-time code<');
    expect(reset).toMatch(/Resend code in (0:59|1:00)/);
    expect(reset).toContain('>New password<');
    expect(reset).toContain('>Confirm new password<');
    // Nothing typed: the reset waits for a complete code.
    expect(reset).toMatch(new RegExp(`${DISABLED_BUTTON.source}[^<]*(<[^/][^>]*>[^<]*)*Reset Password`));
  });

  it('registration: the account step has the same phone field (with its hint) and the same new-password pair', () => {
    const html = render(<Account />);
    expect(html).toContain('>Phone number<');
    expect(html).toContain(en.auth.phone.hint);
    expect(html).toContain('>Create password<');
    expect(html).toContain(translateEn('auth.register.passwordHint'));
  });
});
