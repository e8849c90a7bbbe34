import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { WithdrawalDestinationDto } from '../../../shared/schemas/withdrawals';
import { money } from '../../lib/format';
import type { Channel } from './amount';
import type { Centavos } from '../../../shared/money/money';
import { SplitNote } from '../../ui/TransferParts';
import { StepHeading } from './StepHeading';

/** What the member is about to confirm: the typed amount before the request, the server's view after. */
export interface ReviewFigures {
  readonly amount: string;
  readonly fee: string;
  readonly amountToReceive: string;
  readonly channel: Channel;
  readonly destination: WithdrawalDestinationDto;
  /** The transfers it is sent as, when more than one (docs/decisions/033). */
  readonly parts: readonly { readonly amount: Centavos }[];
}

export interface ReviewStepProps {
  readonly figures: ReviewFigures;
  readonly busy: boolean;
  readonly error: string | null;
  /** Set when the server answered that another withdrawal is waiting for its code. */
  readonly openReference: string | null;
  readonly onConfirm: () => void;
  readonly onBack: () => void;
}

function Row({
  label,
  value,
  testId,
  strong = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly testId?: string;
  readonly strong?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'text-lg font-extrabold text-brand' : 'font-semibold'}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Confirming (specification section 4): amount, fee 0.00, the masked payout account, what arrives, channel and timing. */
export function ReviewStep({ figures, busy, error, openReference, onConfirm, onBack }: ReviewStepProps) {
  const { t } = useTranslation();
  const d = figures.destination;
  return (
    <div className="flex flex-col gap-5">
      <StepHeading>{t('withdrawals.flow.review.heading')}</StepHeading>
      {openReference && (
        <p role="status" className="rounded-lg border-l-4 border-brand bg-brand-light p-3 text-sm">
          {t('withdrawals.flow.review.open', { reference: openReference })}
        </p>
      )}
      <dl className="flex flex-col divide-y divide-slate-100">
        <Row label={t('withdrawals.flow.review.amount')} value={money(figures.amount)} testId="review-amount" />
        <Row label={t('withdrawals.flow.review.fee')} value={money(figures.fee)} testId="review-fee" />
        <Row label={t('withdrawals.flow.review.receive')} value={money(figures.amountToReceive)} testId="review-receive" strong />
        <Row label={t('withdrawals.flow.review.account')} value={`${d.institutionName} · ${d.accountMasked}`} testId="review-account" />
        <Row label={t('withdrawals.flow.review.accountName')} value={d.accountName} />
        <Row label={t('withdrawals.flow.review.channel')} value={t(`withdrawals.channel.${figures.channel}`)} />
        <Row label={t('withdrawals.flow.review.timing')} value={t(`withdrawals.flow.review.timingValue.${figures.channel}`)} />
      </dl>
      <SplitNote parts={figures.parts} />
      <p className="text-sm text-muted">{t('withdrawals.flow.review.codeNote')}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t('withdrawals.flow.review.back')}
        </Button>
        <Button variant="accent" onClick={onConfirm} busy={busy}>
          {t('withdrawals.flow.review.confirm')}
        </Button>
      </div>
    </div>
  );
}
