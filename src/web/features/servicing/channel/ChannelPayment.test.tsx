import { describe, expect, it } from 'vitest';
import type { ChannelPaymentDto } from '../../../../shared/schemas/channel-payments';
import { renderIn } from '../../../lib/render-for-tests';
import { Instructions } from './ChannelPayment';

const payment = (checkoutUrl: string | null): ChannelPaymentDto => ({
  id: '0b6f4f2e-6d6c-4e55-9d55-1f1a3b0c2d4e',
  reference: 'TAPAT-C000001',
  provider: 'XENDIT',
  method: 'EWALLET',
  channelCode: 'GCASH',
  amount: '500.00',
  status: 'PENDING',
  instructions: { accountNumber: null, checkoutUrl, paymentCode: null },
  expiresAt: '2026-11-23T04:00:00.000Z',
  createdAt: '2026-11-22T04:00:00.000Z',
  paidAt: null,
  paidAmount: null,
  appliedToLoan: null,
  creditedToWallet: null,
  receiptReference: null,
});

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** Defence in depth: the provider's checkout address becomes a link only when it is an https one (the server keeps no other). */
describe("the e-wallet checkout link of a payment's instructions", () => {
  it('links an https checkout address in a new tab without opener', async () => {
    const html = await renderIn(<Instructions payment={payment('https://checkout.xendit.test/pr-1')} language="en" />);
    expect(hrefs(html)).toEqual(['https://checkout.xendit.test/pr-1']);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://checkout.xendit.test/pr-1']) {
    it(`renders no link for ${JSON.stringify(url)}`, async () => {
      const html = await renderIn(<Instructions payment={payment(url)} language="en" />);
      expect(hrefs(html)).toEqual([]);
      expect(html).not.toMatch(/javascript:|data:text/i);
    });
  }
});
