import { createContext, useContext, useId, useState } from 'react';

/**
 * Where ids are counted: a part of a page hydrated on its own (an island, src/web/app/islands) counts
 * its ids from its own name, so the server, rendering the island alone, and the browser, hydrating it
 * alone, give the same ids, and two islands never give the same one.
 */
export interface IdScope {
  readonly prefix: string;
  next: number;
}

export const IdScopeContext = createContext<IdScope | null>(null);

/** A fresh scope for an island's render (one per render on the server, one per mount in the browser). */
export function idScope(prefix: string): IdScope {
  return { prefix, next: 0 };
}

/**
 * An id for an element of this component (a label's target, an aria reference): inside an island,
 * its name and the order this component first rendered in (`calculator-3`); elsewhere Preact's
 * useId. Taken once per mounted component, as useId is.
 */
export function useDomId(): string {
  const fallback = useId();
  const scope = useContext(IdScopeContext);
  const [id] = useState(() => (scope ? `${scope.prefix}-${scope.next++}` : fallback));
  return id;
}
