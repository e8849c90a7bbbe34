import { createElement, Fragment } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { installDocumentTitle, TitleSink } from './document-title';

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
});
