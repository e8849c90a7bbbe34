/** The pre-assessment: stored with an application, shown to the member and to staff. */
import { z } from 'zod';
import { isoDateTime, moneySchema, percentSchema } from './common';

export const preAssessmentSchema = z.object({
  eligible: z.boolean(),
  /** values fill loans.reasons.<code> (message is the English text); older answers may have no values. */
  reasons: z.array(z.object({ code: z.string(), message: z.string(), values: z.record(z.string(), z.string()).optional() })),
  maxEligibleAmount: moneySchema,
  maxEligibleByTerm: z.array(z.object({ term: z.number().int(), amount: moneySchema })),
  instalment: moneySchema,
  debtServiceRatioPercent: percentSchema.nullable(),
  incomeMultiple: z.number(),
  assessedAt: isoDateTime,
});
export type PreAssessmentDto = z.infer<typeof preAssessmentSchema>;
