import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { IdScopeContext, idScope, useDomId } from './dom-id';

function Labelled({ text }: { readonly text: string }) {
  const id = useDomId();
  return (
    <p>
      <label htmlFor={id}>{text}</label>
      <input id={id} />
    </p>
  );
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);

describe('useDomId (decision 095)', () => {
  it('inside a scope: the scope name and the order of first render, the same on every render of the same tree', () => {
    const island = (
      <IdScopeContext.Provider value={idScope('calculator')}>
        <Labelled text="a" />
        <Labelled text="b" />
      </IdScopeContext.Provider>
    );
    const once = renderToString(island);
    expect(ids(once)).toEqual(['calculator-0', 'calculator-1']);
    expect(once).toContain('for="calculator-1"');
    // A fresh scope (another render of the island alone, as the browser's hydration) gives the same ids.
    expect(
      renderToString(
        <IdScopeContext.Provider value={idScope('calculator')}>
          <Labelled text="a" />
          <Labelled text="b" />
        </IdScopeContext.Provider>,
      ),
    ).toBe(once);
  });

  it('two islands rendered alone never give the same id; outside a scope the ids are Preact’s', () => {
    const header = renderToString(
      <IdScopeContext.Provider value={idScope('header')}>
        <Labelled text="h" />
      </IdScopeContext.Provider>,
    );
    const footer = renderToString(
      <IdScopeContext.Provider value={idScope('footer')}>
        <Labelled text="f" />
      </IdScopeContext.Provider>,
    );
    expect([...ids(header), ...ids(footer)]).toEqual(['header-0', 'footer-0']);
    expect(ids(renderToString(<Labelled text="x" />))[0]).toMatch(/^P\d+-\d+$/);
  });
});
