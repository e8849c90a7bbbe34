import { z } from 'zod';
import { storedProductDraftSchema } from './product';
import { STAFF_MESSAGES as M } from './staff-messages';
import { COMPANY_ADDRESS_MIN, COMPANY_SHORT_NAME_MAX, COMPANY_SHORT_NAME_MIN, COMPANY_TEXT_MIN, SIGNATORY_POSITION_MIN } from '../text-lengths';
import { isHttpsUrl } from '../company/links';
import { scamWordIn } from '../loan/fees';
import { lenderTextContext } from '../company/lender-text';
import { staffTextProblem } from '../reasons/staff-text';

export const COMPANY_LINK_MESSAGE = M.link;
/** A link rendered on every page: an https address only (never javascript:, data: or http:), see company/links.ts. */
const httpsUrl = z.string().trim().max(300).refine(isHttpsUrl, { error: COMPANY_LINK_MESSAGE });
/** The same, or empty for "none" (the page then shows no link). */
const optionalHttpsUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || isHttpsUrl(v), { error: M.linkOrEmpty });

/** Line breaks, tabs, control and format characters (direction overrides, zero-width ones). */
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/**
 * The profile's texts stand on every page, in every PDF and e-mail footer: one line of plain text
 * each (a line break drew a line of the ADMIN's own on the contract PDF; security review, sec-insider).
 */
const oneLine = (schema: z.ZodString) => schema.refine((v) => !NOT_ONE_LINE.test(v), { error: M.oneLine });
/** Short fields no real profile fills with words of the advance-fee pattern (as a product's name). */
const noScamWord = (schema: z.ZodString) => schema.refine((v) => scamWordIn(v) === null, { error: M.scamWord });

/**
 * The profile's texts a borrower reads (every page's footer, the About page, every PDF and e-mail
 * footer): each goes through the one check of staff text a borrower reads (reasons/staff-text.ts,
 * decision 060), the profile's own e-mail addresses, links and registration numbers being the
 * lender's own. An ADMIN cannot write "pay PHP 5,000 unfreeze fee to GCash 0917..." into the
 * company's name any more than into the office hours.
 */
const COMPANY_TEXT_FIELDS = [
  ['companyName'],
  ['address'],
  ['secRegistrationNumber'],
  ['certificateOfAuthorityNumber'],
  ['operatingPermitNumber'],
  ['employees'],
  ['officeHours'],
  ['disclosureSignatory', 'name'],
  ['disclosureSignatory', 'position'],
] as const;

/**
 * The company profile (DECISIONS.md invariant 8) as a contract: COMPANY_PROFILE_FILE at boot
 * (src/server/config.ts) and the ADMIN's editing in the back office (PUT /api/admin/settings/company)
 * validate with this one schema. Production refuses a DEMO profile either way.
 */
export const companyProfileSchema = z
  .strictObject({
    demo: z.boolean(),
    companyName: oneLine(z.string().trim().min(COMPANY_TEXT_MIN, { error: M.companyTextMin }).max(200)),
    shortName: z.string().regex(new RegExp(`^[A-Z0-9]{${COMPANY_SHORT_NAME_MIN},${COMPANY_SHORT_NAME_MAX}}$`), { error: M.shortName }),
    address: oneLine(z.string().trim().min(COMPANY_ADDRESS_MIN, { error: M.companyAddressMin }).max(300)),
    secRegistrationNumber: noScamWord(oneLine(z.string().trim().min(COMPANY_TEXT_MIN, { error: M.companyTextMin }).max(60))),
    certificateOfAuthorityNumber: noScamWord(oneLine(z.string().trim().min(COMPANY_TEXT_MIN, { error: M.companyTextMin }).max(60))),
    operatingPermitNumber: noScamWord(oneLine(z.string().trim().max(60))),
    dateRegistered: z.iso.date({ error: M.date }),
    employees: noScamWord(oneLine(z.string().trim().max(30))),
    supportEmail: z.email({ error: M.email }),
    supportChatUrl: optionalHttpsUrl,
    social: z.strictObject({ facebook: optionalHttpsUrl, instagram: optionalHttpsUrl, tiktok: optionalHttpsUrl }),
    officeHours: noScamWord(oneLine(z.string().trim().max(100))),
    verifyRegistrationUrl: httpsUrl,
    dataProtectionOfficerEmail: z.email({ error: M.email }),
    /**
     * Who certifies the disclosure statement correct for the lender (BSP Circular 730): name and
     * position. A profile saved in the database before this field existed takes the configured one (store.ts).
     */
    disclosureSignatory: z.strictObject({
      name: oneLine(z.string().trim().min(COMPANY_TEXT_MIN, { error: M.companyTextMin }).max(120)),
      position: oneLine(z.string().trim().min(SIGNATORY_POSITION_MIN, { error: M.signatoryPositionMin }).max(120)),
    }),
  })
  .superRefine((profile, ctx) => {
    const lender = lenderTextContext(profile);
    for (const path of COMPANY_TEXT_FIELDS) {
      const value = path.length === 1 ? profile[path[0]] : profile[path[0]][path[1]];
      const problem = staffTextProblem(value, lender);
      if (problem) ctx.addIssue({ code: 'custom', path: [...path], message: `backoffice.validation.staffText.${problem.code}` });
    }
  });
export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;

const profileSource = z.enum(['DATABASE', 'CONFIGURATION']);

/** GET /api/admin/settings (ADMIN): the company profile in force and where it comes from; the product version in force. */
export const adminSettingsResponseSchema = z.object({
  company: z.object({
    profile: companyProfileSchema,
    source: profileSource,
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  }),
  /** The version in force as a draft: the form for a new version starts from it. */
  productDraft: storedProductDraftSchema,
  product: z.object({
    version: z.number(),
    name: z.string(),
    effectiveFrom: z.string(),
    minAmount: z.string(),
    maxAmount: z.string(),
    terms: z.array(z.number()),
    defaultTerm: z.number(),
    interestModel: z.string(),
    monthlyRateBps: z.number(),
    annualCostCapBps: z.number(),
    fees: z.array(z.object({ code: z.string(), label: z.string(), treatment: z.string(), flat: z.string(), bpsOfPrincipal: z.number() })),
    penalties: z.object({ graceDays: z.number(), dailyRateBps: z.number(), collectionChargeBps: z.number() }),
  }),
  production: z.boolean(),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

/** PUT /api/admin/settings/company answers the profile in force. */
export const companySettingsResponseSchema = adminSettingsResponseSchema.shape.company;
