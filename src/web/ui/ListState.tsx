import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { LoadError } from './LoadError';
import { Spinner } from './Spinner';

/** What ListState reads of a query (TanStack Query's useQuery or useInfiniteQuery result fits). */
export interface ListQuery {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: { readonly message: string } | null;
  readonly refetch: () => unknown;
  /** A paged list: "Show more" appears while the server has a next page. */
  readonly hasNextPage?: boolean;
  readonly isFetchingNextPage?: boolean;
  readonly fetchNextPage?: () => unknown;
}

export interface LoadStateProps {
  readonly query: ListQuery;
  /** The spinner's name; the catalogue's LOADING... by default. */
  readonly loadingText?: string | undefined;
  /** What could not be loaded (the server's message is shown beneath it); the message alone by default. */
  readonly errorTitle?: string | undefined;
  /** The retry button; the catalogue's "Try again" by default. */
  readonly retryText?: string | undefined;
  readonly compact?: boolean | undefined;
}

/**
 * A query still loading (a spinner with an accessible name) or failed (said plainly, with a retry
 * button: never a blank area, DECISIONS.md invariant 7); nothing once it has its data.
 */
export function LoadState({ query, loadingText, errorTitle, retryText, compact = false }: LoadStateProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={loadingText ?? t('common.loading')} />;
  if (!query.isError) return null;
  const message = query.error?.message ?? t('errors.NO_SERVER_RESPONSE');
  return (
    <LoadError
      title={errorTitle ?? message}
      detail={errorTitle ? message : undefined}
      retryLabel={retryText ?? t('common.retry')}
      onRetry={() => void query.refetch()}
      compact={compact}
    />
  );
}

export interface ListStateProps extends LoadStateProps {
  /** Nothing to list once loaded (the caller counts: a list filtered on the page is empty too). */
  readonly empty: boolean;
  /** The empty text, from the catalogue. */
  readonly emptyText: string;
  /** The next page's button; the catalogue's "Show more" by default. */
  readonly moreText?: string;
  /** The list itself, shown once loaded and not empty. */
  readonly children: ReactNode;
}

/**
 * The one loading / failed / empty frame of a list in the app: LoadState while it loads or after
 * it failed, then the empty text or the list and, for a paged one, "Show more".
 */
export function ListState({ query, empty, emptyText, moreText, children, ...load }: ListStateProps) {
  const { t } = useTranslation();
  if (query.isPending || query.isError) return <LoadState query={query} {...load} />;
  return (
    <>
      {empty ? <p className={`text-muted ${load.compact ? 'text-sm' : ''}`}>{emptyText}</p> : children}
      {query.hasNextPage && query.fetchNextPage && (
        <Button variant="outline" className="self-start" busy={query.isFetchingNextPage ?? false} onClick={() => void query.fetchNextPage?.()}>
          {moreText ?? t('common.showMore')}
        </Button>
      )}
    </>
  );
}
