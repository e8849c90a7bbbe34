import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'warning' | 'error';

const TONE: Record<NoticeTone, string> = {
  info: 'bg-brand-light text-ink',
  warning: 'bg-amber-50 text-warning',
  error: 'bg-red-50 text-accent',
};

/**
 * A banner in a screen or a dialog: info and warning are notes (role="note"), an error is read out
 * at once (role="alert"), unless `role` says otherwise (a standing refusal in red is a note).
 * `strong` sets the text in bold, as the refusals and blocks are.
 */
export function Notice({
  tone,
  children,
  strong = false,
  className = '',
  testId,
  role,
}: {
  readonly tone: NoticeTone;
  readonly children: ReactNode;
  readonly strong?: boolean;
  readonly className?: string;
  readonly testId?: string;
  readonly role?: 'note' | 'alert' | 'status';
}) {
  return (
    <p
      role={role ?? (tone === 'error' ? 'alert' : 'note')}
      className={`rounded-md p-3 text-sm ${strong ? 'font-semibold' : ''} ${TONE[tone]} ${className}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
