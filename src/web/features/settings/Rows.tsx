import type { ReactNode } from 'react';

/** Label and value pairs, stacked on a phone and in two columns from the small breakpoint up. */
export function Rows({ rows }: { readonly rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 sm:grid-cols-[12rem_1fr] sm:gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-muted sm:pt-0.5">{label}</dt>
          <dd className="mb-3 break-words text-ink sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
