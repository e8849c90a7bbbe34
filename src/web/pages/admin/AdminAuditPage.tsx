import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { backofficeApi } from '../../../shared/api/backoffice';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { ListState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditEntry, type AuditResponse } from '../../../shared/schemas/audit';
import { dateTime } from '../../lib/format';
import { AUDIT_FILTERS, auditDetails, auditKeys, auditQuery, auditQueryString } from '../../features/backoffice';

type Filters = Record<(typeof AUDIT_FILTERS)[number], string>;

function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(AUDIT_FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
}

function Subject({ entry }: { readonly entry: AuditEntry }) {
  const { t } = useTranslation();
  const label = t(`backoffice.audit.subjects.${entry.subjectType}`, { defaultValue: entry.subjectType });
  if (entry.subjectType === 'LOAN' && entry.subjectId) {
    return (
      <Link to={`/admin/loans/${entry.subjectId}`} className="font-semibold text-brand underline underline-offset-4">
        {label} {typeof entry.details.loanNumber === 'string' ? entry.details.loanNumber : entry.subjectId.slice(0, 8)}
      </Link>
    );
  }
  return (
    <span>
      {label}
      {entry.subjectId && <span className="block font-mono text-xs break-all text-muted">{entry.subjectId}</span>}
    </span>
  );
}

/** An entry's details, one "label: value" a line. */
function Details({ entry, className = '' }: { readonly entry: AuditEntry; readonly className?: string }) {
  return (
    <ul className={`flex flex-col gap-0.5 text-xs ${className}`}>
      {auditDetails(entry).map(([label, value]) => (
        <li key={label} className="break-words">
          <span className="font-semibold">{label}:</span> {value}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit log (OFFICER and ADMIN): every staff action, newest first, filtered
 * by who, what, subject and Philippine dates; the filters live in the address so a view can be shared.
 */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const log = useInfiniteQuery<AuditResponse, ApiError>({
    queryKey: auditKeys.list(auditQueryString(applied, null)),
    queryFn: ({ pageParam }) => call(backofficeApi.audit, { query: auditQuery(applied, pageParam as string | null) }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const actors = log.data?.pages[0]?.actors ?? [];
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of AUDIT_FILTERS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const clear = () => {
    setDraft(filtersOf(new URLSearchParams()));
    setParams(new URLSearchParams());
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t('backoffice.audit.title')}</h1>
        <p className="text-sm text-muted">{t('backoffice.audit.intro')}</p>
      </div>
      <form
        onSubmit={submit}
        aria-label={t('backoffice.audit.filters')}
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField label={t('backoffice.audit.actor')} value={draft.actor} onChange={set('actor')}>
          <option value="">{t('backoffice.audit.anyActor')}</option>
          {actors.map((a) => (
            <option key={`${a.id}-${a.role}`} value={a.id}>
              {a.name} ({a.role})
            </option>
          ))}
        </SelectField>
        <SelectField label={t('backoffice.audit.action')} value={draft.action} onChange={set('action')}>
          <option value="">{t('backoffice.audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`backoffice.audit.actions.${a}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('backoffice.audit.subjectType')} value={draft.subjectType} onChange={set('subjectType')}>
          <option value="">{t('backoffice.audit.anySubject')}</option>
          {AUDIT_SUBJECT_TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`backoffice.audit.subjects.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('backoffice.audit.subjectId')} value={draft.subjectId} onChange={set('subjectId')} spellCheck={false} autoComplete="off" />
        <TextField label={t('backoffice.audit.from')} type="date" value={draft.from} onChange={set('from')} />
        <TextField label={t('backoffice.audit.to')} type="date" value={draft.to} onChange={set('to')} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('backoffice.audit.apply')}</Button>
          <Button variant="outline" onClick={clear}>
            {t('backoffice.audit.clear')}
          </Button>
        </div>
      </form>

      <ListState query={log} empty={entries.length === 0} emptyText={t('backoffice.audit.empty')} moreText={t('backoffice.audit.more')}>
        {/* Narrow screens: one card per entry; wider ones: the table. */}
        <ul className="flex flex-col gap-3 sm:hidden" aria-label={t('backoffice.audit.title')}>
          {entries.map((e) => (
            <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
              <p className="font-bold">{t(`backoffice.audit.actions.${e.action}`, { defaultValue: e.action })}</p>
              <p className="text-xs text-muted">
                {dateTime(e.at, i18n.language)} · {e.actor.id ? e.actor.name : t('backoffice.audit.commandLine')} ({e.actor.role}) · {e.ip ?? '—'}
              </p>
              <div className="mt-1">
                <Subject entry={e} />
              </div>
              <Details entry={e} className="mt-1" />
            </li>
          ))}
        </ul>
        <Table
          className="hidden sm:block"
          label={t('backoffice.audit.title')}
          minWidth="min-w-[52rem]"
          testId="audit-table"
          columns={(['at', 'actor', 'action', 'subject', 'details', 'ip'] as const).map((c) => ({ label: t(`backoffice.audit.col.${c}`) }))}
        >
          {entries.map((e) => (
            <Row key={e.id} className="align-top">
              <Cell className="whitespace-nowrap">{dateTime(e.at, i18n.language)}</Cell>
              <Cell>
                {e.actor.id ? e.actor.name : t('backoffice.audit.commandLine')}
                <span className="block text-xs text-muted">{e.actor.role}</span>
              </Cell>
              <Cell className="font-semibold">{t(`backoffice.audit.actions.${e.action}`, { defaultValue: e.action })}</Cell>
              <Cell>
                <Subject entry={e} />
              </Cell>
              <Cell>
                <Details entry={e} />
              </Cell>
              <Cell className="font-mono text-xs">{e.ip ?? '—'}</Cell>
            </Row>
          ))}
        </Table>
      </ListState>
    </div>
  );
}
