import { z } from 'zod';
import { catalogueKeys } from '../i18n/text';
import { problems } from '../i18n/en/limits';
import { STAFF_MESSAGES } from './staff-messages';

/**
 * The limit ladder in an ADMIN's product draft (decision 085): amounts are decimal strings in PHP,
 * as every amount of the draft. Absent from a draft: the version has no ladder (every draft stored
 * before the ladder reads so). The order and range of the steps are checked with the product
 * (ladderProblems in src/shared/loan/limit-ladder.ts, through validateProduct).
 */
const PROBLEM = catalogueKeys('limits.problems', problems);
const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: STAFF_MESSAGES.amount });

export const limitLadderDraftSchema = z.strictObject({
  steps: z
    .array(z.strictObject({ afterOnTimeLoans: z.number().int().min(0).max(100), maxAmount: amount }))
    .min(1, PROBLEM.firstStep)
    .max(10),
  onTimeDays: z.number().int().min(0).max(60),
  seriousLateDays: z.number().int().min(1).max(365),
  fallbackMaxAmount: amount,
});
export type LimitLadderDraft = z.infer<typeof limitLadderDraftSchema>;

const countedLoanSchema = z.object({ reference: z.string(), productCode: z.string(), repaidOn: z.string().nullable(), mostDaysLate: z.number() });
const stepSchema = z.object({ afterOnTimeLoans: z.number(), maxAmount: z.string() });

/** One product's limit for the member, with why (decision 085); amounts are decimal strings in PHP. */
export const creditLimitSchema = z.object({
  productCode: z.string(),
  limit: z.string(),
  ceiling: z.string(),
  bound: z.enum(['PRODUCT', 'LADDER', 'FALLBACK', 'INCOME']),
  productMax: z.string(),
  incomeMax: z.string().nullable(),
  ladder: z
    .object({
      stepNumber: z.number(),
      stepCount: z.number(),
      step: stepSchema,
      onTimeDays: z.number(),
      seriousLateDays: z.number(),
      fallbackMaxAmount: z.string(),
      onTimeLoans: z.array(countedLoanSchema),
      lateLoans: z.array(countedLoanSchema),
      seriouslyLate: countedLoanSchema.nullable(),
      next: z.object({ stepNumber: z.number(), step: stepSchema, moreLoans: z.number() }).nullable(),
    })
    .nullable(),
});
export type CreditLimitDto = z.infer<typeof creditLimitSchema>;

/** GET /api/member/limits: the member's limit for each product offered, the default first. */
export const creditLimitsResponseSchema = z.object({ asOf: z.string(), limits: z.array(creditLimitSchema) });
export type CreditLimitsResponse = z.infer<typeof creditLimitsResponseSchema>;
