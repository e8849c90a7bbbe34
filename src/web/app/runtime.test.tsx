import * as compat from 'preact/compat';
import * as compatClient from 'preact/compat/client';
import * as compatServer from 'preact/compat/server';
import * as compatJsx from 'preact/compat/jsx-runtime';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactDomServer from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
import { describe, expect, it } from 'vitest';

/**
 * Decision 034: the app's code runs on Preact wherever it runs. The Vitest projects resolve React's
 * names as `npm run dev` and the build do (PREACT_ALIASES in vite.config.ts), so a component test
 * renders with the runtime borrowers get, not with React.
 */
describe('the runtime the tests render with', () => {
  it("is Preact behind React's names", () => {
    expect(react.createElement).toBe(compat.createElement);
    expect(react.useState).toBe(compat.useState);
    expect(reactDom.createPortal).toBe(compat.createPortal);
    expect(reactDomClient.hydrateRoot).toBe(compatClient.hydrateRoot);
    expect(reactDomServer.renderToStaticMarkup).toBe(compatServer.renderToStaticMarkup);
    expect(jsxRuntime.jsx).toBe(compatJsx.jsx);
  });

  it('and JSX in a test file is compiled to it', () => {
    // A Preact element: React's inherit Object's constructor; Preact marks each of its own with a non-function one.
    const element = (<p>x</p>) as unknown as Record<string, unknown>;
    expect(Object.hasOwn(element, 'constructor')).toBe(true);
    expect(typeof element.constructor).not.toBe('function');
    expect(reactDomServer.renderToStaticMarkup(<p title={'"'}>{'<&'}</p>)).toBe('<p title="&quot;">&lt;&amp;</p>');
  });
});
