import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { readableText, renderIn } from '../../lib/render-for-tests';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { StatusHistory } from './StatusHistory';

/** The text a person reads (tags dropped, whitespace collapsed), in `lng`. */
async function text(element: ReactElement, lng: 'en' | 'fil'): Promise<string> {
  return readableText(await renderIn(element, lng));
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
