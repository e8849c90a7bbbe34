import type { ReactNode } from 'react';

/**
 * An outlined icon on a 24-unit grid drawn in the text colour, hidden from assistive technology
 * (the text beside it says what it means): `d` for one path, or the shapes as children.
 */
export function LineIcon({
  d,
  className = 'h-6 w-6',
  strokeWidth = 2,
  children,
  testName,
}: {
  readonly d?: string;
  readonly className?: string;
  readonly strokeWidth?: number;
  readonly children?: ReactNode;
  /** Written as data-icon, for tests. */
  readonly testName?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={testName}
    >
      {d !== undefined && <path d={d} />}
      {children}
    </svg>
  );
}
