/** The ID types of the specification (section 3), in its order. 'Others' asks for the type as text. */
export const IDENTITY_TYPES = [
  'ACR/ICR',
  'ACR/ICR pre-2015',
  "Driver's License",
  'GSIS e-Card',
  'IBP ID Card',
  'National ID (PhilSys)',
  'NBI Clearance',
  'Passport',
  'Postal ID',
  'PRC ID',
  'Senior Citizen Card',
  'SSS Card',
  'UMID',
  "Voter's ID",
  'Others',
] as const;

export type IdentityType = (typeof IDENTITY_TYPES)[number];

export const OTHER_IDENTITY_TYPE = 'Others' satisfies IdentityType;

/** The three images of the identity step. */
export const DOCUMENT_KINDS = ['ID_FRONT', 'ID_BACK', 'SELFIE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
