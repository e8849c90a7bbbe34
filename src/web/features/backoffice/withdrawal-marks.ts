import type { z } from 'zod';
import { adminFailedSchema, adminFailWithdrawSchema, adminPaidSchema } from '../../../shared/schemas/withdrawals';

/** A field the officer fills when marking a manual payout (or one transfer of it) paid or failed. */
export type MarkField = 'bankReference' | 'reasonCode' | 'note' | 'reason';

/** A refused field's message: a catalogue key (its numbers are the catalogue values of the schema's constants, src/shared/i18n/values.ts) and values, if any. */
export interface MarkFieldError {
  readonly key: string;
  readonly values?: Readonly<Record<string, number>>;
}
export type MarkErrors = Partial<Record<MarkField, MarkFieldError>>;
export type MarkChecked<T> = { readonly ok: true; readonly body: T } | { readonly ok: false; readonly errors: MarkErrors };

/** Each field's message in the 'withdrawals.errors' catalogue (both languages); the schema's own limits fill it as catalogue values. */
export const MARK_FIELD_ERRORS: Readonly<Record<MarkField, MarkFieldError>> = {
  bankReference: { key: 'withdrawals.errors.bankReference' },
  reasonCode: { key: 'withdrawals.errors.reasonCode' },
  note: { key: 'withdrawals.errors.note' },
  reason: { key: 'withdrawals.errors.withdrawReason' },
};
const FIELDS = Object.keys(MARK_FIELD_ERRORS) as MarkField[];

function errorsOf(error: z.ZodError): MarkErrors {
  const errors: MarkErrors = {};
  for (const issue of error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = MARK_FIELD_ERRORS[field];
  }
  return errors;
}

/** The "paid" body, checked with the route's own schema (adminPaidSchema) before any request. */
export function paidBody(bankReference: string): MarkChecked<z.infer<typeof adminPaidSchema>> {
  const checked = adminPaidSchema.safeParse({ bankReference });
  return checked.success ? { ok: true, body: checked.data } : { ok: false, errors: errorsOf(checked.error) };
}

/** The "failed" body, checked with the route's own schema (adminFailedSchema) before any request; an empty note is left out. */
export function failedBody(reasonCode: string, note: string): MarkChecked<z.infer<typeof adminFailedSchema>> {
  const checked = adminFailedSchema.safeParse({ reasonCode, ...(note.trim() ? { note } : {}) });
  return checked.success ? { ok: true, body: checked.data } : { ok: false, errors: errorsOf(checked.error) };
}

/** The body withdrawing a failure request, checked with the route's own schema (adminFailWithdrawSchema) before any request (decision 052). */
export function withdrawBody(reason: string): MarkChecked<z.infer<typeof adminFailWithdrawSchema>> {
  const checked = adminFailWithdrawSchema.safeParse({ reason });
  return checked.success ? { ok: true, body: checked.data } : { ok: false, errors: errorsOf(checked.error) };
}

/** A field message the server answered (400 VALIDATION_FAILED) on one of the form's fields, in the catalogue's words. */
export function serverFieldErrors(fields: Readonly<Record<string, string>>): MarkErrors {
  const errors: MarkErrors = {};
  for (const field of FIELDS) if (fields[field]) errors[field] = MARK_FIELD_ERRORS[field];
  return errors;
}
