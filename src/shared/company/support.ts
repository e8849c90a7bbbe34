import type { CompanyProfile } from './profile';

/**
 * The company's support channels in one line, from the company profile (DECISIONS.md invariant
 * 8): the support e-mail, the chat when there is one, and the office hours. What a message tells a
 * borrower to contact, instead of a person the borrower has no way to reach.
 */
export function supportChannels(company: Pick<CompanyProfile, 'supportEmail' | 'supportChatUrl' | 'officeHours'>): string {
  const channels = [company.supportEmail, company.supportChatUrl]
    .map((c) => c.trim())
    .filter(Boolean)
    .join(', ');
  const hours = company.officeHours.trim();
  return hours ? `${channels} (${hours})` : channels;
}
