import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { DisclosureDto } from '../../../../shared/schemas/loans';
import { DisclosureView } from '../DisclosureView';

/** The Disclosure Statement of the quote, read before confirming. */
export function DisclosureDialog({
  disclosure,
  open,
  onClose,
  onContinue,
}: {
  readonly disclosure: DisclosureDto | null;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open && disclosure !== null}
      onClose={onClose}
      size="xl"
      title={t('loans.disclosure.title')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('loans.disclosure.cancel')}
          </Button>
          <Button variant="accent" onClick={onContinue}>
            {t('loans.disclosure.continue')}
          </Button>
        </>
      }
    >
      {disclosure && <DisclosureView disclosure={disclosure} />}
    </Dialog>
  );
}
