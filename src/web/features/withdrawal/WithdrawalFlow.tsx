import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, call, newIdempotencyKey } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import type { WithdrawalCodeSent, WithdrawalView } from '../../../shared/schemas/withdrawals';
import { money } from '../../lib/format';
import { planTransfers, type Channel } from './amount';
import { AmountStep } from './AmountStep';
import { CodeDialog } from './CodeDialog';
import { reloadWallet, useWithdrawalOptions } from './queries';
import { ResultStep } from './ResultStep';
import { ReviewStep, type ReviewFigures } from './ReviewStep';
import { Stepper, type FlowStep } from './Stepper';
import { TransferStep } from './TransferStep';

type Step = FlowStep | 'failed';

/**
 * A withdrawal awaiting its code, with the times of the code sent last when the server said them:
 * the request's answer, or the member's read of one already open (GET /api/withdrawals).
 */
type Awaiting = WithdrawalView & { readonly code?: WithdrawalCodeSent | null };

/**
 * The withdrawal flow on /wallet (specification section 4 in its intended order, DECISIONS.md):
 * withdrawing (amount), confirming (review, then the code from the SMS), transferring (the payout's
 * real status) and finalcountdown (paid) or the failure screen (the money is back). Every step
 * shows what the server answered; nothing is assumed. `resume`: a withdrawal confirmed from the
 * recent list, followed from its transfer step.
 */
export function WithdrawalFlow({ onDone, resume = null }: { readonly onDone: () => void; readonly resume?: WithdrawalView | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useWithdrawalOptions();
  const [step, setStep] = useState<Step>(() => (resume?.status === 'PROCESSING' ? 'transferring' : 'withdrawing'));
  const [text, setText] = useState('');
  const [attempt, setAttempt] = useState<{ amount: string; channel: Channel } | null>(null);
  /** The Idempotency-Key of the current attempt: kept for a retry after no answer, new for a new attempt. */
  const requestKey = useRef<string | null>(null);
  /** The withdrawal waiting for its code, with the code's times. */
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const [openReference, setOpenReference] = useState<string | null>(null);
  const [current, setCurrent] = useState<WithdrawalView | null>(resume?.status === 'PROCESSING' ? resume : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const finish = useCallback((view: WithdrawalView) => {
    setCurrent(view);
    setStep(view.status === 'PAID' ? 'finalcountdown' : 'failed');
  }, []);

  /** Where a withdrawal the server reports belongs in the flow. */
  const follow = useCallback(
    (view: WithdrawalView) => {
      setAwaiting(null);
      setOpenReference(null);
      void reloadWallet(queryClient);
      if (view.status === 'AWAITING_CODE') setAwaiting(view);
      else if (view.status === 'PROCESSING') {
        setCurrent(view);
        setStep('transferring');
      } else finish(view);
    },
    [finish, queryClient],
  );

  if (options.isPending) return <Spinner label={t('withdrawals.flow.amount.loading')} />;
  if (options.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-accent">{options.error.message}</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void options.refetch()}>
            {t('withdrawals.flow.amount.retry')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('withdrawals.flow.amount.back')}
          </Button>
        </div>
      </div>
    );
  }
  const o = options.data;

  const request = async () => {
    if (!attempt) return;
    const key = requestKey.current ?? newIdempotencyKey();
    requestKey.current = key;
    setBusy(true);
    setError(null);
    try {
      const view = await call(withdrawalsApi.request, { body: { amount: attempt.amount }, idempotencyKey: key });
      requestKey.current = null;
      setAwaiting(view);
      void reloadWallet(queryClient);
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setError(t('errors.NO_SERVER_RESPONSE'));
        return;
      }
      // An answer from the server ends the attempt; no answer (or a server fault) keeps its key for a retry.
      if (e.status > 0 && e.status < 500) requestKey.current = null;
      if (e.code === 'WITHDRAWAL_OPEN') {
        const open = await call(withdrawalsApi.list).then(
          (list) => list.withdrawals.find((w) => w.status === 'AWAITING_CODE') ?? null,
          () => null,
        );
        if (open) {
          setOpenReference(open.reference);
          setAwaiting(open);
        } else setError(e.message);
      } else {
        setError(e.fields.amount ?? e.message);
        if (e.status > 0) void options.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  const attemptPlan = attempt ? planTransfers(parseAmount(attempt.amount) ?? 0n, o) : null;
  const figures: ReviewFigures | null = awaiting
    ? {
        amount: awaiting.amount,
        fee: awaiting.fee,
        amountToReceive: awaiting.amountToReceive,
        channel: awaiting.channel,
        destination: awaiting.destination,
        parts: awaiting.parts.map((p) => ({ amount: parseAmount(p.amount) ?? 0n })),
      }
    : attempt && o.destination
      ? {
          amount: attempt.amount,
          fee: o.fee,
          amountToReceive: toDecimalString((parseAmount(attempt.amount) ?? 0n) - (parseAmount(o.fee) ?? 0n)),
          channel: attempt.channel,
          destination: o.destination,
          parts: attemptPlan?.ok ? attemptPlan.parts : [],
        }
      : null;

  return (
    <section aria-label={t('withdrawals.flow.title')} className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <Stepper current={step === 'failed' ? 'finalcountdown' : step} />
      {step === 'withdrawing' && (
        <AmountStep
          options={o}
          text={text}
          onText={(value) => {
            setNotice(null);
            setText(value);
          }}
          notice={notice}
          onBack={onDone}
          onContinue={(amount, channel) => {
            requestKey.current = null;
            setAttempt({ amount, channel });
            setError(null);
            setStep('confirming');
          }}
        />
      )}
      {step === 'confirming' && figures && (
        <ReviewStep
          figures={figures}
          busy={busy}
          error={error}
          openReference={openReference}
          onConfirm={() => void request()}
          onBack={() => {
            setError(null);
            setStep('withdrawing');
          }}
        />
      )}
      {step === 'confirming' && awaiting && (
        <CodeDialog
          key={awaiting.id}
          withdrawal={awaiting}
          codeSent={awaiting.code ?? null}
          onConfirmed={follow}
          onStale={follow}
          onCancelled={(view) => {
            const amount = money(view.amount);
            toast.success(t('withdrawals.flow.toast.cancelled', { amount }));
            setNotice(t('withdrawals.flow.amount.cancelled', { reference: view.reference, amount }));
            setAwaiting(null);
            setOpenReference(null);
            setAttempt(null);
            setText('');
            setStep('withdrawing');
            void reloadWallet(queryClient);
          }}
        />
      )}
      {step === 'transferring' && current && <TransferStep withdrawal={current} onFinal={finish} />}
      {(step === 'finalcountdown' || step === 'failed') && current && <ResultStep withdrawal={current} onContinue={onDone} />}
    </section>
  );
}
