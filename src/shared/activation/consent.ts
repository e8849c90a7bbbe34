import type { Language } from '../i18n/languages';

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

/**
 * The same consent in Filipino: a member who reads the wizard in Filipino is shown this text and
 * gives consent to it, so it has its own version (the consent record names the text agreed to).
 */
export const CREDIT_BUREAU_CONSENT_FIL = {
  version: 'credit-bureau-consent-2026-11-01-fil',
  text:
    'Nauunawaan ko na, ayon sa hinihingi ng Credit Information System Act (Republic Act No. 9510), iniuulat ng {{company}} ang aking ' +
    'pangunahing credit data at ang takbo ng aking mga loan sa Credit Information Corporation (CIC). Pinahihintulutan ko ang {{company}} na ' +
    'kunin ang aking credit report mula sa CIC at sa mga accredited na credit bureau para suriin ang aking mga aplikasyon sa loan. Ang aking ' +
    'personal na datos ay pinoproseso ayon sa Data Privacy Act of 2012 (Republic Act No. 10173) gaya ng inilalarawan ng Privacy Notice, at ' +
    'maaari akong humingi ng kopya nito o ng pagtatama o pagbura nito kung saan pinapayagan ng batas.',
} as const;

/** The consent text of each language the app speaks. */
const CREDIT_BUREAU_CONSENTS = { en: CREDIT_BUREAU_CONSENT, fil: CREDIT_BUREAU_CONSENT_FIL } as const satisfies Record<
  Language,
  { version: string; text: string }
>;

export const CONSENT_KIND_CREDIT_BUREAU = 'CREDIT_BUREAU';

/** The consent in the reader's language (English for any language the app does not speak). */
export function creditBureauConsentFor(language: string): { readonly version: string; readonly text: string } {
  return language === 'fil' ? CREDIT_BUREAU_CONSENT_FIL : CREDIT_BUREAU_CONSENT;
}

/** Whether a version is one of the current consent texts (in any language): an older text is refused. */
export function isCurrentCreditBureauConsent(version: string): boolean {
  return Object.values(CREDIT_BUREAU_CONSENTS).some((consent) => consent.version === version);
}

/** The consent text, in the reader's language, with the company name filled in. */
export function creditBureauConsentText(companyName: string, language = 'en'): string {
  return creditBureauConsentFor(language).text.replaceAll('{{company}}', companyName);
}
