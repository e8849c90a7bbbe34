import type { PayoutFailureReason } from '../../../shared/reasons/catalogue';
import { centavosOfProviderNumber, jsonWithAmount, ProviderError, xenditRequest, type XenditConfig } from '../xendit/http';
import type { PayoutCallback, PayoutOrder, PayoutOutcome, PayoutProvider, Submission } from './types';

/**
 * Payouts through Xendit's Payouts API (POST /v2/payouts, GET /v2/payouts/{id}) to Philippine banks
 * and e-wallets over InstaPay/PESONet (docs/decisions/013-payment-channels.md). Every create carries
 * the withdrawal id as its Idempotency-key, so a retry after a timeout, a crash or a 500 never pays
 * twice. `submit` never fails the member's confirmation: when Xendit does not answer usably the
 * payout stays PROCESSING with no provider id and the settlement worker creates it again (same key)
 * at its next check. The worker's `outcome` reads the status endpoint; a verified callback only
 * brings that check forward (withdrawals module), so the status endpoint stays the one source of truth.
 */

/** Xendit's channel code of one of our institution codes (PH_ + Xendit's bank code). Check against Xendit's list before going live. */
const CHANNEL_CODES: Readonly<Record<string, string>> = {
  BDO: 'PH_BDO',
  BPI: 'PH_BPI',
  UB: 'PH_UBP',
  METROBANK: 'PH_MET',
  LANDBANK: 'PH_LBP',
  SECB: 'PH_SEC',
  RCBC: 'PH_RCBC',
  PNB: 'PH_PNB',
  CBC: 'PH_CBC',
  EWB: 'PH_EWB',
  GCASH: 'PH_GCASH',
  MAYA: 'PH_PAYMAYA',
  PAYMAYA: 'PH_PAYMAYA',
  GRABPAY: 'PH_GRABPAY',
  SHOPEEPAY: 'PH_SHOPEEPAY',
};

function xenditChannelCode(institutionCode: string): string {
  return CHANNEL_CODES[institutionCode] ?? `PH_${institutionCode}`;
}

/** Xendit's failure codes mapped to our fixed catalogue (the member never reads a provider's free text). */
function failureReasonOf(code: unknown): PayoutFailureReason {
  switch (code) {
    case 'INVALID_DESTINATION':
      return 'ACCOUNT_NOT_FOUND';
    case 'DESTINATION_MAXIMUM_LIMIT':
      return 'RECEIVING_LIMIT';
    case 'TEMPORARY_TRANSFER_ERROR':
    case 'INSUFFICIENT_BALANCE':
    case 'CHANNEL_UNAVAILABLE':
      return 'BANK_UNAVAILABLE';
    default:
      return 'BANK_DECLINED';
  }
}

const RETRY_MS = 60_000;
const POLL_MS = 5 * 60_000;

function outcomeOf(answer: Record<string, unknown>, now: Date): PayoutOutcome {
  const id = typeof answer.id === 'string' ? answer.id : null;
  switch (answer.status) {
    case 'SUCCEEDED':
      if (!id) throw new ProviderError('Xendit answered a paid payout without an id', true);
      return { state: 'PAID', providerReference: id };
    case 'FAILED':
    case 'CANCELLED':
    case 'REVERSED':
      return { state: 'FAILED', reasonCode: failureReasonOf(answer.failure_code) };
    case 'ACCEPTED':
    case 'REQUESTED':
    case 'PENDING':
    case 'LOCKED':
      return { state: 'PENDING', checkAfter: new Date(now.getTime() + POLL_MS) };
    default:
      throw new ProviderError(`Xendit answered an unknown payout status ${String(answer.status).slice(0, 40)}`, true);
  }
}

/** Is this payout the one asked for: our reference id (the withdrawal's or the transfer's id) and exactly its amount? */
function isPayoutOf(answer: Record<string, unknown>, order: PayoutOrder): boolean {
  return answer.reference_id === order.id && centavosOfProviderNumber(answer.amount) === order.amount;
}

export function xenditPayoutProvider(config: XenditConfig): PayoutProvider {
  async function create(order: PayoutOrder): Promise<Record<string, unknown>> {
    const body = jsonWithAmount(
      {
        reference_id: order.id,
        channel_code: xenditChannelCode(order.destination.institutionCode),
        channel_properties: { account_holder_name: order.destination.accountName, account_number: order.destination.accountNumber },
        currency: 'PHP',
        description: `Withdrawal ${order.reference}`,
        metadata: { reference: order.reference, channel: order.channel },
      },
      order.amount,
    );
    return xenditRequest(config, 'POST', '/v2/payouts', { body, idempotencyKey: order.id });
  }

  return {
    mode: 'XENDIT',
    async submit(order, now): Promise<Submission> {
      try {
        const answer = await create(order);
        const id = typeof answer.id === 'string' ? answer.id : null;
        return { providerReference: id, checkAfter: new Date(now.getTime() + (id ? POLL_MS : RETRY_MS)) };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // Not answered usably (or refused): the settlement worker creates it again with the same key and records the outcome.
        return { providerReference: null, checkAfter: new Date(now.getTime() + RETRY_MS) };
      }
    },
    async outcome(order, now): Promise<PayoutOutcome> {
      try {
        let answer = order.providerReference
          ? await xenditRequest(config, 'GET', `/v2/payouts/${encodeURIComponent(order.providerReference)}`)
          : await create(order);
        // The provider id we hold may have come from a callback: a payout of another reference or
        // amount is not this one's outcome. Its own is found again by its Idempotency-key.
        if (order.providerReference && !isPayoutOf(answer, order)) answer = await create(order);
        if (!isPayoutOf(answer, order)) throw new ProviderError(`Xendit answered a payout that is not ${order.id}'s (reference or amount)`, true);
        return outcomeOf(answer, now);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // A refusal of the create (4xx) is final; a timeout, a 5xx or garbage is asked again later.
        if (!error.retryable && !order.providerReference) return { state: 'FAILED', reasonCode: 'BANK_DECLINED' };
        return { state: 'PENDING', checkAfter: new Date(now.getTime() + RETRY_MS) };
      }
    },
  };
}

/** A verified Xendit payout callback: the payout's id and our reference id (the withdrawal id); throws ProviderError for garbage. */
export function parseXenditPayoutCallback(body: unknown): PayoutCallback {
  const root = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const data = root.data !== null && typeof root.data === 'object' && !Array.isArray(root.data) ? (root.data as Record<string, unknown>) : root;
  const event = typeof root.event === 'string' ? root.event : null;
  const payoutId = typeof data.id === 'string' ? data.id : null;
  const withdrawalId = typeof data.reference_id === 'string' ? data.reference_id : null;
  if (!event || (!payoutId && !withdrawalId)) throw new ProviderError('Not a Xendit payout callback', false);
  return { event, payoutId, withdrawalId, status: typeof data.status === 'string' ? data.status : null };
}
