import { Button } from './Button';

export interface LoadErrorProps {
  /** What could not be loaded, in plain words (omit when the detail says it all). */
  readonly title?: string;
  /** The server's or the client's message ('No Server Response', ...). */
  readonly detail?: string | undefined;
  readonly retryLabel: string;
  readonly onRetry: () => void;
  readonly compact?: boolean;
}

/**
 * A failed load, said plainly, with a retry button: never a blank area or made-up figures in its
 * place (DECISIONS.md invariant 7).
 */
export function LoadError({ title, detail, retryLabel, onRetry, compact = false }: LoadErrorProps) {
  return (
    <div role="alert" className={`flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 text-red-900 ${compact ? 'p-3' : 'p-4'}`}>
      {title && <p className="font-semibold">{title}</p>}
      {detail && <p className="text-sm">{detail}</p>}
      <Button variant="outline" className="bg-white" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
