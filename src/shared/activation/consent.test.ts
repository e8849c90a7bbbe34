import { describe, expect, it } from 'vitest';
import { CREDIT_BUREAU_CONSENT, CREDIT_BUREAU_CONSENT_FIL, creditBureauConsentFor, creditBureauConsentText, isCurrentCreditBureauConsent } from './consent';

describe('the credit-bureau consent', () => {
  it('is shown in the reader’s language, each text with its own version', () => {
    expect(creditBureauConsentFor('fil')).toBe(CREDIT_BUREAU_CONSENT_FIL);
    expect(creditBureauConsentFor('en')).toBe(CREDIT_BUREAU_CONSENT);
    expect(creditBureauConsentFor('de')).toBe(CREDIT_BUREAU_CONSENT);
    expect(CREDIT_BUREAU_CONSENT_FIL.version).not.toBe(CREDIT_BUREAU_CONSENT.version);
    expect(creditBureauConsentText('Tapat Lending Corp.', 'fil')).toMatch(/^Nauunawaan ko na.*Republic Act No\. 9510.*iniuulat ng Tapat Lending Corp\./s);
    expect(creditBureauConsentText('Tapat Lending Corp.')).not.toContain('{{company}}');
  });

  it('accepts the current version of either language and refuses any other', () => {
    expect(isCurrentCreditBureauConsent(CREDIT_BUREAU_CONSENT.version)).toBe(true);
    expect(isCurrentCreditBureauConsent(CREDIT_BUREAU_CONSENT_FIL.version)).toBe(true);
    expect(isCurrentCreditBureauConsent('credit-bureau-consent-2020-01-01-en')).toBe(false);
  });
});
