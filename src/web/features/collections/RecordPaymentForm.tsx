import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, ApiError, newIdempotencyKey } from '../../lib/api';
import { repaymentsApi } from '../../../shared/api/repayments';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { money } from '../../lib/format';
import { officerPaymentRequestSchema, PAYMENT_CHANNELS } from '../../../shared/schemas/repayments';

type Fields = Partial<Record<'amount' | 'channel' | 'bankReference' | 'receivedOn' | 'note', string>>;

/**
 * Records a payment received in cash or by bank transfer (POST /api/admin/loans/:id/payments),
 * checked in the browser with the route's own schema (officerPaymentRequestSchema). The result is
 * shown only after the server answered: posted (201), or waiting for another officer (202).
 */
export function RecordPaymentForm({ loanId, today, threshold, onDone }: { loanId: string; today: string; threshold: string; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [channel, setChannel] = useState<(typeof PAYMENT_CHANNELS)[number]>('CASH');
  const [bankReference, setBankReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per payment being recorded: a retry after a lost answer does not record it twice.
  const [key, setKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = {
      amount: amount.trim(),
      channel,
      ...(bankReference.trim() ? { bankReference: bankReference.trim() } : {}),
      receivedOn,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const checked = officerPaymentRequestSchema.safeParse(body);
    if (!checked.success) {
      const found: Fields = {};
      for (const issue of checked.error.issues) found[String(issue.path[0]) as keyof Fields] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await call(repaymentsApi.recordPayment, { params: { loanId }, body: checked.data, idempotencyKey: key });
      const r = answer.receipt;
      if (r.status === 'PENDING_APPROVAL') toast.success(t('collections.servicing.record.pending', { reference: r.reference }));
      else toast.success(t('collections.servicing.record.posted', { reference: r.reference }));
      setAmount('');
      setBankReference('');
      setNote('');
      setKey(newIdempotencyKey());
      await onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.fields as Fields);
        setFormError(e.message);
        if (e.code !== 'VALIDATION_FAILED') setKey(newIdempotencyKey());
      } else setFormError(t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2" data-testid="record-payment-form">
      <p className="text-sm text-muted sm:col-span-2">{t('collections.servicing.record.intro', { threshold: money(threshold, '') })}</p>
      <TextField
        label={t('collections.servicing.record.amount')}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        name="amount"
      />
      <SelectField
        label={t('collections.servicing.record.channel')}
        value={channel}
        onChange={(e) => setChannel(e.target.value as (typeof PAYMENT_CHANNELS)[number])}
        error={errors.channel}
        name="channel"
      >
        {PAYMENT_CHANNELS.map((c) => (
          <option key={c} value={c}>
            {t(`collections.servicing.record.channels.${c}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('collections.servicing.record.bankReference')}
        value={bankReference}
        onChange={(e) => setBankReference(e.target.value)}
        error={errors.bankReference}
        optional={channel === 'CASH'}
        name="bankReference"
      />
      <TextField
        label={t('collections.servicing.record.receivedOn')}
        type="date"
        max={today}
        value={receivedOn}
        onChange={(e) => setReceivedOn(e.target.value)}
        error={errors.receivedOn}
        name="receivedOn"
      />
      <div className="sm:col-span-2">
        <TextAreaField label={t('collections.servicing.record.note')} value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} rows={2} />
      </div>
      {formError && (
        <p role="alert" className="text-sm font-medium text-danger sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" busy={busy}>
          {t('collections.servicing.record.submit')}
        </Button>
      </div>
    </form>
  );
}
