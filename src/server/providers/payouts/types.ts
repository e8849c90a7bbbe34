import type { Centavos } from '../../../shared/money/money';
import type { PayoutChannel, PayoutKind } from '../../../shared/withdrawal/channels';
import type { PayoutFailureReason } from '../../../shared/reasons/catalogue';

/**
 * A payout adapter: sends a confirmed withdrawal to the member's own account and later tells the
 * outcome. The withdrawals module calls `submit` once, in the transaction that moves the withdrawal
 * to PROCESSING, and `outcome` from the settlement worker when `checkAfter` is due, in the
 * transaction that posts or voids the held funds. Both must be safe to repeat for the same payout
 * id (a real provider deduplicates by our id, which is the withdrawal id): a process killed after
 * the provider accepted but before the commit submits again on retry.
 */
export type PayoutMode = PayoutProviderName;
import type { PayoutProviderName } from '../../../shared/providers/names';

export interface PayoutOrder {
  /** Our id for the payout: the withdrawal id. */
  readonly id: string;
  /** TAPAT-000123 */
  readonly reference: string;
  readonly amount: Centavos;
  readonly channel: PayoutChannel;
  readonly destination: { readonly institutionCode: string; readonly kind: PayoutKind; readonly accountNumber: string; readonly accountName: string };
}

export interface Submission {
  /** The provider's reference, when it gives one at once. */
  readonly providerReference: string | null;
  /** When to ask for the outcome; null: the provider does not settle by itself (manual mode). */
  readonly checkAfter: Date | null;
}

export type PayoutOutcome =
  | { readonly state: 'PENDING'; readonly checkAfter: Date | null }
  | { readonly state: 'PAID'; readonly providerReference: string }
  /** A provider's answer is mapped to a code of the fixed catalogue: the member never reads a provider's or officer's free text. */
  | { readonly state: 'FAILED'; readonly reasonCode: PayoutFailureReason };

export interface PayoutProvider {
  readonly mode: PayoutMode;
  submit(order: PayoutOrder, now: Date): Promise<Submission>;
  /** What became of a submitted payout (`submittedAt`: when it was submitted). */
  outcome(order: PayoutOrder & { readonly providerReference: string | null; readonly submittedAt: Date }, now: Date): Promise<PayoutOutcome>;
}

/** A verified payout callback, as its adapter reads the provider's body: which payout, and what the provider says of it (a hint: the status endpoint decides). */
export interface PayoutCallback {
  readonly event: string;
  readonly payoutId: string | null;
  /** Our reference id as the provider echoes it: the withdrawal's (or one transfer's) id. */
  readonly withdrawalId: string | null;
  readonly status: string | null;
}
