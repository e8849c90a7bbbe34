import { useEffect, useState } from 'react';

/** Specification section 9: a revealed value is masked again after 3 seconds. */
export const REVEAL_MS = 3000;

/**
 * A value shown masked but its first 3 characters (specification section 3, "Masking"), with a
 * reveal button that shows it in full for 3 seconds. Without the full value there is no button.
 */
export function RevealValue({
  masked,
  full,
  revealLabel,
  showText,
  hideText,
}: {
  readonly masked: string;
  readonly full: string | null;
  readonly revealLabel: string;
  readonly showText: string;
  readonly hideText: string;
}) {
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    if (!revealed) return;
    const id = setTimeout(() => setRevealed(false), REVEAL_MS);
    return () => clearTimeout(id);
  }, [revealed]);

  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono break-all text-ink" aria-live="polite">
        {revealed && full ? full : masked}
      </span>
      {full && (
        <button
          type="button"
          onClick={() => setRevealed((r) => !r)}
          aria-pressed={revealed}
          aria-label={revealed ? hideText : revealLabel}
          className="min-h-11 rounded-md px-3 text-xs font-semibold text-brand uppercase hover:bg-brand-light"
        >
          {revealed ? hideText : showText}
        </button>
      )}
    </span>
  );
}
