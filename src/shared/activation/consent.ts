/**
 * The credit-bureau consent of wizard step 1 (specification section 5: "The consent checkbox
 * (credit-bureau reporting) must be ticked to continue"). DECISIONS.md invariant 9: the consent is
 * recorded with the time and the version of the text shown, so a change of wording is a new
 * version. The client sends back the version it showed; the server refuses an outdated one.
 * `{{company}}` is the company name from the company profile.
 */
export const CREDIT_BUREAU_CONSENT = {
  version: 'credit-bureau-consent-2026-11-01-en',
  text:
    'I understand that, as the Credit Information System Act (Republic Act No. 9510) requires, {{company}} reports my basic ' +
    'credit data and the performance of my loans to the Credit Information Corporation (CIC). I authorise {{company}} to ' +
    'obtain my credit report from the CIC and from accredited credit bureaus to evaluate my loan applications. My personal ' +
    'data is processed under the Data Privacy Act of 2012 (Republic Act No. 10173) as the Privacy Notice describes, and I ' +
    'may ask for a copy of it or for its correction or deletion where the law allows.',
} as const;

export const CONSENT_KIND_CREDIT_BUREAU = 'CREDIT_BUREAU';

/** The consent text with the company name filled in. */
export function creditBureauConsentText(companyName: string): string {
  return CREDIT_BUREAU_CONSENT.text.replaceAll('{{company}}', companyName);
}
