/** The contract: reading it, accepting a counter-offer, the signing code and the signature. */
import { z } from 'zod';
import { otpCodeSchema } from '../fields';
import { amountInputSchema, isoDateTime, LOAN_MESSAGES, loanStatusSchema, termSchema } from './common';
import { disclosureSchema } from './disclosure';
import { loanViewSchema } from './view';

export const contractDocumentSchema = z.object({
  title: z.string(),
  /** The version of the contract template. */
  templateVersion: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  /** The whole contract as plain text (what the SHA-256 covers, with the disclosure). */
  text: z.string(),
});

export const contractResponseSchema = z.object({
  loanId: z.string(),
  loanNumber: z.string(),
  status: loanStatusSchema,
  signed: z.boolean(),
  signedAt: isoDateTime.nullable(),
  /** SHA-256 of the exact documents: over the contract text and the disclosure's JSON. */
  documentsSha256: z.string(),
  contract: contractDocumentSchema,
  disclosure: disclosureSchema,
});

/** POST /api/loans/current/accept-offer: the member accepts exactly the offer shown (amount and term). */
export const acceptOfferRequestSchema = z.strictObject({ amount: amountInputSchema, term: termSchema });

export const contractCodeResponseSchema = z.object({ sentTo: z.string(), expiresAt: isoDateTime, resendAvailableAt: isoDateTime });
export const signRequestSchema = z.strictObject({ code: otpCodeSchema(LOAN_MESSAGES.code) });
export const signResponseSchema = z.object({ loan: loanViewSchema, signedAt: isoDateTime, documentsSha256: z.string() });
