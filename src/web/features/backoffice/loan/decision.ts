import { parseAmount } from '../../../../shared/money/money';
import { approveRequestSchema, LOAN_MESSAGES, rejectRequestSchema } from '../../../../shared/schemas/loans';
import type { z } from 'zod';

/** What an officer types in the approve or reject dialog. */
export interface DecisionForm {
  readonly offerAmount: string;
  readonly offerTerm: number;
  readonly reasonCode: string;
  readonly note: string;
}

export type DecisionField = 'amount' | 'term' | 'reasonCode' | 'note';
/** Each refused field's message, an i18n key (loans.admin.fieldErrors.*). */
export type DecisionErrors = Partial<Record<DecisionField, string>>;

export type Checked<T> = { readonly ok: true; readonly body: T } | { readonly ok: false; readonly errors: DecisionErrors };

/** The schema's English message → the key the dialog shows (so a Filipino reader reads Filipino). */
const KEY_BY_MESSAGE = new Map<string, string>([
  [LOAN_MESSAGES.amount, 'loans.admin.fieldErrors.amount'],
  [LOAN_MESSAGES.term, 'loans.admin.fieldErrors.term'],
  [LOAN_MESSAGES.reasonCode, 'loans.admin.fieldErrors.reasonCode'],
  [LOAN_MESSAGES.note, 'loans.admin.fieldErrors.note'],
]);
const FIELDS: readonly DecisionField[] = ['amount', 'term', 'reasonCode', 'note'];

function errorsOf(error: z.ZodError): DecisionErrors {
  const errors: Partial<Record<DecisionField, string>> = {};
  for (const issue of error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = KEY_BY_MESSAGE.get(issue.message) ?? `loans.admin.fieldErrors.${field}`;
  }
  return errors;
}

/** Whether the offer is lower or shorter than the application: then it needs a reason the borrower reads. */
export function isCounterOffer(form: DecisionForm, loan: { readonly requestedAmount: string; readonly requestedTerm: number }): boolean {
  const offered = parseAmount(form.offerAmount.trim());
  return offered !== null && (offered < (parseAmount(loan.requestedAmount) ?? 0n) || form.offerTerm < loan.requestedTerm);
}

/**
 * The approve body, checked with the route's own schema (approveRequestSchema) before any request;
 * a counter-offer without a reason is refused here as the server refuses it.
 */
export function approveBody(
  form: DecisionForm,
  loan: { readonly requestedAmount: string; readonly requestedTerm: number },
): Checked<z.infer<typeof approveRequestSchema>> {
  const counterOffer = isCounterOffer(form, loan);
  const draft = {
    amount: form.offerAmount.trim(),
    term: form.offerTerm,
    ...(counterOffer && form.reasonCode ? { reasonCode: form.reasonCode } : {}),
    ...(form.note.trim() ? { note: form.note.trim() } : {}),
  };
  const checked = approveRequestSchema.safeParse(draft);
  const errors = checked.success ? {} : errorsOf(checked.error);
  if (counterOffer && !form.reasonCode) errors.reasonCode ??= 'loans.admin.fieldErrors.reasonCode';
  if (!checked.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: checked.data };
}

/** The reject body, checked with the route's own schema (rejectRequestSchema) before any request. */
export function rejectBody(form: DecisionForm): Checked<z.infer<typeof rejectRequestSchema>> {
  const checked = rejectRequestSchema.safeParse({ reasonCode: form.reasonCode, ...(form.note.trim() ? { note: form.note.trim() } : {}) });
  return checked.success ? { ok: true, body: checked.data } : { ok: false, errors: errorsOf(checked.error) };
}
