import type { ChannelCode, ChannelMethod } from '../../../shared/channel/methods';
import type { Centavos } from '../../../shared/money/money';

/**
 * A payment-collection adapter (docs/decisions/013-payment-channels.md): creates a payment for an
 * amount and method (bank virtual account, e-wallet checkout, over-the-counter code with expiry)
 * and tells its status. Its confirmations (a callback, or `status` asked by the worker) all go
 * through the one confirmation path of the repayments module, which applies each at most once.
 */
export type { CollectionProviderName } from '../../../shared/providers/names';
import type { CollectionProviderName } from '../../../shared/providers/names';

export interface CollectionOrder {
  /** Our id of the payment (the channel_payments row): the provider's idempotency key. */
  readonly id: string;
  /** Our reference (TAPAT-C000123): the provider's reference id. */
  readonly reference: string;
  readonly amount: Centavos;
  readonly method: ChannelMethod;
  readonly channelCode: ChannelCode;
  /** The borrower's name, as the channel shows it to the payer. */
  readonly customerName: string;
  readonly expiresAt: Date;
}

export interface Instructions {
  readonly accountNumber: string | null;
  readonly checkoutUrl: string | null;
  readonly paymentCode: string | null;
}

export interface CreatedCollection {
  readonly providerPaymentId: string;
  readonly instructions: Instructions;
  /** When to ask `status` first (the simulated provider's confirmation time; a real provider: after expiry, for a missed callback). */
  readonly checkAfter: Date | null;
}

/** A provider's word on one payment, normalised: from a callback or from its status endpoint. */
export interface ConfirmationEvent {
  readonly provider: CollectionProviderName;
  readonly source: 'CALLBACK' | 'POLL';
  readonly kind: 'SUCCEEDED' | 'FAILED' | 'EXPIRED';
  /** The provider's payment (request) id. */
  readonly providerPaymentId: string | null;
  /** Our reference id, as the provider echoes it. */
  readonly referenceId: string | null;
  /** What was paid (SUCCEEDED). */
  readonly amount: Centavos | null;
  readonly currency: string | null;
  readonly paidAt: Date | null;
  readonly payload: unknown;
}

export type CollectionStatus = { readonly kind: 'PENDING'; readonly checkAfter: Date | null } | ConfirmationEvent;

export interface CollectionPayment {
  readonly id: string;
  readonly reference: string;
  readonly providerPaymentId: string | null;
  readonly amount: Centavos;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface CollectionProvider {
  readonly name: CollectionProviderName;
  create(order: CollectionOrder, now: Date): Promise<CreatedCollection>;
  status(payment: CollectionPayment, now: Date): Promise<CollectionStatus>;
}
