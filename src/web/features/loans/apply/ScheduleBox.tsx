import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/Field';
import { DUE_DAY_MAX, DUE_DAY_MIN } from '../../../../shared/loan/dates';
import type { ProductTerms, ScheduleChoice } from './quote';
import { useDomId } from '../../../ui/dom-id';

const DAYS = Array.from({ length: DUE_DAY_MAX - DUE_DAY_MIN + 1 }, (_, i) => DUE_DAY_MIN + i);
const PAYOUT_DAY = '';

/**
 * The repayment schedule (docs/decisions/084): how often, when the product offers more than monthly
 * (one button each, as the term buttons), and for monthly instalments the day of the month (the day
 * of the payout, or 1 to 28). The quote and the disclosure statement follow the choice.
 */
export function ScheduleBox({
  product,
  schedule,
  onSchedule,
}: {
  readonly product: ProductTerms;
  readonly schedule: ScheduleChoice;
  readonly onSchedule: (schedule: ScheduleChoice) => void;
}) {
  const { t } = useTranslation();
  const label = useDomId();
  const hint = useDomId();
  const offered = product.frequencies ?? ['MONTHLY'];
  return (
    <>
      {offered.length > 1 && (
        <div className="flex flex-col gap-2">
          <span id={label} className="text-sm font-semibold text-ink">
            {t('loans.panel.schedule')}
          </span>
          <div role="group" aria-labelledby={label} aria-describedby={hint} className="grid grid-cols-2 gap-2">
            {offered.map((frequency) => (
              <button
                key={frequency}
                type="button"
                aria-pressed={frequency === schedule.frequency}
                onClick={() => onSchedule({ frequency, dueDay: frequency === 'MONTHLY' ? schedule.dueDay : null })}
                className={`min-h-11 rounded-md px-2 text-sm font-semibold text-white ${frequency === schedule.frequency ? 'bg-accent ring-2 ring-accent ring-offset-2' : 'bg-brand hover:bg-brand-dark'}`}
              >
                {t(`loans.panel.frequencies.${frequency}`)}
              </button>
            ))}
          </div>
          <p id={hint} className="text-xs text-muted">
            {t(`loans.panel.frequencyHints.${schedule.frequency}`)}
          </p>
        </div>
      )}
      {schedule.frequency === 'MONTHLY' && (
        <SelectField
          label={t('loans.panel.dueDay')}
          hint={t('loans.panel.dueDayHint')}
          value={schedule.dueDay === null ? PAYOUT_DAY : String(schedule.dueDay)}
          onChange={(event) => onSchedule({ frequency: 'MONTHLY', dueDay: event.target.value === PAYOUT_DAY ? null : Number(event.target.value) })}
        >
          <option value={PAYOUT_DAY}>{t('loans.panel.dueDayPayout')}</option>
          {DAYS.map((day) => (
            <option key={day} value={String(day)}>
              {t('loans.panel.dueDayOption', { day })}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}
