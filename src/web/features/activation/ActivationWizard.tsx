import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { ACTIVATION_STEPS, currentStep, isActivated, type AccountState, type ActivationStep } from '../../../shared/states/account';
import { useTimers } from '../../lib/useTimers';
import { useActivation } from './queries';
import { AddressStep } from './steps/AddressStep';
import { BankStep } from './steps/BankStep';
import { IdentityStep } from './steps/IdentityStep';
import { PersonalStep } from './steps/PersonalStep';
import { ReferencesStep } from './steps/ReferencesStep';
import type { Drafts, StepProps } from './steps/types';
import { WIZARD_TOAST } from './useStepSave';
import { ProgressHeader, WizardLayout } from './WizardParts';
import { LoadError } from '../../ui/LoadError';

/** Specification section 9: the success stage closes the wizard after 5 seconds. */
const WIZARD_CLOSE_MS = 5000;

const STEP_COMPONENTS: Record<ActivationStep, ComponentType<StepProps>> = {
  personal: PersonalStep,
  address: AddressStep,
  references: ReferencesStep,
  identity: IdentityStep,
  bank: BankStep,
};

export interface ActivationWizardProps {
  /** 'dialog' on /dash (headings under the dialog's title), 'page' inline on /activate. */
  readonly layout: 'dialog' | 'page';
  /** The success stage is over (5 s, or the person's button): close the dialog or leave the page. */
  readonly onFinished: () => void;
  /** Told when the account becomes activated (the success stage starts). */
  readonly onActivated?: () => void;
  /** Moves the focus to the first step's heading once it shows (the page's START button). */
  readonly focusFirstStep?: boolean;
}

/**
 * The five-step activation wizard (specification sections 2, 4 and 5): a progress header, the
 * step, Back and Continue (Finish on step 5), then the success stage. It starts at the step the
 * server reports (GET /api/activation), pre-filled with what is saved; Back opens an earlier step,
 * which the server lets the member save again. Each step's save answers the new state; a state
 * past the last step is the success stage, which ends after 5 seconds.
 */
export function ActivationWizard({ layout, onFinished, onActivated, focusFirstStep = false }: ActivationWizardProps) {
  const { t } = useTranslation();
  const activation = useActivation();
  const later = useTimers();
  const [viewed, setViewed] = useState<ActivationStep | null>(null);
  const [done, setDone] = useState(false);
  const drafts = useRef<Drafts>(new Map()).current;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(focusFirstStep);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const state = activation.data?.state;
  const resumeAt = state ? currentStep(state) : null;
  // The step shown is pinned once known: a save moves the server's state before the wizard has
  // finished with the step (it refreshes the data first), and only onSaved or Back move the view.
  if (viewed === null && resumeAt !== null && !done) setViewed(resumeAt);
  const step: ActivationStep | null = viewed ?? resumeAt;
  const reached = state ? (isActivated(state) ? ACTIVATION_STEPS.length : ACTIVATION_STEPS.indexOf(resumeAt ?? 'personal')) : 0;

  // A new step (or the success stage) moves the focus to its heading, so keyboard and screen-reader
  // users start at the top of what changed. Not on the first render: the dialog focuses itself.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, [step, done]);

  useEffect(() => () => toast.dismiss(WIZARD_TOAST), []);

  const onSaved = (saved: ActivationStep) => (next: AccountState) => {
    moved.current = true;
    if (isActivated(next)) {
      setDone(true);
      onActivated?.();
      later(() => finished.current(), WIZARD_CLOSE_MS);
      return;
    }
    const index = ACTIVATION_STEPS.indexOf(saved);
    setViewed(ACTIVATION_STEPS[index + 1] ?? currentStep(next));
  };

  const goBack = (from: ActivationStep) => {
    const index = ACTIVATION_STEPS.indexOf(from);
    const previous = ACTIVATION_STEPS[index - 1];
    if (!previous) return;
    moved.current = true;
    setViewed(previous);
  };

  const Heading = layout === 'dialog' ? 'h3' : 'h2';

  if (activation.isPending) return <Spinner label={t('activation.wizard.loading')} />;
  const data = activation.data;
  if (!data) {
    return (
      <LoadError
        title={t('activation.wizard.loadError')}
        detail={activation.error?.message}
        retryLabel={t('activation.wizard.retry')}
        onRetry={() => void activation.refetch()}
      />
    );
  }

  if (done || !step) {
    return (
      <div className="flex flex-col gap-5">
        <ProgressHeader step="done" reached={ACTIVATION_STEPS.length} />
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-success" aria-hidden="true">
            <svg viewBox="0 0 20 20" className="h-8 w-8" fill="currentColor">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
          </span>
          <Heading ref={heading} tabIndex={-1} className="text-xl font-bold text-brand outline-none">
            {t('activation.done.title')}
          </Heading>
          <p className="max-w-prose text-ink">{t('activation.done.text')}</p>
          {done && (
            <p className="text-sm text-muted">
              {layout === 'dialog'
                ? t('activation.done.closing', { seconds: WIZARD_CLOSE_MS / 1000 })
                : t('activation.done.leaving', { seconds: WIZARD_CLOSE_MS / 1000 })}
            </p>
          )}
          <Button variant="accent" onClick={() => finished.current()}>
            {layout === 'dialog' ? t('common.close') : t('activation.done.goHome')}
          </Button>
        </div>
      </div>
    );
  }

  const index = ACTIVATION_STEPS.indexOf(step);
  const StepComponent = STEP_COMPONENTS[step];
  // In the dialog the buttons stay at its bottom edge: a field that gets the focus is scrolled clear of them.
  const clearOfActions = layout === 'dialog' ? '[&_:is(input,select,textarea,button)]:scroll-mb-28' : '';
  return (
    <div className={`flex flex-col gap-5 ${clearOfActions}`}>
      <ProgressHeader step={step} reached={reached} />
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('activation.wizard.stepOf', { step: index + 1, total: ACTIVATION_STEPS.length })}
        </p>
        <Heading ref={heading} tabIndex={-1} className="text-xl font-bold text-brand outline-none">
          {t(`activation.steps.${step}`)}
        </Heading>
        <p className="mt-1 text-sm text-muted">{t(`activation.lead.${step}`)}</p>
      </div>
      <WizardLayout value={layout}>
        <StepComponent key={step} data={data} onSaved={onSaved(step)} onBack={index > 0 ? () => goBack(step) : undefined} drafts={drafts} />
      </WizardLayout>
    </div>
  );
}
