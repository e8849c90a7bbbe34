import { createContext, useContext, useState, type ReactNode } from 'react';
import { IdScopeContext, idScope } from '../../ui/dom-id';

/** The parts of a public page that the browser hydrates on their own (decision 095), by name. */
export type IslandName = 'header' | 'calculator' | 'footer';

/**
 * Given on the server while it renders a page whose islands the browser hydrates alone
 * (src/web/entry-server.tsx): renders one island as a page of its own and answers its HTML.
 */
export const IslandRendererContext = createContext<((name: IslandName, island: ReactNode) => string) | null>(null);

/**
 * A part of a public page that works on its own: the top bar, the calculator, the footer. On a page
 * the server marked for islands, the browser hydrates only these (src/web/app/islands/hydrate.tsx),
 * each in a task of its own, and the rest of the page stays the server's HTML; everywhere else (the
 * app rendering the page itself, a page hydrated whole) it is its children in a wrapper that takes
 * no room (`display: contents`). Either way its ids are counted from its name (src/web/ui/dom-id.ts),
 * so the server's page, the hydrated one and the app's own are the same page.
 */
export function Island({ name, children }: { readonly name: IslandName; readonly children: ReactNode }) {
  const renderAlone = useContext(IslandRendererContext);
  const [scope] = useState(() => idScope(name));
  if (renderAlone) return <div data-island={name} className="contents" dangerouslySetInnerHTML={{ __html: renderAlone(name, children) }} />;
  return (
    <div data-island={name} className="contents">
      <IdScopeContext.Provider value={scope}>{children}</IdScopeContext.Provider>
    </div>
  );
}
