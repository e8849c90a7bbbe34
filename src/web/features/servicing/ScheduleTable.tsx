import { useTranslation } from 'react-i18next';
import type { ServicingDto } from '../../../shared/schemas/repayments';
import { dateOnly, money } from '../../lib/format';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import { Amount } from './Amount';
import { LineStatus } from './LineStatus';

type Line = ServicingDto['lines'][number];

/** The extra facts of a line: paid on, late charges, interest rebated after a prepayment, fees a payoff did not charge. */
function LineNotes({ line }: { readonly line: Line }) {
  const { t, i18n } = useTranslation();
  // What was paid of the instalment itself (late charges apart): an instalment paid in parts says so until it is paid in full.
  const part = (parseAmount(line.paid.principal) ?? 0n) + (parseAmount(line.paid.interest) ?? 0n) + (parseAmount(line.paid.fees) ?? 0n);
  const partly = part > 0n && line.status !== 'PAID' && line.status !== 'PAID_LATE';
  // Of what the instalment now asks: interest or fees no longer owed (rebated after a prepayment) are not counted.
  const asked = (parseAmount(line.scheduled.total) ?? 0n) - (parseAmount(line.interestRebated) ?? 0n) - (parseAmount(line.feesRebated) ?? 0n);
  const notes = [
    partly ? t('servicing.schedule.partlyPaid', { amount: money(toDecimalString(part)), total: money(toDecimalString(asked)) }) : null,
    line.paidOn ? t('servicing.schedule.paidOn', { date: dateOnly(`${line.paidOn}T12:00:00+08:00`, i18n.language) }) : null,
    line.charges !== '0.00' ? t('servicing.schedule.charges', { amount: money(line.charges) }) : null,
    line.interestRebated !== '0.00' ? t('servicing.schedule.rebated', { amount: money(line.interestRebated) }) : null,
    line.feesRebated !== '0.00' ? t('servicing.schedule.feesRebated', { amount: money(line.feesRebated) }) : null,
  ].filter((n): n is string => n !== null);
  if (notes.length === 0) return null;
  return <p className="min-w-32 text-xs whitespace-normal text-muted">{notes.join(' · ')}</p>;
}

/** A due date (a Philippine calendar day) as the member's locale writes it. */
function useDay() {
  const { i18n } = useTranslation();
  return (day: string) => dateOnly(`${day}T12:00:00+08:00`, i18n.language);
}

/**
 * The schedule as the contract fixed it, with what was paid and what is left on each line. A table
 * from 640 px; on phones each line is a card, so no amount column is ever cut off (defect 6).
 */
export function ScheduleTable({ lines, display }: { readonly lines: readonly Line[]; readonly display: ServicingDto['display'] }) {
  const { t } = useTranslation();
  const day = useDay();
  const th = 'px-2 py-2 text-right font-semibold whitespace-nowrap';
  return (
    <>
      {/* Focusable so that a keyboard can scroll it when a narrow window cuts the table (WCAG 2.1.1). */}
      <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={t('servicing.schedule.heading')}>
        <table className="w-full text-sm" data-testid="schedule-table">
          <caption className="sr-only">{t('servicing.schedule.caption')}</caption>
          <thead className="border-b border-slate-200 text-muted">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {t('servicing.schedule.number')}
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {t('servicing.schedule.dueDate')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.principal')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.interest')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.fees')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.instalment')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.paid')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.outstanding')}
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {t('servicing.schedule.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {lines.map((line) => (
              <tr key={line.number} data-testid={`line-${line.number}`} data-status={line.status}>
                <th scope="row" className="px-2 py-2 text-left font-semibold">
                  {line.number}
                </th>
                <td className="px-2 py-2 whitespace-nowrap">
                  {day(line.dueDate)}
                  <LineNotes line={line} />
                </td>
                <td className="px-2 py-2 text-right whitespace-nowrap">{money(line.scheduled.principal)}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap">{money(line.scheduled.interest)}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap">{money(line.scheduled.fees)}</td>
                <td className="px-2 py-2 text-right font-semibold">
                  <Amount value={line.scheduled.total} display={display} />
                </td>
                <td className="px-2 py-2 text-right whitespace-nowrap">{money(line.paid.total)}</td>
                <td className="px-2 py-2 text-right font-semibold whitespace-nowrap">{money(line.outstanding)}</td>
                <td className="px-2 py-2">
                  <LineStatus line={line} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="flex flex-col gap-3 sm:hidden" aria-label={t('servicing.schedule.caption')} data-testid="schedule-cards">
        {lines.map((line) => (
          <li key={line.number} className="rounded-lg border border-slate-200 p-3" data-testid={`line-card-${line.number}`} data-status={line.status}>
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{t('servicing.schedule.line', { number: line.number })}</p>
                <p className="text-sm text-muted">{day(line.dueDate)}</p>
              </div>
              <LineStatus line={line} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums">
              <dt className="text-muted">{t('servicing.schedule.principal')}</dt>
              <dd className="text-right">{money(line.scheduled.principal)}</dd>
              <dt className="text-muted">{t('servicing.schedule.interest')}</dt>
              <dd className="text-right">{money(line.scheduled.interest)}</dd>
              <dt className="text-muted">{t('servicing.schedule.fees')}</dt>
              <dd className="text-right">{money(line.scheduled.fees)}</dd>
              <dt className="font-semibold">{t('servicing.schedule.instalment')}</dt>
              <dd className="text-right font-semibold">
                <Amount value={line.scheduled.total} display={display} />
              </dd>
              <dt className="text-muted">{t('servicing.schedule.paid')}</dt>
              <dd className="text-right">{money(line.paid.total)}</dd>
              <dt className="font-semibold">{t('servicing.schedule.outstanding')}</dt>
              <dd className="text-right font-semibold">{money(line.outstanding)}</dd>
            </dl>
            <LineNotes line={line} />
          </li>
        ))}
      </ol>
    </>
  );
}
