// eslint-disable-next-line no-restricted-imports -- the static renderer for a test (preact/compat/server by alias, decision 034), not src/server
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { WithdrawalRoute } from './WithdrawalRoute';

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

describe("the officer's withdrawal row: channel and payout mode", () => {
  it('shows labels from the catalogue, not INSTAPAY or SIMULATED', async () => {
    const shown = await text(<WithdrawalRoute channel="INSTAPAY" payoutMode="SIMULATED" />, 'en');
    expect(shown).toContain(en.withdrawals.channel.INSTAPAY);
    expect(shown).toContain(en.backoffice.withdrawals.payoutMode.SIMULATED);
    expect(shown).not.toMatch(/INSTAPAY|SIMULATED/);
    const manual = await text(<WithdrawalRoute channel="PESONET" payoutMode="MANUAL" />, 'fil');
    expect(manual).toContain(fil.backoffice.withdrawals.payoutMode.MANUAL);
    expect(manual).not.toMatch(/PESONET|MANUAL\b/);
  });
});
