import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { readableText, renderIn } from '../../lib/render-for-tests';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { WithdrawalRoute } from './WithdrawalRoute';

/** The text a person reads (tags dropped, whitespace collapsed), in `lng`. */
async function text(element: ReactElement, lng: 'en' | 'fil'): Promise<string> {
  return readableText(await renderIn(element, lng));
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
