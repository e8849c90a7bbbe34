import { z } from 'zod';

/**
 * A new loan product version as an ADMIN drafts it in the back office (POST
 * /api/admin/settings/product). The server numbers it, checks it with validateProduct (the caps of
 * docs/decisions/007) and refuses it with the reasons, or offers it from then on. Amounts are
 * decimal strings in PHP; rates are basis points (50 = 0.5 %).
 *
 * The interest model is add-on (what the calculator and the marketing copy compute) and a fee is
 * only ever deducted from the proceeds (it never changes the instalment the calculator shows);
 * other shapes need a code change (a new entry in PRODUCT_VERSIONS).
 */
const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'An amount in pesos, such as 200000.00.');
const bps = (max: number) => z.number().int('A whole number of basis points.').min(0).max(max);

export const productDraftSchema = z.strictObject({
  name: z.string().trim().min(3, 'At least 3 characters.').max(100),
  minAmount: amount,
  maxAmount: amount,
  terms: z.array(z.number().int().min(1).max(120)).min(1, 'At least one term.').max(12),
  defaultTerm: z.number().int(),
  monthlyRateBps: bps(10_000),
  fees: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[A-Z][A-Z0-9_]{1,29}$/, 'Capital letters, digits and _ (PROCESSING).'),
        label: z.string().trim().min(3, 'At least 3 characters.').max(80),
        flat: amount,
        bpsOfPrincipal: bps(10_000),
      }),
    )
    .max(5),
  penalties: z.strictObject({ graceDays: z.number().int().min(0).max(60), dailyRateBps: bps(1_000), collectionChargeBps: bps(5_000) }),
  annualCostCapBps: bps(10_000),
  eligibility: z.strictObject({
    minAge: z.number().int().min(18, 'At least 18.').max(100),
    maxAgeAtTermEnd: z.number().int().min(19).max(120),
    /** By term in months ("6": 12 means at most 12 x the monthly net income over 6 months). */
    incomeMultipleByTerm: z.record(z.string().regex(/^\d{1,3}$/), z.number().int().min(1).max(1000)),
    maxDebtServiceRatioBps: bps(10_000),
  }),
});
export type ProductDraft = z.infer<typeof productDraftSchema>;

/** POST /api/admin/settings/product answers the version now offered. */
export const productVersionResponseSchema = z.object({ version: z.number(), effectiveFrom: z.string(), draft: productDraftSchema });
