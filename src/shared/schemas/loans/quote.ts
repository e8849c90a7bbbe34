/** The loanbox's quote: GET /api/loans/quote. */
import { z } from 'zod';
import { intQueryParam } from '../params';
import { amountInputSchema, currencyCodeSchema, frequencySchema, LOAN_MESSAGES, productCodeSchema } from './common';
import { DUE_DAY_MAX, DUE_DAY_MIN } from '../../loan/dates';
import { disclosureSchema } from './disclosure';

/**
 * GET /api/loans/quote?amount=&term=&currency=&product=&frequency=&dueDay= (product: a code; absent,
 * the default product PERSONAL; frequency absent: MONTHLY; dueDay absent: the disbursement day).
 */
export const quoteQuerySchema = z.object({
  product: productCodeSchema.optional(),
  amount: amountInputSchema,
  term: intQueryParam({ min: 1, max: 120, message: LOAN_MESSAGES.term }),
  currency: currencyCodeSchema.optional(),
  frequency: frequencySchema.optional(),
  dueDay: intQueryParam({ min: DUE_DAY_MIN, max: DUE_DAY_MAX, message: LOAN_MESSAGES.dueDay }).optional(),
});
export const quoteResponseSchema = z.object({ productCode: z.string(), productVersion: z.number().int(), disclosure: disclosureSchema });
