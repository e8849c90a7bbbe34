import { z } from 'zod';
import { getCountries } from 'libphonenumber-js/min';
import { ACCOUNT_STATES } from '../states/account';
import { checkBirthDate, parseIsoDate } from '../activation/age';
import { isCurrentCreditBureauConsent } from '../activation/consent';
import { DOCUMENT_KINDS, IDENTITY_TYPES, OTHER_IDENTITY_TYPE } from '../activation/id-types';
import { MARITAL_STATUSES } from '../activation/marital';
import { NATIONALITIES } from '../activation/nationalities';
import { findPayoutInstitution } from '../activation/payout-institutions';
import { isPhilippineMobile, toE164 } from '../phone/phone';
import { phoneField } from './fields';
import { DELETION_REJECTION_REASONS } from '../reasons/catalogue';
import {
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_NUMBER_MIN,
  DELETION_REASON_MAX,
  ID_NUMBER_MAX,
  ID_NUMBER_MIN,
  PH_POSTAL_CODE_DIGITS,
  POSTAL_CODE_MAX,
  POSTAL_CODE_MIN,
} from '../text-lengths';

/**
 * Contracts of account activation (specification sections 3 and 5, DECISIONS.md): one request
 * schema per wizard step (PUT /api/activation/<step>), the answers, the Account dialog's data and
 * the data-rights requests. Messages are i18n keys of the 'activation' namespace.
 *
 * Two rules need the server: the age (it depends on today's date: `personalStepAt(today)` gives the
 * form the same check) and, in the Philippines, that province and town are PSGC codes of each
 * other (the places API lists them). A reference's phone may not be the member's own: the form
 * checks it with `referencePhoneProblems`, the server with the session's phone.
 */

/** Letters (any script), space, hyphen, apostrophe, period, comma (section 5, wizard step 1). */
const NAME_CHARS = /^[\p{L}\p{M} '.,-]+$/u;
/** Letters, digits, space, apostrophe, period, comma, hyphen, slash, parentheses (province, town). */
const PLACE_CHARS = /^[\p{L}\p{M}\p{N} '.,\-/()]+$/u;
/** Letters, digits, apostrophe, period, hyphen, whitespace, comma (street address). */
const STREET_CHARS = /^[\p{L}\p{M}\p{N}'.\-\s,]+$/u;
const POSTAL_CHARS = /^[A-Za-z0-9 -]+$/;
/** ID number: 8 to 20 letters, digits, apostrophe, period, hyphen, whitespace, comma; starts with a letter or digit. */
const ID_NUMBER = new RegExp(`^[A-Za-z0-9][A-Za-z0-9'.\\-\\s,]{${ID_NUMBER_MIN - 1},${ID_NUMBER_MAX - 1}}$`);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PH_POSTAL_CODE = new RegExp(`^\\d{${PH_POSTAL_CODE_DIGITS}}$`);

export const ACTIVATION_LIMITS = {
  nameMin: 3,
  nameMax: 100,
  placeMin: 3,
  placeMax: 100,
  streetMin: 4,
  streetMax: 250,
  postalMin: POSTAL_CODE_MIN,
  postalMax: POSTAL_CODE_MAX,
  idNumberMin: ID_NUMBER_MIN,
  idNumberMax: ID_NUMBER_MAX,
  accountNumberMin: ACCOUNT_NUMBER_MIN,
  accountNumberMax: ACCOUNT_NUMBER_MAX,
  deletionReasonMax: DELETION_REASON_MAX,
} as const;

const L = ACTIVATION_LIMITS;

/** A required text field: trimmed, min..max characters of `pattern`, one message for every failure. */
function text(message: string, min: number, max: number, pattern: RegExp) {
  return z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message }).regex(pattern, { error: message });
}

/**
 * An optional text field (DECISIONS.md section 5: the pattern applies only when a value is given):
 * absent, null or blank is null; anything else must pass.
 */
function optionalText(message: string, min: number, max: number, pattern: RegExp) {
  return z
    .string({ error: message })
    .trim()
    .max(max * 2, { error: message })
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), z.string().min(min, { error: message }).max(max, { error: message }).regex(pattern, { error: message })]));
}

const nameField = (message: string) => text(message, L.nameMin, L.nameMax, NAME_CHARS);

// ---------------------------------------------------------------------------------------------
// Step 1: personal information

export const GENDERS = ['Male', 'Female'] as const;

const personalShape = {
  gender: z.enum(GENDERS, { error: 'activation.validation.gender' }),
  firstName: nameField('activation.validation.firstName'),
  middleName: optionalText('activation.validation.middleName', L.nameMin, L.nameMax, NAME_CHARS),
  lastName: nameField('activation.validation.lastName'),
  /** YYYY-MM-DD; the age (18th birthday <= today <= 80th birthday, Philippine date) is checked by the server. */
  birthDate: z
    .string({ error: 'activation.validation.birthDateInvalid' })
    .regex(ISO_DATE, { error: 'activation.validation.birthDateInvalid' })
    .refine((v) => parseIsoDate(v) !== null, { error: 'activation.validation.birthDateInvalid' }),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'activation.validation.maritalStatus' }),
  nationality: z.enum(NATIONALITIES, { error: 'activation.validation.nationality' }),
  /** The credit-bureau consent must be ticked. */
  isAgree: z.literal(true, { error: 'activation.validation.isAgree' }),
  /** The version of the consent text the member was shown (CREDIT_BUREAU_CONSENTS: English or Filipino). */
  consentVersion: z.string({ error: 'activation.validation.consentOutdated' }).max(100, { error: 'activation.validation.consentOutdated' }),
};

export const personalStepSchema = z.strictObject(personalShape);
export type PersonalStepInput = z.input<typeof personalStepSchema>;
export type PersonalStep = z.output<typeof personalStepSchema>;

/** The form's variant: the same schema with the age checked against `today` (YYYY-MM-DD) and the current consent version. */
export function personalStepAt(today: string) {
  return personalStepSchema.superRefine((value, ctx) => {
    const problem = checkBirthDate(value.birthDate, today);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['birthDate'],
        message: problem === 'INVALID' ? 'activation.validation.birthDateInvalid' : 'activation.validation.birthDate',
      });
    if (!isCurrentCreditBureauConsent(value.consentVersion))
      ctx.addIssue({ code: 'custom', path: ['isAgree'], message: 'activation.validation.consentOutdated' });
  });
}

// ---------------------------------------------------------------------------------------------
// Step 2: address

export const COUNTRY_CODES: readonly string[] = [...getCountries()].sort();
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export const addressStepSchema = z
  .strictObject({
    /** ISO 3166-1 alpha-2 code. */
    countryResidence: z.string({ error: 'activation.validation.country' }).refine((v) => COUNTRY_SET.has(v), { error: 'activation.validation.country' }),
    /** In the Philippines, a PSGC province code from GET /api/places/provinces; elsewhere free text. */
    province: text('activation.validation.province', L.placeMin, L.placeMax, PLACE_CHARS),
    /** In the Philippines, a PSGC city/municipality code of that province; elsewhere free text. */
    town: text('activation.validation.town', L.placeMin, L.placeMax, PLACE_CHARS),
    streetAddress: text('activation.validation.streetAddress', L.streetMin, L.streetMax, STREET_CHARS),
    postalCode: optionalText('activation.validation.postalCode', L.postalMin, L.postalMax, POSTAL_CHARS),
  })
  .superRefine((value, ctx) => {
    if (value.countryResidence === 'PH' && value.postalCode !== null && !PH_POSTAL_CODE.test(value.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'activation.validation.postalCodePh' });
    }
  });
export type AddressStepInput = z.input<typeof addressStepSchema>;
export type AddressStep = z.output<typeof addressStepSchema>;

// ---------------------------------------------------------------------------------------------
// Step 3: references (two, both with their fields: DECISIONS.md section 3)

const refName = nameField('activation.validation.refFullName');
const refRelationship = nameField('activation.validation.refRelationship');

export const referencesStepSchema = z
  .strictObject({
    refFullName1: refName,
    refRelationship1: refRelationship,
    /** Normalised to E.164 (a national number is read as Philippine). */
    refPhoneNumber1: phoneField,
    refFullName2: refName,
    refRelationship2: refRelationship,
    refPhoneNumber2: phoneField,
  })
  .superRefine((value, ctx) => {
    if (value.refPhoneNumber1 === value.refPhoneNumber2)
      ctx.addIssue({ code: 'custom', path: ['refPhoneNumber2'], message: 'activation.validation.refPhoneSame' });
  });
export type ReferencesStepInput = z.input<typeof referencesStepSchema>;
export type ReferencesStep = z.output<typeof referencesStepSchema>;

/** Field errors for references that use the member's own phone (both E.164). */
export function referencePhoneProblems(value: Pick<ReferencesStep, 'refPhoneNumber1' | 'refPhoneNumber2'>, ownPhone: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (value.refPhoneNumber1 === ownPhone) fields.refPhoneNumber1 = 'activation.validation.refPhoneOwn';
  if (value.refPhoneNumber2 === ownPhone) fields.refPhoneNumber2 = 'activation.validation.refPhoneOwn';
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Step 4: identity (the three images are uploaded first: PUT /api/activation/documents/:kind)

export const identityStepSchema = z
  .strictObject({
    identityType: z.enum(IDENTITY_TYPES, { error: 'activation.validation.identityType' }),
    /** Required when identityType is 'Others'; ignored (stored as null) otherwise. */
    otherIdentityType: optionalText('activation.validation.otherIdentityType', L.placeMin, L.placeMax, PLACE_CHARS),
    identityNumber: z.string({ error: 'activation.validation.identityNumber' }).trim().regex(ID_NUMBER, { error: 'activation.validation.identityNumber' }),
  })
  .superRefine((value, ctx) => {
    if (value.identityType === OTHER_IDENTITY_TYPE && value.otherIdentityType === null) {
      ctx.addIssue({ code: 'custom', path: ['otherIdentityType'], message: 'activation.validation.otherIdentityType' });
    }
  })
  .transform((value) => ({ ...value, otherIdentityType: value.identityType === OTHER_IDENTITY_TYPE ? value.otherIdentityType : null }));
export type IdentityStepInput = z.input<typeof identityStepSchema>;
export type IdentityStep = z.output<typeof identityStepSchema>;

/** The field that reports a missing image of each kind. */
export const DOCUMENT_FIELD: Readonly<Record<(typeof DOCUMENT_KINDS)[number], string>> = {
  ID_FRONT: 'imageIdFront',
  ID_BACK: 'imageIdBack',
  SELFIE: 'imageSelfie',
};

// ---------------------------------------------------------------------------------------------
// Step 5: payout account

/**
 * A bank account number is stored as its digits (spaces and hyphens removed); an e-wallet's is the
 * member's Philippine mobile number in E.164.
 */
export const bankStepSchema = z
  .strictObject({
    /** A code of PAYOUT_INSTITUTIONS. */
    bankCode: z
      .string({ error: 'activation.validation.bankCode' })
      .refine((v) => findPayoutInstitution(v) !== undefined, { error: 'activation.validation.bankCode' }),
    accountNumber: z
      .string({ error: 'activation.validation.accountNumber' })
      .trim()
      .min(L.accountNumberMin, { error: 'activation.validation.accountNumber' })
      .max(L.accountNumberMax, { error: 'activation.validation.accountNumber' }),
    /** The account holder's name (the form pre-fills the legal name). */
    accountName: nameField('activation.validation.accountName'),
  })
  .transform((value, ctx) => {
    const institution = findPayoutInstitution(value.bankCode);
    if (!institution) return z.NEVER;
    if (institution.kind === 'EWALLET') {
      const e164 = toE164(value.accountNumber, 'PH');
      if (!e164 || !isPhilippineMobile(e164)) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'activation.validation.accountNumberEwallet' });
        return z.NEVER;
      }
      return { ...value, accountNumber: e164 };
    }
    const digits = value.accountNumber.replace(/[\s-]/g, '');
    if (!/^[0-9 -]+$/.test(value.accountNumber) || digits.length < L.accountNumberMin) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'activation.validation.accountNumberBank' });
      return z.NEVER;
    }
    return { ...value, accountNumber: digits };
  });
export type BankStepInput = z.input<typeof bankStepSchema>;
export type BankStep = z.output<typeof bankStepSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const accountStateSchema = z.enum(ACCOUNT_STATES);
export const documentKindSchema = z.enum(DOCUMENT_KINDS);

/** Every step's save answers the member's state (the wizard resumes from it). */
export const stepSavedResponseSchema = z.object({ state: accountStateSchema });

export const documentInfoSchema = z.object({
  kind: documentKindSchema,
  uploadedAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  /** The owner's route to the image (same-origin, session cookie). */
  url: z.string(),
});
export type DocumentInfo = z.infer<typeof documentInfoSchema>;

/** The owner's route to an image; `v` changes with each replacement, so a browser never shows a stale one. */
export function ownDocumentUrl(kind: (typeof DOCUMENT_KINDS)[number], documentId: string): string {
  return `/api/activation/documents/${kind}?v=${documentId.slice(0, 8)}`;
}

const documentsStatusSchema = z.object({
  ID_FRONT: documentInfoSchema.nullable(),
  ID_BACK: documentInfoSchema.nullable(),
  SELFIE: documentInfoSchema.nullable(),
});

const personalDataSchema = z.object({
  gender: z.enum(GENDERS),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  birthDate: z.string(),
  maritalStatus: z.string(),
  nationality: z.string(),
  consentVersion: z.string().nullable(),
  consentedAt: z.string().nullable(),
});

const addressDataSchema = z.object({
  countryResidence: z.string(),
  /** The PSGC code in the Philippines, the text elsewhere (what the step sends). */
  province: z.string(),
  town: z.string(),
  /** Display names (the same as province/town outside the Philippines). */
  provinceName: z.string(),
  townName: z.string(),
  streetAddress: z.string(),
  postalCode: z.string().nullable(),
});

const referencesDataSchema = z.object({
  refFullName1: z.string(),
  refRelationship1: z.string(),
  refPhoneNumber1: z.string(),
  refFullName2: z.string(),
  refRelationship2: z.string(),
  refPhoneNumber2: z.string(),
});

const identityDataSchema = z.object({
  identityType: z.string(),
  otherIdentityType: z.string().nullable(),
  identityNumber: z.string(),
});

const bankDataSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  kind: z.enum(['BANK', 'EWALLET']),
  /** All but the first 3 characters masked (specification section 3, "Masking"). */
  accountNumberMasked: z.string(),
  accountName: z.string(),
});

/** GET /api/activation: the state and what the member has saved so far (to resume and pre-fill the wizard). */
export const activationResponseSchema = z.object({
  state: accountStateSchema,
  consentVersion: z.string(),
  personal: personalDataSchema.optional(),
  address: addressDataSchema.optional(),
  references: referencesDataSchema.optional(),
  identity: identityDataSchema.optional(),
  /** Uploaded images per kind (null: not uploaded yet). */
  documents: documentsStatusSchema,
  bank: bankDataSchema.optional(),
});
export type ActivationResponse = z.infer<typeof activationResponseSchema>;

/** GET /api/member/account: the Settings Account dialog (ID number unmasked there, account number masked). */
export const memberAccountResponseSchema = z.object({
  state: accountStateSchema,
  active: z.boolean(),
  phoneNumber: z.string(),
  fullName: z.string(),
  personal: personalDataSchema.nullable(),
  address: addressDataSchema.nullable(),
  references: referencesDataSchema.nullable(),
  identity: identityDataSchema.nullable(),
  documents: documentsStatusSchema,
  bank: bankDataSchema.nullable(),
});
export type MemberAccountResponse = z.infer<typeof memberAccountResponseSchema>;

export const documentUploadedResponseSchema = documentInfoSchema;

// ---------------------------------------------------------------------------------------------
// Places and data rights

export const placeSchema = z.object({ code: z.string(), name: z.string() });
export const placesResponseSchema = z.array(placeSchema);

export const deletionRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'activation.validation.deletionReason' })
    .trim()
    .max(L.deletionReasonMax, { error: 'activation.validation.deletionReason' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type DeletionRequestInput = z.input<typeof deletionRequestSchema>;

/** POST /api/privacy/export: the member's current password again (a session alone does not download the data). */
export const dataExportSchema = z.strictObject({
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(256, { error: 'validation.passwordRequired' }),
});
export type DataExportInput = z.input<typeof dataExportSchema>;

const deletionRequestStatusSchema = z.object({
  requestedAt: z.string(),
  status: z.enum(['OPEN', 'COMPLETED', 'REJECTED']),
  /** Why staff declined it (REJECTED): a code of the catalogue the member reads in their language, never staff's words. */
  rejectionReasonCode: z.enum(DELETION_REJECTION_REASONS).nullable(),
});
export const deletionRequestCreatedSchema = z.object({ requestedAt: z.string(), message: z.string() });
export const myDeletionRequestResponseSchema = z.object({ request: deletionRequestStatusSchema.nullable() });
