import { lazy, Suspense, useState } from 'react';
import { loadLegalTexts } from '../../app/i18n';

export type LegalDocument = 'terms' | 'privacy';

// The legal dialogs load on first use: they are not part of the landing page's initial JavaScript.
const LegalDialog = lazy(() => Promise.all([import('./LegalDialog'), loadLegalTexts()]).then(([module]) => module));

/**
 * State and element for the links that open the Terms and Conditions or the Privacy Policy (footer,
 * contact page). Once opened, the dialog stays mounted so closing it returns focus where it was.
 */
export function useLegalDialog() {
  const [open, setOpen] = useState(false);
  const [document, setDocument] = useState<LegalDocument | null>(null);
  const show = (next: LegalDocument) => {
    setDocument(next);
    setOpen(true);
  };
  const dialog = document ? (
    <Suspense fallback={null}>
      <LegalDialog document={document} open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { open: show, dialog } as const;
}
