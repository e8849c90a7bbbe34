import type { StaffTextContext } from '../reasons/staff-text';
import type { CompanyProfile } from './profile';

type LenderFields = Pick<
  CompanyProfile,
  | 'supportEmail'
  | 'dataProtectionOfficerEmail'
  | 'supportChatUrl'
  | 'verifyRegistrationUrl'
  | 'social'
  | 'secRegistrationNumber'
  | 'certificateOfAuthorityNumber'
  | 'operatingPermitNumber'
>;

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * What the lender's own addresses and numbers are, for the one check of staff text a borrower reads
 * (reasons/staff-text.ts, decision 060): the hosts the app is served from (PUBLIC_ORIGIN), the
 * profile's e-mail addresses and links (exactly those, never every address on their hosts: a lender
 * whose support mailbox is on a public mail service does not vouch for every mailbox there) and its
 * registration numbers; `allowedNumbers` adds the reader's own (their phone, their payout account).
 */
export function lenderTextContext(company: LenderFields, publicOrigins: readonly string[] = [], allowedNumbers: readonly string[] = []): StaffTextContext {
  return {
    ownHosts: publicOrigins.map(hostOf).filter((h): h is string => h !== null && h !== ''),
    ownEmails: [company.supportEmail, company.dataProtectionOfficerEmail].filter(Boolean),
    ownLinks: [company.supportChatUrl, company.verifyRegistrationUrl, company.social.facebook, company.social.instagram, company.social.tiktok].filter(Boolean),
    allowedNumbers: [company.secRegistrationNumber, company.certificateOfAuthorityNumber, company.operatingPermitNumber, ...allowedNumbers].filter(Boolean),
  };
}
