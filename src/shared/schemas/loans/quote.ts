/** The loanbox's quote: GET /api/loans/quote. */
import { z } from 'zod';
import { intQueryParam } from '../params';
import { amountInputSchema, currencyCodeSchema, LOAN_MESSAGES, productCodeSchema } from './common';
import { disclosureSchema } from './disclosure';

/** GET /api/loans/quote?amount=&term=&currency=&product= (product: a code; absent, the default product PERSONAL) */
export const quoteQuerySchema = z.object({
  product: productCodeSchema.optional(),
  amount: amountInputSchema,
  term: intQueryParam({ min: 1, max: 120, message: LOAN_MESSAGES.term }),
  currency: currencyCodeSchema.optional(),
});
export const quoteResponseSchema = z.object({ productCode: z.string(), productVersion: z.number().int(), disclosure: disclosureSchema });
