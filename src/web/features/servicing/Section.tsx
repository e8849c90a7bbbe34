import { type ReactNode } from 'react';
import { useDomId } from '../../ui/dom-id';

/** A titled card of the loan page. */
export function Section({ title, children, testId }: { readonly title: string; readonly children: ReactNode; readonly testId?: string }) {
  const id = useDomId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid={testId}>
      <h2 id={id} className="text-lg font-bold text-brand">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
