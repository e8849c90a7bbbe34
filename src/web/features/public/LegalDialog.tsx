import { type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { Button } from '../../ui/Button';
import { usePublicConfig } from '../../lib/queries';
import { companyValues } from './facts';
import { QueryState } from './QueryState';

import type { LegalDocument } from './useLegalDialog';
import { useDomId } from '../../ui/dom-id';

/** Every section the specification lists, in order (section 2, "Dialogs opened from the footer"). */
const SECTIONS: Record<LegalDocument, readonly string[]> = {
  terms: [
    'acceptance',
    'loanFacility',
    'facilityManager',
    'disclosure',
    'intellectualProperty',
    'useLicense',
    'misuse',
    'disclaimer',
    'limitations',
    'errata',
    'links',
    'modifications',
    'law',
  ],
  privacy: [
    'eligibility',
    'security',
    'collection',
    'use',
    'sharing',
    'creditBureaus',
    'retention',
    'rights',
    'thirdPartyLinks',
    'socialMedia',
    'changes',
    'dpo',
  ],
};

export interface LegalDialogProps {
  readonly document: LegalDocument;
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * Terms and Conditions or Privacy Policy: a large dialog with a static backdrop that closes only
 * with its OK button. Company details come from the public configuration (invariant 8).
 */
function LegalDialog({ document, open, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      staticBackdrop
      size="xl"
      title={t(`legal.${document}.title`)}
      footer={
        <Button onClick={onClose} className="min-w-28">
          {t('common.ok')}
        </Button>
      }
    >
      {config.data ? (
        <LegalText document={document} values={companyValues(config.data, t('common.appName'))} />
      ) : (
        <QueryState isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()} compact />
      )}
    </Dialog>
  );
}

function LegalText({ document, values }: { readonly document: LegalDocument; readonly values: Record<string, string | number> }) {
  const { t } = useTranslation();
  const prefix = useDomId();
  const sectionId = (name: string) => `${prefix}-${name}`;
  const list = (key: string): string[] => {
    const value: unknown = t(key, { ...values, returnObjects: true });
    return Array.isArray(value) ? value.map(String) : [];
  };
  // A translation says that the English text prevails; English itself has no note.
  const languageNote = t('legal.languageNote');

  const jump = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault();
    const heading = window.document.getElementById(sectionId(name));
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-5 text-sm leading-relaxed text-ink">
      {languageNote && <p className="rounded-md bg-brand-light px-3 py-2 text-brand">{languageNote}</p>}
      <p>{t(`legal.${document}.intro`, values)}</p>
      <nav aria-label={t('legal.contents')} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p className="mb-2 text-xs font-bold tracking-wide text-muted uppercase">{t('legal.contents')}</p>
        <ol className="list-decimal gap-x-8 pl-6 sm:columns-2">
          {SECTIONS[document].map((name) => (
            <li key={name} className="mb-1 break-inside-avoid">
              <a href={`#${sectionId(name)}`} onClick={(event) => jump(event, name)} className="text-brand underline underline-offset-2 hover:no-underline">
                {t(`legal.${document}.sections.${name}.heading`, values)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="flex list-none flex-col gap-5 p-0">
        {SECTIONS[document].map((name, index) => {
          const base = `legal.${document}.sections.${name}`;
          const items = list(`${base}.items`);
          const note = t(`${base}.note`, { ...values, defaultValue: '' });
          return (
            <li key={name}>
              <section aria-labelledby={sectionId(name)} className="flex flex-col gap-2">
                <h3 id={sectionId(name)} tabIndex={-1} className="scroll-mt-2 text-base font-bold text-brand">
                  {index + 1}. {t(`${base}.heading`, values)}
                </h3>
                {list(`${base}.body`).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {items.length > 0 && (
                  <ul className="flex list-disc flex-col gap-1 pl-5">
                    {items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {note && <p>{note}</p>}
              </section>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export default LegalDialog;
