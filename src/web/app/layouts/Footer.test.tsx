import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import { queryKeys } from '../../lib/queries';
import { Footer } from './Footer';

// The browser's i18n setup touches `document`; the footer only needs the legal texts' loader from it.
vi.mock('../i18n', () => ({ loadLegalTexts: async () => undefined, loadMemberTexts: async () => undefined }));

/**
 * Defence in depth: even if a profile with a hostile link reached the browser (an old
 * stored row, a proxy, a bug in the server's schema), the footer on every page renders no
 * javascript:, data: or http: href.
 */
function renderFooter(company: Record<string, unknown>): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.publicConfig, { company });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the footer renders only https (and mailto) links from the company profile', () => {
  it('drops javascript:, data: and http: addresses', () => {
    const html = renderFooter({
      ...DEMO_COMPANY_PROFILE,
      verifyRegistrationUrl: 'javascript:alert(document.cookie)',
      social: { facebook: 'data:text/html,<script>alert(1)</script>', instagram: 'http://instagram.com/tapat', tiktok: 'JavaScript:alert(1)' },
    });
    for (const href of hrefs(html)) expect(href).toMatch(/^(\/|https:\/\/|mailto:)/);
    expect(html).not.toMatch(/javascript:|data:text/i);
  });

  it('keeps https social links and the registration check', () => {
    const html = renderFooter({
      ...DEMO_COMPANY_PROFILE,
      social: { facebook: 'https://www.facebook.com/tapat', instagram: '', tiktok: 'https://www.tiktok.com/@tapat' },
    });
    expect(hrefs(html)).toEqual(
      expect.arrayContaining([
        'https://www.facebook.com/tapat',
        'https://www.tiktok.com/@tapat',
        DEMO_COMPANY_PROFILE.verifyRegistrationUrl,
        `mailto:${DEMO_COMPANY_PROFILE.supportEmail}`,
      ]),
    );
  });
});

describe('the DEMO mark', () => {
  const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('is said once: the demo profile\'s name carries it, so no badge repeats it ("… (DEMO) DEMO")', () => {
    const text = visibleText(renderFooter({ ...DEMO_COMPANY_PROFILE }));
    expect(text).toContain(DEMO_COMPANY_PROFILE.companyName);
    expect(text).not.toMatch(/\(DEMO\)\s*(DEMO|common\.demoBadge)/);
  });

  it('is a badge beside a demo company whose name does not say it', () => {
    const text = visibleText(renderFooter({ ...DEMO_COMPANY_PROFILE, companyName: 'Tapat Financing Corporation' }));
    expect(text).toMatch(/Tapat Financing Corporation\s*(DEMO|common\.demoBadge)/); // the test renders keys when no catalogue is loaded
  });
});
