import { createElement, Fragment } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { installDocumentTitle, TitleSink, titleElement } from './document-title';

installDocumentTitle();

/** A page as the pages write it: a <title> among its elements. */
const page = (title: unknown) => createElement(Fragment, null, createElement('title', null, title as string), createElement('h1', null, 'Heading'));

describe('document titles on Preact (decision 034)', () => {
  it('renders nothing in place of <title> and hands its text to the server renderer', async () => {
    const seen: string[] = [];
    const html = await renderToStringAsync(createElement(TitleSink.Provider, { value: (text: string) => void seen.push(text) }, page('About Us | Tapat')));
    expect(html).toBe('<h1>Heading</h1>');
    expect(seen).toEqual(['About Us | Tapat']);
  });

  it('joins a title written in several parts, and renders nothing without a sink', async () => {
    const seen: string[] = [];
    const parts = createElement('title', null, 'Page not found', ' | ', 'Tapat');
    const html = await renderToStringAsync(createElement(TitleSink.Provider, { value: (text: string) => void seen.push(text) }, parts));
    expect(html).toBe('');
    expect(seen).toEqual(['Page not found | Tapat']);
    expect(await renderToStringAsync(page('Alone'))).toBe('<h1>Heading</h1>');
  });

  it('leaves other elements alone', async () => {
    expect(await renderToStringAsync(createElement('p', { title: 'a title attribute' }, 'text'))).toBe('<p title="a title attribute">text</p>');
  });

  it("writes the title's text escaped: no element can open in the head", () => {
    expect(titleElement('About Us | Tapat')).toBe('<title>About Us | Tapat</title>');
    expect(titleElement('</title><script>alert(1)</script> & "x"')).toBe('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; "x"</title>');
  });
});

/**
 * The public pages' server renderer is preact-render-to-string (decision 034). Text from the
 * configuration (a company name, an address, an e-mail) must never become markup: in text every `<`,
 * `&` and `"` is escaped (a `>` stays: without a `<` it opens nothing), in an attribute every `"`,
 * `&` and `<`, so a value can neither close its attribute nor open an element.
 */
describe("the server renderer's escaping (decision 034)", () => {
  const hostile = `Bayanihan <b>Lending</b> & "Sons" 'n' <script>alert(1)</script>`;

  it('text', async () => {
    expect(await renderToStringAsync(createElement('p', null, hostile))).toBe(
      `<p>Bayanihan &lt;b>Lending&lt;/b> &amp; &quot;Sons&quot; 'n' &lt;script>alert(1)&lt;/script></p>`,
    );
  });

  it('attributes', async () => {
    const html = await renderToStringAsync(
      createElement('a', { href: `https://example.com/?a=1&b="2"`, title: hostile, 'aria-label': '" onmouseover="alert(1)' }, 'x'),
    );
    expect(html).toBe(
      `<a href="https://example.com/?a=1&amp;b=&quot;2&quot;" title="Bayanihan &lt;b>Lending&lt;/b> &amp; &quot;Sons&quot; 'n' &lt;script>alert(1)&lt;/script>" aria-label="&quot; onmouseover=&quot;alert(1)">x</a>`,
    );
  });

  it('a component tree, as the pages pass values through it', async () => {
    const Company = ({ name }: { readonly name: string }) => createElement('h2', { 'data-name': name }, name, createElement('span', null, 'DEMO'));
    const html = await renderToStringAsync(createElement(Company, { name: hostile }));
    // The only elements are the component's own.
    expect(html.match(/<[a-z][^\s>]*/g)).toEqual(['<h2', '<span']);
  });
});
