import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';

/** The signed contract and disclosure statement of the loan, as PDF. */
export function DocumentLinks({ documents }: { readonly documents: NonNullable<ServicingDto['documents']> }) {
  const { t } = useTranslation();
  const link = 'min-h-11 content-center font-semibold text-brand underline underline-offset-4';
  return (
    <div className="flex flex-col gap-1 text-sm">
      <a className={link} href={documents.contractUrl} download>
        {t('servicing.documents.contract')}
      </a>
      <a className={link} href={documents.disclosureUrl} download>
        {t('servicing.documents.disclosure')}
      </a>
    </div>
  );
}
