import { describe, expect, it } from 'vitest';
import { staffTextProblem, type StaffTextContext } from './staff-text';

const ctx: StaffTextContext = {
  ownHosts: ['tapat.ph'],
  ownEmails: ['support@tapat.ph', 'help@gmail.com'],
  ownLinks: ['https://m.me/tapatlending', 'https://www.sec.gov.ph/lending'],
  allowedNumbers: ['+639171234567', 'CS201912345'],
};
const code = (text: string) => staffTextProblem(text, ctx)?.code ?? null;

describe('staffTextProblem: the one check of staff text a borrower reads (decision 060)', () => {
  it('refuses the scam reply of the review: a link elsewhere, a payment instruction, an account number', () => {
    const reply = 'Your loan is FROZEN. To release it, pay PHP 5,000 to GCash 0918 765 4321 today. Log in at http://tapat-verify.example/login';
    expect(staffTextProblem(reply, ctx)).toEqual({ code: 'LINK', found: 'http://tapat-verify.example/login' });
    expect(code('Your loan is FROZEN. Pay PHP 5,000 to GCash today.')).toBe('PAYMENT_INSTRUCTION');
    expect(staffTextProblem('Send it to 0918 765 4321.', ctx)).toEqual({ code: 'ACCOUNT_NUMBER', found: '0918 765 4321' });
  });

  it('links: any web or e-mail address outside the lender’s own hosts, e-mail addresses and links', () => {
    for (const text of [
      'See https://bit.ly/3xYz',
      'Go to www.tapat-loans.com now',
      'Open tapat-verify.example/login',
      'Visit tapat.ph.evil.example please',
      'Write to agent.cruz@gmail.com',
      'Write to refunds@tapat-ph.com',
      'Go to https://m.me.evil.example',
    ]) {
      expect(code(text), text).toBe('LINK');
    }
    for (const text of [
      'Open https://tapat.ph/loan and choose Pay.',
      'Open www.tapat.ph or app.tapat.ph',
      'Write to support@tapat.ph or help@gmail.com.',
      'Chat with us at https://m.me/tapatlending',
      'Check our registration at https://www.sec.gov.ph/lending-companies',
      'Salamat po.Pwede po kayong mag-apply ulit.',
      'Thank you.Please apply again e.g. next month, i.e. after payday.',
    ]) {
      expect(code(text), text).toBeNull();
    }
  });

  it('account numbers: 10 digits or more, with spaces or hyphens, unless allowed', () => {
    for (const text of ['GCash 09187654321', 'account 1234-5678-9012', 'call +63 918 765 4321', 'BDO 0012 3456 7890'])
      expect(code(text), text).toBe('ACCOUNT_NUMBER');
    // The member's own phone, in any of its spellings, and the lender's registration number pass; so do amounts, dates and references.
    for (const text of [
      'We will text 0917 123 4567 when it is done.',
      'We will text +63 917 123 4567.',
      'SEC registration CS201912345.',
      'Your instalment is shown on the Loan page (TAPAT-000123, 2026-11-28).',
      'Your balance of PHP 10,000,000.00 is shown there.',
    ]) {
      expect(code(text), text).toBeNull();
    }
  });

  it('payment instructions: paying or sending with an amount, or paying with a place to pay; en and fil', () => {
    for (const text of [
      'Please pay PHP 5,000 today.',
      'Send ₱2,500 so we can process it.',
      'Transfer 3,000 pesos first.',
      'Magbayad po kayo ng P1,500 ngayon.',
      'Ipadala ang 2000 piso sa amin.',
      'Pay through GCash to our agent.',
      'Mag-deposito sa BDO account ng ahente.',
      'Please deposit it at Palawan Express.',
    ]) {
      expect(code(text), text).toBe('PAYMENT_INSTRUCTION');
    }
    for (const text of [
      'You can pay your instalment from the Loan page.',
      'We never ask you to pay PHP 5,000 or any amount to receive a loan.',
      'Your withdrawal was sent to your own account; it shows on the Wallet page.',
      'Pwede kang magbayad sa Loan page ng app.',
    ]) {
      expect(code(text), text).toBeNull();
    }
  });

  it('advance fees: a fee tied to a word of the scheme, or paying to release, unlock, verify; a denial passes', () => {
    for (const text of [
      'There is an unfreeze fee.',
      'The processing charge is due.',
      'You must pay to release your loan.',
      'May bayad sa verification.',
      'Pay first, then we unlock it.',
    ]) {
      expect(code(text), text).toBe('ADVANCE_FEE');
    }
    for (const text of [
      'There is no withdrawal fee.',
      'We never ask you to pay to unlock a loan.',
      'Enter the verification code we sent to your phone.',
      'Your withdrawal is processing and should arrive today.',
      'Walang bayad ang withdrawal.',
    ]) {
      expect(code(text), text).toBeNull();
    }
  });
});
