import { useTranslation } from 'react-i18next';

export const FLOW_STEPS = ['withdrawing', 'confirming', 'transferring', 'finalcountdown'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** The four steps of specification section 4 with the current one marked. */
export function Stepper({ current }: { readonly current: FlowStep }) {
  const { t } = useTranslation();
  const index = FLOW_STEPS.indexOf(current);
  return (
    <ol aria-label={t('withdrawals.flow.steps.label')} className="grid grid-cols-4 gap-1 text-center text-xs font-semibold sm:text-sm">
      {FLOW_STEPS.map((step, i) => (
        <li key={step} aria-current={i === index ? 'step' : undefined} className="flex flex-col items-center gap-1">
          <span
            aria-hidden="true"
            className={`flex h-7 w-7 items-center justify-center rounded-full text-xs ${i < index ? 'bg-brand text-white' : i === index ? 'bg-accent text-white' : 'bg-slate-200 text-slate-700'}`}
          >
            {i + 1}
          </span>
          <span className={i === index ? 'text-ink' : 'text-muted'}>{t(`withdrawals.flow.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
