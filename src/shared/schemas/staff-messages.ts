/**
 * The keys of the messages the staff-only schemas give (decision 088: the product draft and its
 * limit ladder, the company profile, a collection note): catalogue keys under backoffice.validation.schema, as the
 * member-facing schemas give theirs (LOAN_MESSAGES), so that a form renders them with t() and the
 * API in the caller's language (decision 076). A number in their texts comes from its constant
 * (catalogue values, src/shared/i18n/values.ts). Written out, not read from the catalogue, so that a
 * schema loads no catalogue; staff-messages.test.ts checks each is in en and fil.
 */
const NAMES = [
  'amount',
  'wholeBps',
  'bpsRange',
  'capPositive',
  'capAboveContract',
  'feeKind',
  'scamWord',
  'productNameMin',
  'productCode',
  'frequencyNone',
  'frequencyTwice',
  'termNone',
  'termMonths',
  'minAge',
  'companyTextMin',
  'companyAddressMin',
  'signatoryPositionMin',
  'shortName',
  'oneLine',
  'link',
  'linkOrEmpty',
  'date',
  'email',
  'noteEmpty',
  'noteMax',
] as const;

export const STAFF_MESSAGES = Object.fromEntries(NAMES.map((name) => [name, `backoffice.validation.schema.${name}`])) as {
  readonly [K in (typeof NAMES)[number]]: `backoffice.validation.schema.${K}`;
};
