import { z } from 'zod';

/**
 * GET /api/public/config: what the public pages render from (DECISIONS.md invariants 6 and 8).
 * Amounts are decimal strings in PHP with two decimals; rates are exact decimal strings.
 */
export const publicConfigSchema = z.object({
  company: z.object({
    demo: z.boolean(),
    companyName: z.string(),
    shortName: z.string(),
    address: z.string(),
    secRegistrationNumber: z.string(),
    certificateOfAuthorityNumber: z.string(),
    operatingPermitNumber: z.string(),
    dateRegistered: z.string(),
    employees: z.string(),
    supportEmail: z.string(),
    supportChatUrl: z.string(),
    social: z.object({ facebook: z.string(), instagram: z.string(), tiktok: z.string() }),
    officeHours: z.string(),
    verifyRegistrationUrl: z.string(),
    dataProtectionOfficerEmail: z.string(),
    /** Who certifies the disclosure statements correct (printed on each one). */
    disclosureSignatory: z.object({ name: z.string(), position: z.string() }),
  }),
  product: z.object({
    version: z.number(),
    currency: z.literal('PHP'),
    minAmount: z.string(),
    maxAmount: z.string(),
    terms: z.array(z.number()),
    defaultTerm: z.number(),
    monthlyAddOnRateBps: z.number(),
    annualCostCapBps: z.number(),
    minAge: z.number(),
    maxAge: z.number(),
  }),
  devTools: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const currencySchema = z.object({
  currencyCode: z.string(),
  currencyName: z.string(),
  currencySymbol: z.string(),
  countryName: z.string(),
  active: z.boolean(),
});

/** GET /api/currencies */
export const currenciesResponseSchema = z.object({ currencies: z.array(currencySchema) });

/** GET /api/rates: units of each currency per 1 PHP, with the snapshot's as-of date. */
export const ratesResponseSchema = z.object({
  base: z.literal('PHP'),
  asOf: z.string(),
  source: z.string(),
  rates: z.record(z.string(), z.string()),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
