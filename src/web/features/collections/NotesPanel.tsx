import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { dateTime } from '../../lib/format';
import { loanNoteRequestSchema, NOTE_MAX } from '../../../shared/schemas/collections';
import { collectionsKeys, type NotesPage } from './queries';

/** A loan's internal notes (staff only, never shown to the borrower), newest first, a page at a time, and the form to add one. */
export function NotesPanel({ loanId, onAdded }: { loanId: string; onAdded: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const notes = useInfiniteQuery<NotesPage, ApiError>({
    queryKey: collectionsKeys.notes(loanId),
    queryFn: ({ pageParam }) => call(collectionsApi.notes, { params: { loanId }, query: { cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = loanNoteRequestSchema.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await call(collectionsApi.addNote, { params: { loanId }, body: checked.data });
      toast.success(t('collections.servicing.notes.added'));
      setBody('');
      await notes.refetch();
      await onAdded();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.body ?? e.message) : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  const items = notes.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('collections.servicing.notes.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2">
        <TextAreaField
          label={t('collections.servicing.notes.body')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={error}
          rows={2}
          maxLength={NOTE_MAX}
        />
        <Button type="submit" variant="outline" className="self-start" busy={busy}>
          {t('collections.servicing.notes.add')}
        </Button>
      </form>
      {notes.isError ? (
        <p role="alert" className="text-sm text-danger">
          {notes.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{notes.isPending ? t('common.loading') : t('collections.servicing.notes.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="notes-list">
          {items.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-2 text-sm">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="text-xs text-muted">{t('collections.servicing.notes.by', { name: n.author.name, at: dateTime(n.at, i18n.language) })}</p>
            </li>
          ))}
        </ul>
      )}
      {notes.hasNextPage && (
        <Button variant="ghost" className="self-start" busy={notes.isFetchingNextPage} onClick={() => void notes.fetchNextPage()}>
          {t('collections.servicing.more')}
        </Button>
      )}
    </div>
  );
}
