import { z } from 'zod';
import { SCHEDULE_FREQUENCIES } from '../loan/dates';

/**
 * GET /api/public/config: what the public pages render from (DECISIONS.md invariants 6 and 8).
 * Amounts are decimal strings in PHP with two decimals; rates are exact decimal strings.
 */
const localTextSchema = z.object({ en: z.string(), fil: z.string() });

/**
 * One product offered, as the pages show and compute it: what the schedule engine
 * (src/shared/loan/schedule.ts) needs to compute any amount and term's figures in the browser
 * (publicProductConfig, src/shared/loan/public-product.ts), and the texts and caps the copy states.
 */
export const publicProductSchema = z.object({
  code: z.string(),
  version: z.number(),
  names: localTextSchema,
  descriptions: localTextSchema,
  effectiveFrom: z.string(),
  currency: z.literal('PHP'),
  minAmount: z.string(),
  maxAmount: z.string(),
  terms: z.array(z.number()),
  defaultTerm: z.number(),
  /** How often instalments may fall due (docs/decisions/084), MONTHLY first: the application form offers these. */
  frequencies: z.array(z.enum(SCHEDULE_FREQUENCIES)).min(1),
  interestModel: z.enum(['ADD_ON', 'DECLINING_BALANCE']),
  monthlyRateBps: z.number(),
  fees: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      treatment: z.enum(['DEDUCTED_FROM_PROCEEDS', 'ADDED_TO_SCHEDULE']),
      flat: z.string(),
      bpsOfPrincipal: z.number(),
    }),
  ),
  penalties: z.object({ graceDays: z.number(), dailyRateBps: z.number(), collectionChargeBps: z.number() }),
  annualCostCapBps: z.number(),
  minAge: z.number(),
  maxAge: z.number(),
  /** Some amount and term of it is an SEC small loan (at most PHP 10,000 and 4 months): its caps apply, and the cooling-off days between small loans. */
  smallLoan: z.boolean(),
  /** Days after a small loan is repaid before another may start (null when the product offers no small loan). */
  coolingOffDays: z.number().nullable(),
});

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
  /** Every product offered now, the default (PERSONAL, as `product` above) first: each one's figures from its configuration. */
  products: z.array(publicProductSchema),
  devTools: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type PublicProduct = z.infer<typeof publicProductSchema>;

const currencySchema = z.object({
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
