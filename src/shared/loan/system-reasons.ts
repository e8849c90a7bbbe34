/**
 * Why the system moved a loan on its own (servicing, docs/decisions/012-servicing.md): a code with
 * its values, stored in loan_events.data (systemReason, systemValues) and rendered through i18n
 * (loans.history.system.<CODE>) in the reader's language, never stored English text.
 */
export const SYSTEM_LOAN_REASONS = [
  'REPAYMENT_STARTED',
  'INSTALMENT_UNPAID',
  'CHARGE_UNPAID',
  'REPAID_BY_PAYMENT',
  'CURED_BY_PAYMENT',
  'REPAID_BY_WAIVER',
  'CURED_BY_WAIVER',
  'CURED_BY_RESERVICING',
  'REPAID_BY_RESERVICING',
] as const;
export type SystemLoanReason = (typeof SYSTEM_LOAN_REASONS)[number];

export interface SystemReasonEntry {
  readonly code: SystemLoanReason;
  /** Placeholders of its text (a payment reference, an instalment number and due date, an amount). */
  readonly values: Readonly<Record<string, string>>;
}

const isSystemLoanReason = (v: unknown): v is SystemLoanReason => typeof v === 'string' && (SYSTEM_LOAN_REASONS as readonly string[]).includes(v);

/** The system reason stored in a loan event's data, if any. */
export function systemReasonOf(data: unknown): SystemReasonEntry | null {
  if (data === null || typeof data !== 'object') return null;
  const { systemReason, systemValues } = data as { systemReason?: unknown; systemValues?: unknown };
  if (!isSystemLoanReason(systemReason)) return null;
  const values: Record<string, string> = {};
  if (systemValues !== null && typeof systemValues === 'object') {
    for (const [k, v] of Object.entries(systemValues)) if (typeof v === 'string') values[k] = v;
  }
  return { code: systemReason, values };
}
