import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../src/web/entry-server';
import { bpsToPercent } from '../../src/shared/loan/product';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { en } from '../../src/shared/i18n/en';
import { fil } from '../../src/shared/i18n/fil';
import type { PublicConfig } from '../../src/shared/schemas/public';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * The public pages come as HTML (decision 031): the first paint needs no JavaScript, its figures
 * are the live configuration's (a new product version shows at once), the texts in the language
 * the page was chosen in, every value escaped.
 */
let t: TestApp;
let webDir: string;
let admin: TestMember;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Tapat</title>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Tapat needs JavaScript to run.</noscript>
    <script type="module" src="/assets/app.js"></script>
  </body>
</html>
`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'tapat-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  t = await createTestApp({ serveWeb: true, webDir }, {}, { pageRenderer: entryServer });
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function page(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  return res.body;
}

/** The HTML inside #root and the path it was rendered for, or null when the page came empty. */
function root(html: string): { path: string; lang: string; inner: string } | null {
  const match = /<div id="root" data-ssr-path="([^"]*)" data-ssr-lang="([^"]*)">([\s\S]*)<\/div>\s*<script type="module"/.exec(html);
  return match ? { path: match[1]!, lang: match[2]!, inner: match[3]! } : null;
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");

function lead(config: PublicConfig): string {
  return `Interest is ${bpsToPercent(config.product.monthlyAddOnRateBps)}% a month on the amount borrowed`;
}

describe('prerendered public pages', () => {
  it('GET / answers the landing page with the figures of the live configuration, and a newly published version at once', async () => {
    const before = ok(await get(t, undefined, '/api/public/config')) as PublicConfig;
    const html = await page('/');
    const rendered = root(html);
    expect(rendered).toMatchObject({ path: '/', lang: 'en' });
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toContain(`<title>${en.public.landing.title.replace('{{appName}}', 'Tapat')}</title>`);
    expect(html).not.toContain('<noscript>');
    expect(text(rendered!.inner)).toContain(`<h1 id="slogan"`);
    expect(text(rendered!.inner)).toContain(en.public.landing.slogan);
    expect(text(rendered!.inner)).toContain(lead(before));
    // The calculator's chunk is awaited: the calculator is in the HTML in place, not a loading notice.
    expect(rendered!.inner).toContain('id="calculator-heading"');
    expect(rendered!.inner).not.toContain('<template');
    // In one pass even on the process's first render (no boundary suspended, which Preact's renderer
    // marks <!--$s-->): the browser hydrates in one pass too and numbers the ids alike.
    expect(rendered!.inner).not.toContain('<!--$s');
    // Only the inlined data (the configuration, and the first reads of decision 072) are scripts
    // without src (JSON, never run: the CSP allows no inline code).
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script id="tapat-config" type="application/json">',
      '<script id="tapat-first-reads" type="application/json">',
    ]);

    const draft = ok(await get(t, admin.cookie, '/api/admin/settings')).productDraft as Record<string, unknown>;
    const rate = before.product.monthlyAddOnRateBps === 40 ? 45 : 40;
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/settings/product',
        payload: { ...draft, name: 'Tapat Instalment Loan 2027', monthlyRateBps: rate },
        headers: { cookie: admin.cookie },
      }),
      201,
    );
    const after = ok(await get(t, undefined, '/api/public/config')) as PublicConfig;
    expect(after.product.monthlyAddOnRateBps).toBe(rate);
    const fresh = text(root(await page('/'))!.inner);
    expect(fresh).toContain(lead(after));
    expect(fresh).not.toContain(lead(before));
  });

  it('writes what an administrator typed as text: a company name cannot open an element', async () => {
    const name = 'Bayanihan <b>Lending</b> & "Sons"';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/company',
      payload: { ...DEMO_COMPANY_PROFILE, social: { ...DEMO_COMPANY_PROFILE.social }, companyName: name },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    // Preact's renderer (decision 034) escapes every `<`, `&` and `"` in text; a `>` stays, as it
    // opens nothing without a `<` (src/web/app/document-title.test.ts checks the renderer itself).
    const escaped = 'Bayanihan &lt;b>Lending&lt;/b> &amp; &quot;Sons&quot;';
    for (const url of ['/about', '/contact', '/']) {
      const html = await page(url);
      const inner = root(html)!.inner;
      // The about page names the company in its text and its footer; the contact form's consent too.
      expect(inner.split(escaped).length - 1, url).toBeGreaterThanOrEqual(url === '/' ? 1 : 2);
      expect(inner).not.toMatch(/<b[\s>]/);
      // Every `<` in the page opens one of the app's own elements or comments, never a name's.
      expect(inner.match(/<(?![a-z]|\/[a-z]|!--)/g), url).toBeNull();
    }
    expect(text(root(await page('/about'))!.inner)).toContain(en.public.about.headline);
  });

  it.each([
    ['/hiw', en.public.hiw.lead],
    ['/about', en.public.about.headline],
    ['/contact', en.public.contact.lead],
    ['/no-such-page', en.public.notFound.heading],
  ])('%s is rendered for its own path', async (url, expected) => {
    const rendered = root(await page(url));
    expect(rendered?.path).toBe(url);
    expect(text(rendered!.inner)).toContain(expected);
  });

  it('renders in the language chosen in the browser (its cookie), English without one or with an unknown one', async () => {
    const html = await page('/', 'tapat.language=fil');
    expect(html).toMatch(/<html lang="fil">/);
    expect(root(html)?.lang).toBe('fil');
    expect(text(root(html)!.inner)).toContain(fil.public.landing.slogan);
    const other = await page('/', 'tapat.language=xx');
    expect(root(other)?.lang).toBe('en');
    expect(text(root(other)!.inner)).toContain(en.public.landing.slogan);
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(text(root(html)!.inner)).toContain(en.public.landing.slogan);
  });

  it('leaves the pages with forms and the signed-in pages to the browser', async () => {
    for (const url of ['/login', '/register', '/dash', '/admin']) {
      const html = await page(url);
      expect(root(html)).toBeNull();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<noscript>');
    }
  });

  it('marks the pages whose islands the browser hydrates alone, each island rendered alone with its own ids (decision 095)', async () => {
    const idsOf = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    for (const url of ['/', '/hiw', '/about', '/no-such-page']) {
      const html = await page(url);
      expect(html.indexOf('<meta name="tapat-islands" content="">'), url).toBeGreaterThan(0);
      expect(html.indexOf('<meta name="tapat-islands"'), url).toBeLessThan(html.indexOf('</head>'));
      const inner = root(html)!.inner;
      expect(inner, url).not.toContain('<!--tapat-island-');
      expect(inner, url).toContain('<div data-island="header" class="contents"><header');
      expect(inner, url).toContain('<div data-island="footer" class="contents"><footer');
      // Each island counts its ids from its name; no id is given twice on the page.
      const ids = idsOf(inner);
      expect(new Set(ids).size, url).toBe(ids.length);
      expect(ids, url).toContain('header-0');
      expect(
        ids.filter((id) => /^P\d+-\d+$/.test(id)),
        url,
      ).toEqual([]);
    }
    const landing = root(await page('/'))!.inner;
    expect(landing).toContain('<div data-island="calculator" class="contents">');
    expect(idsOf(landing)).toEqual(expect.arrayContaining(['calculator-0', 'calculator-1', 'footer-0']));
    // The contact page is hydrated whole (its form is the page): no mark, the islands' wrappers only.
    const contact = await page('/contact');
    expect(contact).not.toContain('tapat-islands');
    expect(root(contact)!.inner).toContain('<div data-island="header" class="contents">');
  });
});
