// eslint-disable-next-line no-restricted-imports -- the static renderer for a test (preact/compat/server by alias, decision 034), not src/server
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { StatusHistory } from './StatusHistory';

/** The text a person reads (tags dropped, whitespace collapsed), in `lng`. */
async function text(element: ReactElement, lng: 'en' | 'fil'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, fil: { translation: fil } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const history = [
  { at: '2026-11-22T04:00:00Z', from: 'CONTRACT_SIGNED', to: 'DISBURSED', action: 'DISBURSE', actorRole: 'OFFICER', reasonCode: null, reason: null },
  { at: '2026-11-23T04:00:00Z', from: 'DISBURSED', to: 'ACTIVE', action: 'ACTIVATE', actorRole: 'SYSTEM', reasonCode: null, reason: null },
  { at: '2026-12-23T04:00:00Z', from: 'ACTIVE', to: 'OVERDUE', action: 'FALL_OVERDUE', actorRole: 'SYSTEM', reasonCode: null, reason: null },
] as const;

const rejected = [
  {
    at: '2026-11-22T04:00:00Z',
    from: 'UNDER_REVIEW',
    to: 'REJECTED',
    action: 'REJECT',
    actorRole: 'OFFICER',
    reasonCode: 'INCOME_NOT_VERIFIED',
    reason: en.reasons.loanRejection.INCOME_NOT_VERIFIED,
  },
] as const;

describe("the borrower's loan status history", () => {
  it("renders a decision's reason from its code in the reader's language, never the stored English", async () => {
    const shown = await text(<StatusHistory view={{ history: [...rejected] }} />, 'fil');
    expect(shown).toContain(fil.reasons.loanRejection.INCOME_NOT_VERIFIED);
    expect(shown).not.toContain(en.reasons.loanRejection.INCOME_NOT_VERIFIED);
  });

  it('names each status with its catalogue label, never the code', async () => {
    const shown = await text(<StatusHistory view={{ history: [...history] }} />, 'en');
    expect(shown).toContain('Contract signed → Disbursed');
    expect(shown).toContain('Disbursed → Active');
    expect(shown).toContain('Active → Overdue');
    expect(shown).not.toMatch(/CONTRACT_SIGNED|DISBURSED|ACTIVE|OVERDUE/);
  });

  it('in Filipino too', async () => {
    const shown = await text(<StatusHistory view={{ history: [...history] }} />, 'fil');
    expect(shown).toContain(`${fil.loans.statusLabel.ACTIVE} → ${fil.loans.statusLabel.OVERDUE}`);
    expect(shown).not.toMatch(/CONTRACT_SIGNED|DISBURSED|ACTIVE|OVERDUE/);
  });
});
