import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { backofficeApi } from '../../../shared/api/backoffice';
import { queryKeys, useSession } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { formatIsoDate } from '../../lib/format';
import type { ProductListResponse, ProductSummary, ProductDraft } from '../../../shared/schemas/product';
import { ProductDraftForm, ProductVersionForm } from '../../features/backoffice';

const productsKey = ['admin', 'products'] as const;

function Card({ title, children, id }: { readonly title: string; readonly children: ReactNode; readonly id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="mb-2 text-lg font-bold text-brand">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A product's name in the reader's language. */
function nameOf(p: ProductSummary, language: string): string {
  return language.startsWith('fil') ? p.names.fil : p.names.en;
}

function RetireButton({ product, onDone }: { readonly product: ProductSummary; readonly onDone: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = nameOf(product, i18n.language);
  if (product.isDefault || product.status === 'RETIRED') return null;
  const retire = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(backofficeApi.retireProduct, { params: { code: product.code } });
      toast.success(t('backoffice.products.retired', { name }));
      setAsking(false);
      await onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };
  return asking ? (
    <div className="flex flex-col gap-2 rounded-md bg-red-50 p-2" role="group" aria-label={t('backoffice.products.retire', { name })}>
      <p className="text-sm">{t('backoffice.products.retireAsk', { name })}</p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="accent" busy={busy} onClick={() => void retire()}>
          {t('backoffice.products.retireConfirm')}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t('backoffice.products.cancel')}
        </Button>
      </div>
    </div>
  ) : (
    <Button variant="outline" onClick={() => setAsking(true)}>
      {t('backoffice.products.retire', { name })}
    </Button>
  );
}

function ProductTable({
  data,
  editing,
  onEdit,
  onChanged,
}: {
  readonly data: ProductListResponse;
  readonly editing: string | null;
  readonly onEdit: (code: string) => void;
  readonly onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="products-table">
        <caption className="sr-only">{t('backoffice.products.table')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-muted">
            <th scope="col" className="py-2 pr-3">
              {t('backoffice.products.product')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('backoffice.products.status')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('backoffice.products.offered')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('backoffice.products.latest')}
            </th>
            <th scope="col" className="py-2">
              {t('backoffice.products.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.products.map((p) => (
            <tr key={p.code} className="border-b border-slate-100 align-top" data-testid={`product-${p.code}`}>
              <th scope="row" className="py-2 pr-3 font-semibold">
                {nameOf(p, i18n.language)}
                <span className="block text-xs font-normal text-muted">
                  {p.code}
                  {p.isDefault ? ` · ${t('backoffice.products.defaultBadge')}` : ''}
                </span>
              </th>
              <td className="py-2 pr-3">{t(`backoffice.products.statuses.${p.status}`)}</td>
              <td className="py-2 pr-3">{p.offeredVersion ?? t('backoffice.products.none')}</td>
              <td className="py-2 pr-3">{t('backoffice.products.since', { version: p.latestVersion, date: formatIsoDate(p.effectiveFrom, i18n.language) })}</td>
              <td className="flex flex-col gap-2 py-2">
                {p.draft && (
                  <Button variant={editing === p.code ? 'primary' : 'outline'} aria-expanded={editing === p.code} onClick={() => onEdit(p.code)}>
                    {t('backoffice.products.newVersion', { name: nameOf(p, i18n.language) })}
                  </Button>
                )}
                <RetireButton product={p} onDone={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewVersion({ product, onCreated }: { readonly product: ProductSummary; readonly onCreated: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const name = nameOf(product, i18n.language);
  if (!product.draft) return <p className="text-sm text-muted">{t('backoffice.products.noDraft')}</p>;
  return (
    <Card id="product-version" title={t('backoffice.products.newVersionTitle', { name, code: product.code })}>
      <p className="mb-3 text-sm text-muted">{t('backoffice.products.newVersionIntro')}</p>
      <ProductVersionForm
        key={`${product.code}-${product.highestVersion}`}
        code={product.code}
        current={product.draft}
        identity={{ code: product.code, names: product.names, descriptions: product.descriptions }}
        nextVersion={product.highestVersion + 1}
        onCreated={onCreated}
      />
    </Card>
  );
}

/** A new product's starting draft: the default product's terms, with no name of its own. */
function blankDraft(data: ProductListResponse): ProductDraft | null {
  const base = data.products.find((p) => p.isDefault)?.draft ?? data.products.find((p) => p.draft)?.draft;
  if (!base) return null;
  return { ...base, name: '', names: { en: '', fil: '' }, descriptions: { en: '', fil: '' } };
}

function CreateProduct({ data, onCreated }: { readonly data: ProductListResponse; readonly onCreated: () => Promise<void> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = blankDraft(data);
  if (!start) return null;
  return (
    <Card id="product-create" title={t('backoffice.products.createTitle')}>
      <p className="mb-3 text-sm text-muted">{t('backoffice.products.createIntro')}</p>
      <ProductDraftForm
        key={data.products.length}
        askCode
        start={start}
        identity={{ code: '', names: { en: '', fil: '' }, descriptions: { en: '', fil: '' } }}
        nextVersion={1}
        label={t('backoffice.products.createTitle')}
        submitLabel={t('backoffice.products.createSubmit')}
        send={async ({ draft, code }) => {
          const created = await call(backofficeApi.createProduct, {
            body: { code, draft: { ...draft, names: draft.names!, descriptions: draft.descriptions! } },
          });
          toast.success(t('backoffice.products.created', { code: created.code, version: created.version }));
          await queryClient.invalidateQueries({ queryKey: queryKeys.publicConfig });
          await onCreated();
        }}
      />
    </Card>
  );
}

/** Products (ADMIN only): every loan product with its status and versions; create one, offer a new version of any, retire one. */
export default function AdminProductsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const isAdmin = session.data?.role === 'ADMIN';
  const [editing, setEditing] = useState<string | null>(null);
  const products = useQuery<ProductListResponse, ApiError>({
    queryKey: productsKey,
    queryFn: () => call(backofficeApi.products),
    enabled: isAdmin,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: productsKey });
    await queryClient.invalidateQueries({ queryKey: queryKeys.publicConfig });
  };
  const edited = products.data?.products.find((p) => p.code === editing) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.products.title')}</h1>
      {!isAdmin ? (
        <p role="alert" className="text-accent">
          {t('errors.FORBIDDEN')}
        </p>
      ) : products.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : products.isError ? (
        <p role="alert" className="text-accent">
          {products.error.message}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">{t('backoffice.products.intro')}</p>
          <ProductTable data={products.data} editing={editing} onEdit={(code) => setEditing((c) => (c === code ? null : code))} onChanged={refresh} />
          {edited && (
            <NewVersion
              product={edited}
              onCreated={async () => {
                setEditing(null);
                await refresh();
              }}
            />
          )}
          <CreateProduct data={products.data} onCreated={refresh} />
        </>
      )}
    </div>
  );
}
