import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import type { CreditScoreResponse } from '../../../shared/schemas/member-settings';
import { dateOnly } from '../../lib/format';
import { useCreditScore } from './queries';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The circular gauge: the score's share of the maximum as an arc, the number in the middle. */
function ScoreGauge({ score, max }: { readonly score: number; readonly max: number }) {
  const { t } = useTranslation();
  const share = max > 0 ? Math.min(1, Math.max(0, score / max)) : 0;
  return (
    <div className="relative h-40 w-40 shrink-0" role="img" aria-label={t('settings.creditScore.gaugeLabel', { score, max })}>
      <svg viewBox="0 0 120 120" className="h-full w-full -rotate-90" aria-hidden="true" focusable="false">
        <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="12" className="stroke-slate-200" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          className="stroke-brand"
          strokeDasharray={`${CIRCUMFERENCE * share} ${CIRCUMFERENCE}`}
          data-testid="score-arc"
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
        <span className="text-4xl font-bold text-brand" data-testid="credit-score">
          {score}
        </span>
        <span className="text-xs text-muted">{t('settings.creditScore.outOf', { max })}</span>
      </span>
    </div>
  );
}

/** 'What is credit score?': each component with its points, its rule and why it has those points. */
function Explanation({ data }: { readonly data: CreditScoreResponse }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>{t('settings.creditScore.intro')}</p>
      <p className="font-semibold">{t('settings.creditScore.noWallet')}</p>
      <ul className="flex flex-col gap-3">
        {data.components.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200" data-component={c.id}>
            <details open className="group">
              <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 hover:bg-brand-light">
                <h3 className="font-bold text-ink">{t(`settings.creditScore.components.${c.id}.title`)}</h3>
                <span className={c.hasData ? 'font-semibold text-brand' : 'font-semibold text-muted'}>
                  {c.hasData
                    ? t('settings.creditScore.points', { points: c.points, max: c.max })
                    : `${t('settings.creditScore.noData')} · ${t('settings.creditScore.points', { points: c.points, max: c.max })}`}
                </span>
              </summary>
              <div className="px-3 pb-3">
                <p className="text-muted">{t(`settings.creditScore.components.${c.id}.rule`)}</p>
                <p className="mt-1">{t(`settings.creditScore.components.${c.id}.${c.reason}`, c.facts)}</p>
              </div>
            </details>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-slate-200 pt-3 font-bold">
        <span>{t('settings.creditScore.total')}</span>
        <span>{t('settings.creditScore.points', { points: data.score, max: data.max })}</span>
      </p>
      <p className="text-xs text-muted">{t('settings.creditScore.asOf', { date: dateOnly(`${data.asOf}T12:00:00+08:00`, i18n.language) })}</p>
    </div>
  );
}

/** Settings: the credit score gauge out of 1000 and its explanation. */
export function CreditScoreCard() {
  const { t } = useTranslation();
  const score = useCreditScore();
  const [open, setOpen] = useState(false);

  return (
    <section aria-labelledby="settings-score" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="settings-score" className="text-lg font-bold text-brand">
        {t('settings.creditScore.title')}
      </h2>
      {score.isPending ? (
        <Spinner label={t('settings.creditScore.loading')} />
      ) : score.isError ? (
        <div role="alert" className="mt-3 flex flex-col items-start gap-2 text-red-900">
          <p className="font-semibold">{t('settings.creditScore.error')}</p>
          <p className="text-sm">{score.error.message}</p>
          <Button variant="outline" onClick={() => void score.refetch()}>
            {t('settings.withdrawal.retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-8">
          <ScoreGauge score={score.data.score} max={score.data.max} />
          <div className="flex flex-col items-center gap-3 sm:items-start">
            <p className="text-center text-sm text-ink sm:text-left">{t('settings.creditScore.noWallet')}</p>
            <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              {t('settings.creditScore.whatIs')}
            </Button>
          </div>
        </div>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} size="lg" title={t('settings.creditScore.whatIs')} closeText={t('settings.creditScore.close')}>
        {score.data && <Explanation data={score.data} />}
      </Dialog>
    </section>
  );
}
