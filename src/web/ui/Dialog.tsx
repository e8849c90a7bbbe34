import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

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
  /**
   * A long text to read with nothing to focus in it (a statement on a phone): the body itself takes
   * the focus, first, so that a keyboard scrolls it (axe: scrollable-region-focusable).
   */
  readonly readingBody?: boolean;
}

const SIZES = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export function Dialog({ open, onClose, title, children, footer: given, closeText, staticBackdrop = false, size = 'md', readingBody = false }: DialogProps) {
  const footer =
    given ??
    (closeText !== undefined && (
      <Button variant="outline" onClick={onClose}>
        {closeText}
      </Button>
    ));
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
          {readingBody ? (
            <div className="overflow-y-auto px-5 py-4" tabIndex={0} role="region" aria-labelledby={titleId}>
              {children}
            </div>
          ) : (
            <div className="overflow-y-auto px-5 py-4">{children}</div>
          )}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
