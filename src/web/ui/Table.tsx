import { createContext, useContext, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';

export interface TableColumn {
  readonly label: ReactNode;
  /** Amounts and counts are right-aligned. */
  readonly align?: 'left' | 'right';
}

export interface TableProps {
  /** The table's name: the scrolling region's label, and the caption's text unless `caption` is given. */
  readonly label: string;
  readonly columns: readonly TableColumn[];
  /**
   * A Tailwind class written out by the caller (e.g. 'min-w-[44rem]'), so the build sees it: below
   * that width the table scrolls sideways inside its own box. None: the table fits its box.
   */
  readonly minWidth?: string;
  /** A visible caption; without it the caption is `label`, for screen readers only. */
  readonly caption?: ReactNode;
  /** 'boxed' (the default): a white box of its own; 'plain': rows only, inside a Card. */
  readonly look?: 'boxed' | 'plain';
  /** When true the body is one row with `emptyText` across every column. */
  readonly empty?: boolean;
  readonly emptyText?: string;
  readonly testId?: string;
  /** Added to the scrolling box (e.g. 'hidden sm:block' where narrow screens get cards instead). */
  readonly className?: string;
  readonly children?: ReactNode;
}

type Look = NonNullable<TableProps['look']>;

const BOX: Record<Look, { readonly frame: string; readonly head: string; readonly cell: string }> = {
  boxed: { frame: 'rounded-xl border border-slate-200 bg-white shadow-sm', head: 'border-b border-slate-200 bg-slate-50', cell: 'px-3 py-2' },
  plain: { frame: '', head: '', cell: 'px-2 py-1' },
};

/** The look of the table a Cell stands in. */
const LookContext = createContext<Look>('boxed');

/**
 * The back office's table: a labelled region that scrolls sideways inside its own box on a narrow
 * screen (reachable by keyboard), a caption, column headers with their scope, amounts right-aligned
 * and, when there is nothing to list, one row that says so.
 */
export function Table({ label, columns, minWidth = '', caption, look = 'boxed', empty = false, emptyText, testId, className = '', children }: TableProps) {
  const box = BOX[look];
  return (
    <div className={`overflow-x-auto ${box.frame} ${className}`} role="region" aria-label={label} tabIndex={0}>
      <table className={`w-full ${minWidth} text-left text-sm`} data-testid={testId}>
        <caption className={caption ? 'px-3 py-2 text-left font-semibold text-brand' : 'sr-only'}>{caption ?? label}</caption>
        <thead className={`${box.head} text-muted`}>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={`${box.cell} ${column.align === 'right' ? 'text-right' : ''}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <LookContext.Provider value={look}>
            {empty ? (
              <tr>
                <td colSpan={columns.length} className={`${box.cell} text-muted`}>
                  {emptyText}
                </td>
              </tr>
            ) : (
              children
            )}
          </LookContext.Provider>
        </tbody>
      </table>
    </div>
  );
}

export interface RowProps extends HTMLAttributes<HTMLTableRowElement> {
  readonly testId?: string;
}

/** A body row of a Table; other attributes (data-*) pass through. */
export function Row({ children, className = '', testId, ...rest }: RowProps) {
  return (
    <tr className={`border-b border-slate-100 last:border-0 ${className}`} data-testid={testId} {...rest}>
      {children}
    </tr>
  );
}

export interface CellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** 'right' for amounts and counts (tabular figures). */
  readonly align?: 'left' | 'right';
}

/** A body cell of a Table: `align="right"` for amounts and counts. */
export function Cell({ children, align, className = '', ...rest }: CellProps) {
  const look = useContext(LookContext);
  return (
    <td className={`${BOX[look].cell} ${align === 'right' ? 'text-right tabular-nums' : ''} ${className}`} {...rest}>
      {children}
    </td>
  );
}
