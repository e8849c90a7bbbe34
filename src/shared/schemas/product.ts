import { z } from 'zod';
import { SCHEDULE_FREQUENCIES } from '../loan/dates';
import { FEE_KINDS, scamWordIn } from '../loan/fees';
import { descriptionProblem } from '../loan/description';
import { staffTextProblem } from '../reasons/staff-text';
import { limitLadderDraftSchema } from './limit-ladder';
import { CONTRACT_ANNUAL_COST_CAP_BPS, INTEREST_MODELS, PRODUCT_CODE_PATTERN } from '../loan/product';
import { DEBT_SERVICE_RATIO_MAX_BPS, PRODUCT_NAME_MIN, PRODUCT_TERM_MAX_MONTHS, TERM_MIN_MONTHS } from '../loan/product-limits';
import { MIN_AGE_YEARS } from '../activation/age';
import { STAFF_MESSAGES } from './staff-messages';

/**
 * A new loan product version as an ADMIN drafts it in the back office (POST
 * /api/admin/settings/product). The server numbers it, checks it with validateProduct (the caps of
 * docs/decisions/007) and refuses it with the reasons, or offers it from then on. Amounts are
 * decimal strings in PHP; rates are basis points (50 = 0.5 %).
 *
 * The interest model is add-on unless the draft says declining balance (the pages compute both
 * with the schedule engine, decision 078), and a fee is only ever deducted from the proceeds;
 * other shapes need a code change (a new entry in PRODUCT_VERSIONS).
 *
 * The annual cost cap is at most what the contract promises (25 % a year), and a fee is a
 * kind from the fixed catalogue (loan/fees.ts), never a free-text name; the product's name may not
 * carry a word of the advance-fee pattern. The ADMIN's form checks its draft with this same schema
 * before sending it.
 */
const M = STAFF_MESSAGES;
/** An amount in pesos as the draft writes it ("200000.00"). */
const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: M.amount });
const bps = (max: number) => z.number({ error: M.wholeBps }).int({ error: M.wholeBps }).min(0, { error: M.bpsRange }).max(max, { error: M.bpsRange });

const productText = (max: number) =>
  z
    .string()
    .trim()
    .min(PRODUCT_NAME_MIN, { error: M.productNameMin })
    .max(max)
    .refine((value) => scamWordIn(value) === null, { error: M.scamWord })
    .superRefine((value, ctx) => {
      const problem = staffTextProblem(value, { ownHosts: [] });
      if (problem) ctx.addIssue({ code: 'custom', message: `backoffice.validation.staffText.${problem.code}` });
    });

const localTexts = (max: number) => z.strictObject({ en: productText(max), fil: productText(max) });

/** A description: a template that states no figure, naming the version's values instead (decision 086, loan/description.ts). */
const descriptionText = (max: number) =>
  productText(max).superRefine((value, ctx) => {
    const problem = descriptionProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `backoffice.validation.productDescription.${problem}` });
  });

export const productDraftSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(PRODUCT_NAME_MIN, { error: M.productNameMin })
    .max(100)
    .refine((name) => scamWordIn(name) === null, { error: M.scamWord })
    // The one check of staff text a borrower reads (decision 060): no link, account number or payment instruction either.
    .superRefine((name, ctx) => {
      const problem = staffTextProblem(name, { ownHosts: [] });
      if (problem) ctx.addIssue({ code: 'custom', message: `backoffice.validation.staffText.${problem.code}` });
    }),
  /**
   * How interest is charged: ADD_ON (the default, as every draft stored before products side by
   * side) or DECLINING_BALANCE. The pages compute both with the schedule engine (decision 078).
   */
  interestModel: z.enum(INTEREST_MODELS).optional(),
  /**
   * How often instalments may fall due (docs/decisions/084): MONTHLY and/or SEMI_MONTHLY, each at
   * most once (absent: MONTHLY only, as every draft stored before payday schedules).
   */
  frequencies: z
    .array(z.enum(SCHEDULE_FREQUENCIES))
    .min(1, { error: M.frequencyNone })
    .refine((list) => new Set(list).size === list.length, { error: M.frequencyTwice })
    .optional(),
  /** The product's names and descriptions as the pages show them (absent: the product's, unchanged; required for a new product). */
  names: localTexts(60).optional(),
  /** Templates: each figure as a value ({{min}}, {{max}}, {{termMin}}, {{termMax}}, {{rate}}), filled from the version (decision 086). */
  descriptions: z.strictObject({ en: descriptionText(200), fil: descriptionText(200) }).optional(),
  minAmount: amount,
  maxAmount: amount,
  terms: z
    .array(
      z
        .number({ error: M.termMonths })
        .int({ error: M.termMonths })
        .min(TERM_MIN_MONTHS, { error: M.termMonths })
        .max(PRODUCT_TERM_MAX_MONTHS, { error: M.termMonths }),
    )
    .min(1, { error: M.termNone })
    .max(12),
  defaultTerm: z.number().int(),
  monthlyRateBps: bps(10_000),
  fees: z
    .array(
      z.strictObject({
        /** The fee's kind in the catalogue; its label is the catalogue's. */
        kind: z.enum(FEE_KINDS, { error: M.feeKind }),
        flat: amount,
        bpsOfPrincipal: bps(CONTRACT_ANNUAL_COST_CAP_BPS),
      }),
    )
    .max(5),
  penalties: z.strictObject({ graceDays: z.number().int().min(0).max(60), dailyRateBps: bps(1_000), collectionChargeBps: bps(CONTRACT_ANNUAL_COST_CAP_BPS) }),
  annualCostCapBps: z
    .number({ error: M.wholeBps })
    .int({ error: M.wholeBps })
    .min(1, { error: M.capPositive })
    .max(CONTRACT_ANNUAL_COST_CAP_BPS, { error: M.capAboveContract }),
  eligibility: z.strictObject({
    minAge: z.number().int().min(MIN_AGE_YEARS, { error: M.minAge }).max(100),
    maxAgeAtTermEnd: z.number().int().min(19).max(120),
    /** By term in months ("6": 12 means at most 12 x the monthly net income over 6 months). */
    incomeMultipleByTerm: z.record(z.string().regex(/^\d{1,3}$/), z.number().int().min(1).max(1000)),
    maxDebtServiceRatioBps: bps(DEBT_SERVICE_RATIO_MAX_BPS),
  }),
  /** The limit ladder (decision 085); absent: none, as every draft stored before it. */
  limitLadder: limitLadderDraftSchema.optional(),
});
export type ProductDraft = z.infer<typeof productDraftSchema>;

/**
 * A draft as stored and as answered: its descriptions as written. A version stored before decision
 * 086 may state figures in them; it is read (the catalogue, the answers), never refused: only a new
 * draft is held to the rule.
 */
export const storedProductDraftSchema = productDraftSchema.extend({ descriptions: localTexts(200).optional() });

/** POST /api/admin/settings/product answers the version now offered. */
export const productVersionResponseSchema = z.object({ version: z.number(), effectiveFrom: z.string(), draft: storedProductDraftSchema });

/** POST /api/admin/settings/products/:code/retire answers the retirement (a version of the product that offers nothing). */
export const productRetirementResponseSchema = z.object({ code: z.string(), version: z.number(), effectiveFrom: z.string(), retired: z.literal(true) });
export type ProductRetirementResponse = z.infer<typeof productRetirementResponseSchema>;

/**
 * POST /api/admin/settings/products (ADMIN): a new product, offered beside the others from its
 * version 1. Its code names it for good (loans record it); its names and descriptions are what the
 * pages show, in English and Filipino; the draft is checked as any version's (the contract's cap,
 * the SEC small-loan caps where they apply).
 */
export const newProductSchema = z.strictObject({
  code: z.string().regex(PRODUCT_CODE_PATTERN, { error: M.productCode }),
  draft: productDraftSchema.required({ names: true, descriptions: true }),
});
export type NewProduct = z.infer<typeof newProductSchema>;

/** POST /api/admin/settings/products answers the product's first version. */
export const newProductResponseSchema = z.object({ code: z.string(), version: z.number(), effectiveFrom: z.string(), draft: storedProductDraftSchema });

/** Where a product stands: offered to new applications, retired (its latest version a retirement), or neither (no version passes today's rules). */
const PRODUCT_STATUSES = ['OFFERED', 'RETIRED', 'NOT_OFFERED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const localTextSchema = z.object({ en: z.string(), fil: z.string() });

/** One product as the back office lists it (GET /api/admin/settings/products). */
export const productSummarySchema = z.object({
  code: z.string(),
  names: localTextSchema,
  descriptions: localTextSchema,
  /** The default product (PERSONAL): an application that names none is for it; it cannot be retired. */
  isDefault: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** The version offered now, or null (retired, or none passes today's rules). */
  offeredVersion: z.number().int().nullable(),
  /** The latest version with terms (what a new version starts from) and the day it was first offered. */
  latestVersion: z.number().int(),
  effectiveFrom: z.string(),
  /** The highest version number, retirements included (a new version is numbered after it). */
  highestVersion: z.number().int(),
  /** The latest version's terms as a draft, the form's starting point (null: a version stored before today's draft rules). */
  draft: storedProductDraftSchema.nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;
export const productListResponseSchema = z.object({ products: z.array(productSummarySchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** POST /api/admin/settings/products/:code/versions answers the product's new version. */
export const productNewVersionResponseSchema = newProductResponseSchema;
