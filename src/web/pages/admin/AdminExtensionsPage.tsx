import { useTranslation } from 'react-i18next';
import { ExtensionReview } from '../../features/backoffice';

/**
 * The back office's extension queue (OFFICER and ADMIN; docs/decisions/062): every loan's extension
 * requests, open ones oldest first, each linking to its loan's servicing page and application. The
 * menu shows how many wait for a decision.
 */
export default function AdminExtensionsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.nav.extensions')}</h1>
      <p className="text-sm text-muted">{t('extensions.review.pageIntro')}</p>
      <ExtensionReview />
    </div>
  );
}
