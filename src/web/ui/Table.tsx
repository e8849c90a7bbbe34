import type { ReactNode } from 'react';

export interface TableColumn {
  readonly label: ReactNode;
  /** Amounts and counts are right-aligned. */
  readonly align?: 'left' | 'right';
}

/**
 * The back office's table: a labelled region that scrolls sideways on a narrow screen (reachable
 * by keyboard), a grey header row and thin row lines. `minWidth` is a Tailwind class written out
 * by the caller (e.g. 'min-w-[44rem]'), so the build sees it.
 */
export function Table({
  label,
  columns,
  minWidth,
  testId,
  children,
}: {
  readonly label: string;
  readonly columns: readonly TableColumn[];
  readonly minWidth: string;
  readonly testId?: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" role="region" aria-label={label} tabIndex={0}>
      <table className={`w-full ${minWidth} text-left text-sm`} data-testid={testId}>
        <thead className="border-b border-slate-200 bg-slate-50 text-muted">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={`px-3 py-2 ${column.align === 'right' ? 'text-right' : ''}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A body row of a Table. */
export function Row({ children, className = '', testId }: { readonly children: ReactNode; readonly className?: string; readonly testId?: string }) {
  return (
    <tr className={`border-b border-slate-100 ${className}`} data-testid={testId}>
      {children}
    </tr>
  );
}

/** A body cell of a Table: `align="right"` for amounts and counts. */
export function Cell({ children, align, className = '' }: { readonly children?: ReactNode; readonly align?: 'left' | 'right'; readonly className?: string }) {
  return <td className={`px-3 py-2 ${align === 'right' ? 'text-right tabular-nums' : ''} ${className}`}>{children}</td>;
}
