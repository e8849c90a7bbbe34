import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { HeldPaymentDto } from '../../../shared/schemas/channel-payments';
import AdminHeldPaymentsPage from './AdminHeldPaymentsPage';

const base: HeldPaymentDto = {
  id: '10000000-0000-4000-8000-000000000001',
  channelPaymentId: '00000000-0000-4000-8000-000000000001',
  reference: 'TAPAT-C000123',
  loanId: '00000000-0000-4000-8000-000000000002',
  loanNumber: 'TAPAT-000045',
  memberName: 'Maria Clara Santos',
  provider: 'XENDIT',
  providerPaymentId: 'pr-00000123',
  method: 'OVER_THE_COUNTER',
  channelCode: '7ELEVEN',
  expectedAmount: '17667.00',
  confirmedAmount: '17000.00',
  confirmedCurrency: 'PHP',
  reason: 'AMOUNT_MISMATCH',
  status: 'HELD',
  heldAt: '2026-11-28T01:00:00.000Z',
  needsSecondOfficer: false,
  requestedBy: null,
  requestedAt: null,
  requestNote: null,
  resolvedBy: null,
  resolvedAt: null,
  resolutionNote: null,
};

function render(held: HeldPaymentDto[]): string {
  const client = new QueryClient();
  client.setQueryData(['admin', 'held-payments', 'OPEN'], { held });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/held-payments']}>
        <AdminHeldPaymentsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The held payments page (decision 059): the reference's amount beside the provider's confirmed one, and the one decision an officer can take. */
describe('AdminHeldPaymentsPage', () => {
  it("shows the asked and the confirmed amounts and offers to credit the provider's figure", () => {
    const html = render([base]);
    expect(html).toContain('TAPAT-C000123');
    expect(html).toContain('17,667.00');
    expect(html).toContain('17,000.00');
    expect(html).toMatch(/channelPayments\.held\.credit|Credit ₱17,000\.00 to the wallet/);
  });

  it('a request waiting for a second officer says who asked and offers to confirm; another currency cannot be credited', () => {
    const html = render([
      {
        ...base,
        status: 'RELEASE_REQUESTED',
        needsSecondOfficer: true,
        confirmedAmount: '60000.00',
        requestedBy: 'Officer Ana Reyes',
        requestNote: 'Statement seen.',
      },
      { ...base, id: '10000000-0000-4000-8000-000000000003', reason: 'CURRENCY_MISMATCH', confirmedCurrency: 'USD' },
    ]);
    expect(html).toMatch(/channelPayments\.held\.confirm|Confirm: credit ₱60,000\.00/);
    expect(html).toMatch(/channelPayments\.held\.requested|Asked by Officer Ana Reyes: Statement seen\./);
    expect(html).toMatch(/channelPayments\.held\.notPhp|Not in pesos/);
    expect(html.match(/channelPayments\.held\.credit|Credit ₱/g) ?? []).toHaveLength(0);
  });
});
