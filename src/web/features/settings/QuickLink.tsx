import type { ReactNode } from 'react';
import { LineIcon } from '../../ui/LineIcon';

/** Icon paths (24 x 24, stroked) of the Settings links. */
const LINK_ICONS = {
  withdrawal: 'M3 7h18v10H3zM3 10h18M7 14h3M16 4l2 3M8 4 6 7',
  contract: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 15h5M10 18h3',
  account: 'M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z',
  password: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3M12 15v2',
  payout: 'M3 10 12 4l9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  transfer: 'M4 8h13l-3-3M20 16H7l3 3',
  pay: 'M3 6h18v12H3zM3 10h18M15 15h3',
  borrow: 'M12 3v18M8 7h6a3 3 0 0 1 0 6H9a3 3 0 0 0 0 6h7',
} as const;

export type LinkIcon = keyof typeof LINK_ICONS;

/** A Settings link that opens a dialog: icon, title and a line of text. */
export function QuickLink({
  icon,
  title,
  text,
  onClick,
}: {
  readonly icon: LinkIcon;
  readonly title: ReactNode;
  readonly text?: ReactNode;
  readonly onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className="flex min-h-16 w-full items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 text-left hover:border-brand hover:bg-brand-light"
    >
      <LineIcon d={LINK_ICONS[icon]} className="h-6 w-6 shrink-0 text-brand" strokeWidth={1.8} />
      <span className="flex flex-col">
        <span className="font-semibold text-ink">{title}</span>
        {text && <span className="text-xs text-muted">{text}</span>}
      </span>
    </button>
  );
}
