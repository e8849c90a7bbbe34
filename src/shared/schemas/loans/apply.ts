/** Applying for a loan: POST /api/loans/applications. */
import { z } from 'zod';
import { amountInputSchema, currencyCodeSchema, dueDaySchema, frequencySchema, productCodeSchema, termSchema } from './common';
import { preAssessmentSchema } from './assessment';
import { loanViewSchema } from './view';

/** POST /api/loans/applications (header Idempotency-Key). */
export const loanApplicationRequestSchema = z.strictObject({
  amount: amountInputSchema,
  term: termSchema,
  selectedCurrency: currencyCodeSchema,
  /** The product applied for (its code, e.g. PERSONAL or SMALL); absent: the default product, PERSONAL. One not offered is refused (PRODUCT_NOT_OFFERED). */
  productCode: productCodeSchema.optional(),
  /** The version of that product the page showed; an older one is refused (PRODUCT_VERSION_STALE). */
  productVersion: z.number().int().positive(),
  /** How often instalments fall due (absent: MONTHLY); one the product does not offer is refused (400 VALIDATION_FAILED on frequency). */
  frequency: frequencySchema.optional(),
  /** MONTHLY only: the day of the month instalments fall due (absent: the disbursement day). */
  dueDay: dueDaySchema.optional(),
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
