import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/auth';
import { queryKeys } from '../lib/queries';
import ActivatePage from './ActivatePage';

/**
 * Decision 055: a member who is not activated cannot reach Settings, so /activate (before its steps
 * start) offers the same e-mail card; the wizard itself does not.
 */
function renderPage(accountState: SessionUser['accountState'], email: { email: string; verified: boolean }): string {
  const client = new QueryClient();
  const user: SessionUser = { fullName: 'Juan Dela Cruz', phone: '+639171234567', role: 'MEMBER', accountState, language: 'en' };
  client.setQueryData(queryKeys.session, user);
  client.setQueryData(['auth', 'email'], email);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/activate']}>
        <ActivatePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ActivatePage', () => {
  it('offers a member who is not activated the e-mail card, with a code to send while the address is unverified', () => {
    const html = renderPage('ADDRESS_INFO', { email: 'juan@example.com', verified: false });
    expect(html).toContain('aria-labelledby="settings-email"');
    expect(html).toContain('juan@example.com');
    expect(html).toMatch(/settings\.email\.send|Send me a code/);
  });

  it('a verified address: the card says so and offers nothing to do', () => {
    const html = renderPage('PERSONAL_INFO', { email: 'juan@example.com', verified: true });
    expect(html).toMatch(/settings\.email\.verified|>Verified</);
    expect(html).not.toMatch(/settings\.email\.send|Send me a code/);
  });
});
