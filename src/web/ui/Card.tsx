import type { ReactNode } from 'react';

/** A titled white panel: the back office's sections and the member area's boxes. */
export function Card({ title, children, className = '' }: { readonly title?: ReactNode; readonly children: ReactNode; readonly className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title && <h2 className="mb-2 font-bold text-brand">{title}</h2>}
      {children}
    </section>
  );
}

/** One label and its value in a definition list (`<dl>`) inside a card. */
export function Item({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}
