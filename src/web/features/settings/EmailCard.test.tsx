import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EmailCard } from './EmailCard';

/** Decision 051: the card says what the server said about the address, and offers a code only when it is not verified. */
function renderCard(status: { email: string; verified: boolean }): string {
  const client = new QueryClient();
  client.setQueryData(['auth', 'email'], status);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <EmailCard className="card" />
    </QueryClientProvider>,
  );
}

describe('EmailCard', () => {
  it('an unverified address: says so, why, and offers a code', () => {
    const html = renderCard({ email: 'juan@example.com', verified: false });
    expect(html).toContain('juan@example.com');
    expect(html).toMatch(/settings\.email\.unverified|Not verified/);
    expect(html).toMatch(/settings\.email\.send|Send me a code/);
    expect(html).toContain('aria-labelledby="settings-email"');
  });

  it('a verified address: says so and offers nothing to do', () => {
    const html = renderCard({ email: 'juan@example.com', verified: true });
    expect(html).toMatch(/settings\.email\.verified|>Verified</);
    expect(html).not.toMatch(/settings\.email\.send|Send me a code/);
    expect(html).not.toContain('<button');
  });
});
