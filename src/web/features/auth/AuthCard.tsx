import type { ReactNode, Ref } from 'react';

/**
 * The frame of the sign-in, registration and recovery pages: one centred card, full width on a
 * phone. It sits inside PublicLayout's <main>.
 */
export function AuthCard({
  title,
  titleRef,
  intro,
  children,
  footer,
}: {
  readonly title: ReactNode;
  readonly titleRef?: Ref<HTMLHeadingElement>;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
}) {
  return (
    <div className="px-3 py-6 sm:px-4 sm:py-10">
      <div className={`mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8`}>
        <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold text-brand focus:outline-none">
          {title}
        </h1>
        {intro && <div className="mt-2 text-sm text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-ink">{footer}</div>}
      </div>
    </div>
  );
}
