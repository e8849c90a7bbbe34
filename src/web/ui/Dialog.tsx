import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { useDomId } from './dom-id';

/**
 * A modal dialog on the native <dialog> element (focus trap, inert background and top layer come
 * from the browser; no injected styles, so the strict CSP holds). `static` dialogs (the
 * specification's Terms, Privacy and agreement dialogs) ignore Escape and backdrop clicks and close
 * only through their own buttons.
 */
export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** A dialog that is only read: its footer is one outlined button with this text that closes it. */
  readonly closeText?: string;
  readonly staticBackdrop?: boolean;
  readonly size?: 'md' | 'lg' | 'xl';
}

const SIZES = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Whether the body scrolls with nothing in it a keyboard can reach (a statement or an agreement on
 * a phone): then the body itself takes a place in the tab order, so that the arrow keys scroll it
 * (axe: scrollable-region-focusable). Checked again whenever the body or its content changes size.
 */
function useScrollsWithoutFocus(open: boolean) {
  const body = useRef<HTMLDivElement>(null);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const el = body.current;
    if (!open || !el) return;
    // An element not displayed (the statement's table on a phone) has no box and takes no focus.
    const reachable = () => Array.from(el.querySelectorAll(FOCUSABLE)).some((e) => e.getClientRects().length > 0);
    const check = () => setNeeded(el.scrollHeight > el.clientHeight && !reachable());
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [open]);
  return { body, needed };
}

export function Dialog({ open, onClose, title, children, footer: given, closeText, staticBackdrop = false, size = 'md' }: DialogProps) {
  const footer =
    given ??
    (closeText !== undefined && (
      <Button variant="outline" onClick={onClose}>
        {closeText}
      </Button>
    ));
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useDomId();
  const scroll = useScrollsWithoutFocus(open);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!staticBackdrop) onClose();
      }}
      onClick={(event) => {
        if (!staticBackdrop && event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${SIZES[size]} max-h-[90vh] rounded-xl bg-white p-0 text-ink shadow-2xl`}
    >
      {open && (
        <div className="flex max-h-[90vh] flex-col">
          <h2 id={titleId} className="border-b border-slate-200 px-5 py-4 text-lg font-bold text-brand">
            {title}
          </h2>
          <div ref={scroll.body} className="overflow-y-auto px-5 py-4" {...(scroll.needed ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}>
            {children}
          </div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
