import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from '../../ui/LoadError';

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
      <LoadError title={errorText ?? t('public.config.error')} detail={error.message} retryLabel={t('public.retry')} onRetry={onRetry} compact={compact} />
    );
  }
  if (isPending) return <Spinner label={t('public.config.loading')} />;
  return null;
}
