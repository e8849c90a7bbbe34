import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { Toaster } from '../../ui/Toaster';
import { ActivationWizard } from './ActivationWizard';

/**
 * The activation wizard as the dialog /dash hosts (specification section 2). Its backdrop is static
 * (a stray tap must not throw away what the person typed); the close button ('Finish later') closes it,
 * and what was saved stays saved. The toasts are drawn inside the dialog too: a modal dialog sits above the page
 * and makes it inert, so the page's own toast area could be neither seen clearly nor announced.
 */
export function ActivationDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const [activated, setActivated] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={t('member.activate.title')} size="lg" staticBackdrop>
      <Toaster />
      {!activated && (
        // Drawn over the dialog's title bar (the dialog is its positioned ancestor), outside the scrolling body.
        <button
          type="button"
          onClick={onClose}
          aria-label={t('activation.wizard.later')}
          title={t('activation.wizard.later')}
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-md text-muted hover:bg-brand-light hover:text-brand"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      )}
      <ActivationWizard layout="dialog" onFinished={onClose} onActivated={() => setActivated(true)} />
    </Dialog>
  );
}
