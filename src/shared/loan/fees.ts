import type { FeeTreatment } from './product';

/**
 * The fixed catalogue of fees a product may charge (DECISIONS.md invariant 4). A fee is
 * one of these kinds, never a free-text name: the advance-fee scheme this product is built against
 * invents charges ("modification fee", "unlock fee", "verification fee", "release fee") that the
 * borrower must pay before the money is released. Every kind here is a real cost of making the loan,
 * deducted from the proceeds or added to the schedule, shown in the disclosure statement, and
 * counted in the annual cost cap. A new kind is a code change reviewed like any other.
 */
export const FEE_KINDS = ['SERVICE', 'DOCUMENTARY_STAMP_TAX', 'NOTARIAL', 'CREDIT_INVESTIGATION'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

export interface FeeKindInfo {
  /** What the disclosure statement calls it (English; the page translates by kind). */
  readonly label: string;
  /** How it may be paid: never up front. */
  readonly treatments: readonly FeeTreatment[];
}

export const FEE_CATALOGUE: Readonly<Record<FeeKind, FeeKindInfo>> = {
  SERVICE: { label: 'Service fee', treatments: ['DEDUCTED_FROM_PROCEEDS', 'ADDED_TO_SCHEDULE'] },
  DOCUMENTARY_STAMP_TAX: { label: 'Documentary stamp tax', treatments: ['DEDUCTED_FROM_PROCEEDS'] },
  NOTARIAL: { label: 'Notarial fee', treatments: ['DEDUCTED_FROM_PROCEEDS'] },
  CREDIT_INVESTIGATION: { label: 'Credit investigation fee', treatments: ['DEDUCTED_FROM_PROCEEDS'] },
};

export function isFeeKind(code: string): code is FeeKind {
  return (FEE_KINDS as readonly string[]).includes(code);
}

/**
 * Words of the advance-fee pattern: a charge to modify, unlock, verify, release, unfreeze, activate
 * or "process" the loan before the borrower gets it. Refused in any free text of a product (its
 * name) and in fee codes and labels, whatever the catalogue says.
 */
const SCAM_FEE_WORDS = [
  'modif',
  'unlock',
  'verif',
  'releas',
  'unfreez',
  'freez',
  'frozen',
  'activat',
  'processing',
  'withdraw',
  'clearance',
  'upgrade',
  'deposit',
  'termination',
  'guarantee',
] as const;

/** The first scam word in `text` (case and separators ignored), or null. */
export function scamWordIn(text: string): string | null {
  const flat = text.toLowerCase().replace(/[^a-z]/g, '');
  return SCAM_FEE_WORDS.find((word) => flat.includes(word)) ?? null;
}
