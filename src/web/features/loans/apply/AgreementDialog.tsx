import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** The 'Service and Policy Agreement': read and agreed to before applying. */
export function AgreementDialog({ open, onClose, onAgree }: { readonly open: boolean; readonly onClose: () => void; readonly onAgree: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      staticBackdrop
      size="lg"
      title={t('loans.agreement.title')}
      footer={
        <Button variant="accent" onClick={onAgree}>
          {t('loans.agreement.agree')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {(['p1', 'p2', 'p3', 'p4', 'p5'] as const).map((p) => (
          <p key={p}>{t(`loans.agreement.paragraphs.${p}`)}</p>
        ))}
      </div>
    </Dialog>
  );
}
