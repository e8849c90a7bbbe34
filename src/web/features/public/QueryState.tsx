import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { Button } from '../../ui/Button';

export interface QueryStateProps {
  readonly isPending: boolean;
  readonly error: Error | null;
  readonly onRetry: () => void;
  /** Replaces the default error text (the server's message is shown beneath it). */
  readonly errorText?: string;
  readonly compact?: boolean;
}

/**
 * What a section shows while the public configuration loads or when it failed: 'LOADING...' or a
 * message with a retry button. Never a blank area, never made-up figures (invariants 6 and 7).
 */
export function QueryState({ isPending, error, onRetry, errorText, compact = false }: QueryStateProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div role="alert" className={`flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 text-red-900 ${compact ? 'p-3' : 'p-5'}`}>
        <p className="text-sm font-semibold">{errorText ?? t('public.config.error')}</p>
        {error.message && <p className="text-xs">{error.message}</p>}
        <Button variant="outline" onClick={onRetry} className="bg-white">
          {t('public.retry')}
        </Button>
      </div>
    );
  }
  if (isPending) return <Spinner label={t('public.config.loading')} />;
  return null;
}
