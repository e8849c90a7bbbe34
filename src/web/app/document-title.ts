import { createContext, options, type ComponentChildren, type VNode } from 'preact';
import { useContext, useEffect } from 'preact/hooks';

/**
 * A page's `<title>` on Preact (decision 034). The pages render `<title>` where they are, as React 19
 * allows: React moves it into the document's head, Preact would leave it in the body, where the
 * browser ignores it. Here every `title` element becomes a component that renders nothing in place:
 * in the browser it sets `document.title` (and puts back the one before when the page goes); on the
 * server it hands its text to the renderer (src/web/entry-server.tsx), which writes `<title>` first
 * in its output, where the server's shell takes it into the head (src/server/http/web-shell.ts).
 * Server and browser render the same nothing in place, so hydration matches.
 */
export const TitleSink = createContext<((title: string) => void) | null>(null);

function text(children: ComponentChildren): string {
  if (children === null || children === undefined || typeof children === 'boolean') return '';
  if (Array.isArray(children)) return children.map(text).join('');
  if (typeof children === 'object') return '';
  return String(children);
}

function DocumentTitle({ children }: { readonly children?: ComponentChildren }) {
  const title = text(children);
  const sink = useContext(TitleSink);
  if (sink) sink(title);
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = before;
    };
  }, [title]);
  return null;
}

let installed = false;
/** Turns every `<title>` element into DocumentTitle; once, before the first render. */
export function installDocumentTitle(): void {
  if (installed) return;
  installed = true;
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'title') (vnode as { type: unknown }).type = DocumentTitle;
    previous?.(vnode);
  };
}

/** The page's `<title>` as the server writes it: its text escaped, so no `<` can open an element and no `&` start an entity. */
export function titleElement(title: string): string {
  return `<title>${title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</title>`;
}
