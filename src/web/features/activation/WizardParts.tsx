import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { ACTIVATION_STEPS, type ActivationStep } from '../../../shared/states/account';
import { showMessage } from './serverErrors';

/**
 * The wizard's progress header (specification section 2): the five steps, the ones done, the
 * current one (aria-current="step") and "Step n of 5".
 */
export function ProgressHeader({ step, reached }: { readonly step: ActivationStep | 'done'; readonly reached: number }) {
  const { t } = useTranslation();
  const current = step === 'done' ? ACTIVATION_STEPS.length : ACTIVATION_STEPS.indexOf(step);
  return (
    <ol aria-label={t('activation.wizard.progressLabel')} className="grid grid-cols-5 gap-1 sm:gap-2">
      {ACTIVATION_STEPS.map((key, index) => {
        const state = index === current ? 'current' : index < reached || index < current ? 'done' : 'todo';
        return (
          <li key={key} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
            <span
              className={`flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-bold ${
                state === 'current'
                  ? 'border-accent bg-accent text-white'
                  : state === 'done'
                    ? 'border-brand bg-brand text-white'
                    : 'border-slate-400 bg-white text-muted'
              }`}
              aria-hidden="true"
            >
              {state === 'done' ? (
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <span className={`sr-only text-xs leading-tight sm:not-sr-only ${state === 'current' ? 'font-semibold text-ink' : 'text-muted'}`}>
              {t(`activation.steps.${key}`)}
              {state === 'done' && <span className="sr-only"> ({t('activation.wizard.stepDone')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A refusal that belongs to no field: shown above the buttons until the next try. */
export function FormError({ message }: { readonly message: string | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {showMessage(t, message)}
    </p>
  );
}

/** Where the wizard is drawn: in the /dash dialog the buttons stay in sight at its bottom edge. */
export const WizardLayout = createContext<'dialog' | 'page'>('page');

/** Back (from step 2 on) and Continue, or Finish on step 5. */
export function StepActions({
  step,
  onBack,
  submitting,
  disabled = false,
}: {
  readonly step: ActivationStep;
  readonly onBack?: (() => void) | undefined;
  readonly submitting: boolean;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  const last = step === 'bank';
  const layout = useContext(WizardLayout);
  const place = layout === 'dialog' ? 'sticky -bottom-4 z-10 -mx-5 -mb-4 bg-white px-5 pt-3 pb-4 shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.25)]' : 'pt-4';
  return (
    <div className={`mt-2 flex flex-row-reverse justify-between gap-2 border-t border-slate-200 ${place}`}>
      <Button type="submit" variant="accent" busy={submitting} disabled={disabled} className="min-w-32 flex-1 sm:flex-none sm:min-w-40">
        {last ? t('activation.wizard.finish') : t('activation.wizard.continue')}
      </Button>
      {onBack && (
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          {t('activation.wizard.back')}
        </Button>
      )}
    </div>
  );
}
