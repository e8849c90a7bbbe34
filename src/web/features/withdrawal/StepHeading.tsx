import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a withdrawal step. It takes the focus when the step appears, so a screen reader
 * announces the new step and keyboard users continue from there.
 */
export function StepHeading({ children }: { readonly children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-bold text-brand outline-none sm:text-2xl">
      {children}
    </h2>
  );
}
