import { z } from 'zod';

/**
 * A catalogue text in an answer: its dotted key and its values (src/shared/i18n/text.ts), for the
 * browser to render in the reader's language with t(key, values). Values are plain strings here.
 */
export const catalogueTextSchema = z.object({ key: z.string(), values: z.record(z.string(), z.string()).optional() });
export type CatalogueTextDto = z.infer<typeof catalogueTextSchema>;

/** A loan status's words (shared/states/loan.ts loanStatusTexts): the message, and the Loan Statement card's title and text. */
export const loanStatusTextsSchema = z.object({
  message: catalogueTextSchema,
  statement: catalogueTextSchema.nullable(),
  statementMessage: catalogueTextSchema.nullable(),
});
