import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { backofficeApi } from '../../../shared/api/backoffice';
import { queryKeys } from '../../lib/queries';
import { toast } from '../../ui/toast';
import { DEFAULT_PRODUCT_IDENTITY, type ProductIdentity } from '../../../shared/loan/draft';
import type { ProductDraft } from '../../../shared/schemas/product';
import { ProductDraftForm } from './ProductDraftForm';

/**
 * A new version of a product (ADMIN), starting from its latest version: the form is the draft
 * schema's (ProductDraftForm), checked here against every cap and again by the server, which
 * numbers the version. Without `code`, the default product (the settings page's form).
 */
export function ProductVersionForm({
  current,
  onCreated,
  code,
  identity = DEFAULT_PRODUCT_IDENTITY,
  nextVersion,
}: {
  readonly current: ProductDraft;
  readonly onCreated: () => Promise<void>;
  readonly code?: string;
  readonly identity?: ProductIdentity;
  /** The number the server will give the version (the checks' version); the default: one after a first. */
  readonly nextVersion?: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ProductDraftForm
      start={current}
      identity={identity}
      nextVersion={nextVersion ?? 2}
      label={t('backoffice.settings.productForm.title')}
      submitLabel={t('backoffice.settings.productForm.submit')}
      send={async ({ draft }) => {
        const created = code ? await call(backofficeApi.productVersion, { params: { code }, body: draft }) : await call(backofficeApi.product, { body: draft });
        toast.success(t('backoffice.settings.productForm.created', { version: created.version }));
        await queryClient.invalidateQueries({ queryKey: queryKeys.publicConfig });
        await onCreated();
      }}
    />
  );
}
