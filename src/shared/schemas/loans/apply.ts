/** Applying for a loan: POST /api/loans/applications. */
import { z } from 'zod';
import { amountInputSchema, currencyCodeSchema, termSchema } from './common';
import { preAssessmentSchema } from './assessment';
import { loanViewSchema } from './view';

/** POST /api/loans/applications (header Idempotency-Key). */
export const loanApplicationRequestSchema = z.strictObject({
  amount: amountInputSchema,
  term: termSchema,
  selectedCurrency: currencyCodeSchema,
  /** The product version the page showed; an older one is refused (PRODUCT_VERSION_STALE). */
  productVersion: z.number().int().positive(),
});
export type LoanApplicationRequest = z.infer<typeof loanApplicationRequestSchema>;

export const loanApplicationResponseSchema = z.object({
  /** Section 4: LOAN_CREATED (any refusal is an error answer). */
  state: z.literal('LOAN_CREATED'),
  message: z.string(),
  loan: loanViewSchema,
  preAssessment: preAssessmentSchema,
});
export type LoanApplicationResponse = z.infer<typeof loanApplicationResponseSchema>;
