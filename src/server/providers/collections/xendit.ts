import type { ChannelMethod } from '../../../shared/channel/methods';
import { isHttpsUrl } from '../../../shared/company/links';
import { centavosOfProviderNumber, jsonWithAmount, ProviderError, xenditRequest, type XenditConfig } from '../xendit/http';
import type { CollectionProvider, CollectionStatus, ConfirmationEvent, CreatedCollection, Instructions } from './types';

/**
 * Xendit's Payment Requests API (POST /payment_requests, GET /payment_requests/{id}) for Philippine
 * channels: a one-time virtual account, an e-wallet checkout (GCash, Maya: the AUTH action's URL)
 * or an over-the-counter payment code, each in PHP with an expiry. The payment request's id (pr-...)
 * is the provider payment id we key on; the payment's own id (py-...) is kept with the event.
 * Callbacks (payment.succeeded, payment.failed, payment_request.expiry) are verified by the route
 * with the x-callback-token header and parsed by `parseXenditPaymentCallback`.
 */
const TYPE: Record<ChannelMethod, string> = { VIRTUAL_ACCOUNT: 'VIRTUAL_ACCOUNT', EWALLET: 'EWALLET', OVER_THE_COUNTER: 'OVER_THE_COUNTER' };
const PROPERTY: Record<ChannelMethod, 'virtual_account' | 'ewallet' | 'over_the_counter'> = {
  VIRTUAL_ACCOUNT: 'virtual_account',
  EWALLET: 'ewallet',
  OVER_THE_COUNTER: 'over_the_counter',
};

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function instructionsOf(method: ChannelMethod, body: Record<string, unknown>): Instructions {
  const pm = record(body.payment_method);
  const props = record(record(pm[PROPERTY[method]]).channel_properties);
  const actions = Array.isArray(body.actions) ? body.actions.map(record) : [];
  // Only an https address: the member's page renders it as a link (a javascript: or data: one would run in their session).
  const httpsUrl = (a: Record<string, unknown>) => {
    const url = str(a.url);
    return url !== null && isHttpsUrl(url) ? url : null;
  };
  const checkout = actions.find((a) => a.url_type === 'WEB' && httpsUrl(a)) ?? actions.find((a) => httpsUrl(a));
  return {
    accountNumber: method === 'VIRTUAL_ACCOUNT' ? str(props.virtual_account_number) : null,
    checkoutUrl: method === 'EWALLET' && checkout ? httpsUrl(checkout) : null,
    paymentCode: method === 'OVER_THE_COUNTER' ? str(props.payment_code) : null,
  };
}

/** What a Xendit status or callback says, normalised (null: still pending). */
function kindOf(status: unknown): ConfirmationEvent['kind'] | null {
  if (status === 'SUCCEEDED' || status === 'COMPLETED' || status === 'PAID') return 'SUCCEEDED';
  if (status === 'FAILED') return 'FAILED';
  if (status === 'EXPIRED' || status === 'CANCELED' || status === 'CANCELLED' || status === 'VOIDED') return 'EXPIRED';
  return null;
}

function dateOf(value: unknown): Date | null {
  const text = str(value);
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function xenditCollectionProvider(config: XenditConfig & { readonly returnUrl: string }): CollectionProvider {
  return {
    name: 'XENDIT',
    async create(order, now): Promise<CreatedCollection> {
      const channelProperties: Record<string, string> =
        order.method === 'EWALLET'
          ? { success_return_url: config.returnUrl, failure_return_url: config.returnUrl }
          : { customer_name: order.customerName, expires_at: order.expiresAt.toISOString() };
      const body = jsonWithAmount(
        {
          reference_id: order.reference,
          currency: 'PHP',
          country: 'PH',
          description: `Loan payment ${order.reference}`,
          metadata: { channel_payment_id: order.id },
          payment_method: {
            type: TYPE[order.method],
            reusability: 'ONE_TIME_USE',
            reference_id: order.reference,
            [PROPERTY[order.method]]: { channel_code: order.channelCode, channel_properties: channelProperties },
          },
        },
        order.amount,
      );
      const answer = await xenditRequest(config, 'POST', '/payment_requests', { body, idempotencyKey: order.id });
      const id = str(answer.id);
      if (!id) throw new ProviderError('Xendit answered a payment request without an id', true);
      if (kindOf(answer.status) === 'FAILED') throw new ProviderError(`Xendit refused the payment request ${id}`, false);
      const instructions = instructionsOf(order.method, answer);
      if (!instructions.accountNumber && !instructions.checkoutUrl && !instructions.paymentCode)
        throw new ProviderError(`Xendit's payment request ${id} carries no payment instructions`, true);
      // A callback is the normal confirmation; the worker asks once the reference expired, for one that was missed.
      return { providerPaymentId: id, instructions, checkAfter: new Date(Math.max(order.expiresAt.getTime(), now.getTime()) + 60_000) };
    },
    async status(payment, now): Promise<CollectionStatus> {
      if (!payment.providerPaymentId) return { kind: 'PENDING', checkAfter: null };
      const answer = await xenditRequest(config, 'GET', `/payment_requests/${encodeURIComponent(payment.providerPaymentId)}`);
      const kind = kindOf(answer.status);
      if (!kind) {
        // Still open: ask again after expiry, then hourly (the provider may still confirm a late payment).
        const next = Math.max(payment.expiresAt.getTime(), now.getTime()) + 3_600_000;
        return { kind: 'PENDING', checkAfter: new Date(next) };
      }
      const amount = kind === 'SUCCEEDED' ? centavosOfProviderNumber(answer.amount) : null;
      if (kind === 'SUCCEEDED' && amount === null) throw new ProviderError('Xendit answered a paid status without a readable amount', true);
      return {
        provider: 'XENDIT',
        source: 'POLL',
        kind,
        providerPaymentId: payment.providerPaymentId,
        referenceId: str(answer.reference_id),
        amount,
        currency: str(answer.currency),
        paidAt: kind === 'SUCCEEDED' ? (dateOf(answer.updated) ?? now) : null,
        payload: answer,
      };
    },
  };
}

/**
 * A verified Xendit payment callback, normalised; null for an event we do not act on (pending,
 * awaiting capture...). Throws ProviderError for a body that is not a documented callback.
 */
export function parseXenditPaymentCallback(body: unknown, now: Date): ConfirmationEvent | null {
  const root = record(body);
  const event = str(root.event);
  const data = record(root.data);
  if (!event || Object.keys(data).length === 0) throw new ProviderError('Not a Xendit callback: no event or data', false);
  const kind = event === 'payment_request.expiry' ? 'EXPIRED' : event.startsWith('payment.') ? kindOf(data.status) : null;
  if (!kind) return null;
  const providerPaymentId = str(data.payment_request_id) ?? (event.startsWith('payment_request.') ? str(data.id) : null);
  const amount = kind === 'SUCCEEDED' ? centavosOfProviderNumber(data.amount) : null;
  if (kind === 'SUCCEEDED' && amount === null) throw new ProviderError('A Xendit payment callback without a readable amount', false);
  if (!providerPaymentId && !str(data.reference_id)) throw new ProviderError('A Xendit payment callback naming no payment', false);
  return {
    provider: 'XENDIT',
    source: 'CALLBACK',
    kind,
    providerPaymentId,
    referenceId: str(data.reference_id),
    amount,
    currency: str(data.currency),
    paidAt: kind === 'SUCCEEDED' ? (dateOf(data.updated) ?? dateOf(data.created) ?? now) : null,
    payload: body,
  };
}
