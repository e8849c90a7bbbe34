/**
 * The company profile: the lender's regulatory identity and support channels (DECISIONS.md invariant 8).
 * The server loads it from configuration at boot; the browser receives it from GET /api/public/config.
 */
export interface CompanyProfile {
  readonly demo: boolean;
  readonly companyName: string;
  readonly shortName: string;
  readonly address: string;
  /** SEC registration number (SEC_REG). */
  readonly secRegistrationNumber: string;
  /** SEC Certificate of Authority number (SEC_CA). */
  readonly certificateOfAuthorityNumber: string;
  /** Operating permit (OPSCOR). */
  readonly operatingPermitNumber: string;
  /** ISO date of registration (DATEREGISTER). */
  readonly dateRegistered: string;
  readonly employees: string;
  readonly supportEmail: string;
  /** The support channel START LIVE CHAT opens; empty hides the button. */
  readonly supportChatUrl: string;
  readonly social: { readonly facebook: string; readonly instagram: string; readonly tiktok: string };
  readonly officeHours: string;
  /** Where a borrower can verify the registration (the SEC's list of registered lending and financing companies). */
  readonly verifyRegistrationUrl: string;
  readonly dataProtectionOfficerEmail: string;
  /** The lender's officer who certifies the disclosure statement correct (BSP Circular 730). */
  readonly disclosureSignatory: { readonly name: string; readonly position: string };
}

/** The embedded demo profile. Visibly marked DEMO; production refuses to start with it. */
export const DEMO_COMPANY_PROFILE: CompanyProfile = {
  demo: true,
  companyName: 'Tapat Demo Financing Corporation (DEMO)',
  shortName: 'TAPAT',
  address: 'DEMO: 1 Example Street, Makati City, Metro Manila, Philippines',
  secRegistrationNumber: 'DEMO-0000000000',
  certificateOfAuthorityNumber: 'DEMO-CA-0000',
  operatingPermitNumber: 'DEMO-OP-0000',
  dateRegistered: '2023-01-16',
  employees: '30+',
  supportEmail: 'support@example.invalid',
  supportChatUrl: '',
  social: { facebook: '', instagram: '', tiktok: '' },
  officeHours: 'Everyday 10 am to 10 pm',
  verifyRegistrationUrl: 'https://www.sec.gov.ph/lending-companies-and-financing-companies-2/',
  dataProtectionOfficerEmail: 'dpo@example.invalid',
  disclosureSignatory: { name: 'DEMO: Juan dela Cruz', position: 'DEMO: Credit and Collection Manager' },
};
