import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, newIdempotencyKey } from '../../lib/api';
import { usePublicConfig } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import type { AdminLoanDetail, PreAssessmentDto } from '../../../shared/schemas/loans';
import { DisclosureView } from '../../features/loans/DisclosureView';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { dateTime, money, percent } from '../../lib/format';
import { adminKeys } from '../../features/backoffice/queries';
import { ReasonSelect } from '../../features/backoffice/ReasonSelect';
import { COUNTER_OFFER_REASONS, LOAN_REJECTION_REASONS, loanReasonKey } from '../../../shared/reasons/catalogue';
import { parseAmount } from '../../../shared/money/money';
import { loanStatusLabelKey } from '../../../shared/states/loan';

type Action = 'review' | 'approve' | 'reject' | 'disburse';

function Card({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-2 font-bold text-brand">{title}</h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

function Assessment({ pa }: { readonly pa: PreAssessmentDto }) {
  const { t } = useTranslation();
  return (
    <div className="text-sm">
      <p className={`font-bold ${pa.eligible ? 'text-emerald-700' : 'text-warning'}`}>
        {pa.eligible ? t('loans.admin.eligible') : t('loans.admin.notEligible')}
      </p>
      {pa.reasons.length > 0 && (
        <ul className="list-disc pl-5">
          {pa.reasons.map((r) => (
            <li key={r.code}>{r.message}</li>
          ))}
        </ul>
      )}
      <p>
        {t('loans.admin.instalmentDsr', { instalment: money(pa.instalment), dsr: pa.debtServiceRatioPercent ? percent(pa.debtServiceRatioPercent, 2) : '—' })}
      </p>
      <p>{t('loans.admin.maxEligible', { amount: money(pa.maxEligibleAmount) })}</p>
    </div>
  );
}

/**
 * One application in the back office (issue 4, item 8): the member's profile, references and ID
 * images (each view is logged by the server), the pre-assessment, the disclosure and the actions
 * the server permits. Each action shows its result only after the server has answered.
 */
export default function AdminLoanPage() {
  const { t, i18n } = useTranslation();
  const { loanId = '' } = useParams();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const detail = useQuery<AdminLoanDetail, ApiError>({
    queryKey: adminKeys.loan(loanId),
    queryFn: () => api<AdminLoanDetail>(`/admin/loans/${encodeURIComponent(loanId)}`),
  });
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offerAmount, setOfferAmount] = useState('');
  const [offerTerm, setOfferTerm] = useState(0);
  const [note, setNote] = useState('');
  const [reasonCode, setReasonCode] = useState('');
  const disburseKey = useRef<string | null>(null);

  if (detail.isPending) return <Spinner label={t('common.loading')} />;
  if (detail.isError) {
    return (
      <p role="alert" className="text-accent">
        {detail.error.message}
      </p>
    );
  }
  const { loan, member, permissions, currentAssessment } = detail.data;
  const offered = parseAmount(offerAmount.trim());
  const counterOffer = offered !== null && (offered < (parseAmount(loan.requestedAmount) ?? 0n) || offerTerm < loan.requestedTerm);

  const open = (next: Action) => {
    setError(null);
    if (next === 'approve') {
      setOfferAmount(loan.amount);
      setOfferTerm(loan.term);
    }
    setNote('');
    setReasonCode('');
    if (next === 'disburse' && disburseKey.current === null) disburseKey.current = newIdempotencyKey();
    setAction(next);
  };

  const run = async () => {
    if (!action) return;
    setBusy(true);
    setError(null);
    const base = `/admin/loans/${encodeURIComponent(loan.id)}`;
    try {
      if (action === 'review') {
        const answer = await api<{ loan: AdminLoanDetail['loan'] }>(`${base}/review`, { method: 'POST', body: {} });
        toast.success(t('loans.admin.done', { status: t(loanStatusLabelKey(answer.loan.status)) }));
      } else if (action === 'approve') {
        const body = {
          amount: offerAmount.trim(),
          term: offerTerm,
          ...(counterOffer && reasonCode ? { reasonCode } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        };
        const answer = await api<{ loan: AdminLoanDetail['loan'] }>(`${base}/approve`, { body });
        toast.success(t('loans.admin.done', { status: t(loanStatusLabelKey(answer.loan.status)) }));
      } else if (action === 'reject') {
        const answer = await api<{ loan: AdminLoanDetail['loan'] }>(`${base}/reject`, { body: { reasonCode, ...(note.trim() ? { note: note.trim() } : {}) } });
        toast.success(t('loans.admin.done', { status: t(loanStatusLabelKey(answer.loan.status)) }));
      } else {
        const answer = await api<{ transfer: { walletCredited: string } }>(`${base}/disburse`, {
          method: 'POST',
          body: {},
          idempotencyKey: disburseKey.current ?? newIdempotencyKey(),
        });
        disburseKey.current = null;
        toast.success(t('loans.admin.disbursed', { amount: money(answer.transfer.walletCredited) }));
      }
      setAction(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.loan(loanId) });
    }
  };

  const titles: Record<Action, string> = {
    review: t('loans.admin.startReview'),
    approve: t('loans.admin.approveTitle'),
    reject: t('loans.admin.rejectTitle'),
    disburse: t('loans.admin.disburseTitle'),
  };

  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin" className="min-h-11 content-center self-start text-sm font-semibold text-brand underline underline-offset-4">
        {t('loans.admin.back')}
      </Link>
      <h1 className="text-2xl font-bold text-brand">{t('loans.admin.loanTitle', { number: loan.loanNumber })}</h1>
      <div className={`flex gap-3 rounded-lg border-l-4 p-4 ${COLOUR_BG[loan.statusColor]}`}>
        <StatusIcon name={loan.statusIcon} colour={loan.statusColor} />
        <div>
          <p className={`font-bold ${COLOUR_TEXT[loan.statusColor]}`} data-testid="admin-status">
            {loan.status.replace('_', ' ')}
          </p>
          <p className="text-sm">
            {money(loan.amount)} · {t('loans.panel.months', { count: loan.term })} · {dateTime(loan.createdAt, i18n.language)}
          </p>
          {loan.approvedBy && <p className="text-sm">{t('loans.admin.approvedBy', { name: loan.approvedBy.name })}</p>}
          {loan.disbursedBy && <p className="text-sm">{t('loans.admin.disbursedBy', { name: loan.disbursedBy.name })}</p>}
          {loan.rejectionReasonCode && <p className="text-sm">{t('loans.status.rejectionReason', { reason: t(loanReasonKey(loan.rejectionReasonCode)) })}</p>}
          {loan.offer?.reasonCode && <p className="text-sm">{t('loans.offer.reason', { reason: t(loanReasonKey(loan.offer.reasonCode)) })}</p>}
        </div>
      </div>

      <Card title={t('loans.admin.actions')}>
        <div className="flex flex-wrap gap-2">
          {permissions.canStartReview && <Button onClick={() => open('review')}>{t('loans.admin.startReview')}</Button>}
          {permissions.canApprove && (
            <Button variant="accent" onClick={() => open('approve')}>
              {t('loans.admin.approve')}
            </Button>
          )}
          {permissions.canReject && (
            <Button variant="outline" onClick={() => open('reject')}>
              {t('loans.admin.reject')}
            </Button>
          )}
          {permissions.canDisburse && (
            <Button variant="accent" onClick={() => open('disburse')}>
              {t('loans.admin.disburse')}
            </Button>
          )}
        </div>
        {permissions.conflictOfInterest && (
          <p role="note" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-accent" data-testid="conflict-of-interest">
            {t('loans.admin.conflict', { reason: permissions.conflictOfInterest })}
          </p>
        )}
        {permissions.disburseBlockedReason && !permissions.conflictOfInterest && (
          <p role="note" className="mt-3 rounded-md bg-amber-50 p-3 text-sm font-semibold text-warning" data-testid="disburse-blocked">
            {t('loans.admin.blocked', { reason: permissions.disburseBlockedReason })}
          </p>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('loans.admin.member')}>
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <Item label={t('loans.admin.member')}>{member.fullName}</Item>
            <Item label={t('loans.admin.phone')}>{member.phone}</Item>
            <Item label={t('loans.admin.email')}>{member.email}</Item>
            <Item label={t('loans.admin.income')}>{money(member.employment.monthlyNetIncome)}</Item>
            <Item label={t('loans.admin.employment')}>
              {member.employment.jobTitle}, {member.employment.jobCategory} ({member.employment.location}, {member.employment.country})
            </Item>
            {member.personal && <Item label={t('loans.admin.birthDate')}>{member.personal.birthDate}</Item>}
            {member.address && (
              <Item label={t('loans.admin.address')}>
                {[member.address.streetAddress, member.address.town, member.address.province, member.address.postalCode, member.address.country]
                  .filter(Boolean)
                  .join(', ')}
              </Item>
            )}
            {member.identity && (
              <Item label={t('loans.admin.identity')}>
                {member.identity.otherIdentityType ?? member.identity.identityType}: {member.identity.identityNumber}
              </Item>
            )}
            {member.payoutAccount && (
              <Item label={t('loans.admin.payout')}>
                {member.payoutAccount.institutionName} {member.payoutAccount.accountNumberMasked} ({member.payoutAccount.accountName})
              </Item>
            )}
          </dl>
        </Card>
        <Card title={t('loans.admin.references')}>
          <ul className="flex flex-col gap-2 text-sm">
            {member.references.map((r) => (
              <li key={r.position}>
                <span className="font-semibold">{r.fullName}</span> ({r.relationship}) · {r.phone}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <Card title={t('loans.admin.documents')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {(['ID_FRONT', 'ID_BACK', 'SELFIE'] as const).map((kind) => (
            <figure key={kind} className="flex flex-col gap-1">
              {member.documents[kind] ? (
                <img
                  src={member.documents[kind]}
                  alt={t(`loans.admin.doc.${kind}`)}
                  loading="lazy"
                  className="max-h-60 w-full rounded-md border border-slate-200 object-contain"
                />
              ) : (
                <p className="text-muted">{t('loans.admin.missing')}</p>
              )}
              <figcaption className="text-xs text-muted">{t(`loans.admin.doc.${kind}`)}</figcaption>
            </figure>
          ))}
        </div>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('loans.admin.preAssessment')}>
          <Assessment pa={loan.preAssessment} />
        </Card>
        <Card title={t('loans.admin.currentAssessment')}>
          <Assessment pa={currentAssessment} />
        </Card>
      </div>

      <Card title={t('loans.disclosure.title')}>
        <DisclosureView disclosure={loan.disclosure} />
      </Card>

      <Card title={t('loans.status.timeline')}>
        <ol className="flex flex-col gap-2 text-sm">
          {loan.timeline.map((entry, i) => (
            <li key={i}>
              <span className="font-semibold">
                {t('loans.status.timelineEntry', { action: t(`loans.status.actions.${entry.action}`), actor: entry.actorName ?? t('loans.status.system') })}
              </span>
              <span className="text-muted"> · {dateTime(entry.at, i18n.language)}</span>
              {entry.reasonCode && <span> · {t(loanReasonKey(entry.reasonCode))}</span>}
              {entry.systemReason && <span> · {t(`loans.history.system.${entry.systemReason.code}`, entry.systemReason.values)}</span>}
              {entry.note && <span className="block text-xs text-muted">{t('loans.admin.internalNote', { note: entry.note })}</span>}
            </li>
          ))}
        </ol>
      </Card>

      <Dialog
        open={action !== null}
        onClose={() => !busy && setAction(null)}
        title={action ? titles[action] : ''}
        footer={
          <>
            <Button variant="outline" onClick={() => setAction(null)} disabled={busy}>
              {t('loans.admin.cancel')}
            </Button>
            <Button
              variant="accent"
              onClick={() => void run()}
              busy={busy}
              disabled={(action === 'reject' || (action === 'approve' && counterOffer)) && reasonCode === ''}
            >
              {t('loans.admin.confirm')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {action === 'approve' && (
            <>
              <TextField
                label={t('loans.admin.offerAmount')}
                inputMode="decimal"
                value={offerAmount}
                onChange={(event) => setOfferAmount(event.target.value)}
              />
              <SelectField label={t('loans.admin.offerTerm')} value={offerTerm} onChange={(event) => setOfferTerm(Number(event.target.value))}>
                {(config.data?.product.terms ?? [loan.term])
                  .filter((m) => m <= loan.requestedTerm)
                  .map((m) => (
                    <option key={m} value={m}>
                      {t('loans.panel.months', { count: m })}
                    </option>
                  ))}
              </SelectField>
              {counterOffer && (
                <>
                  <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-warning">
                    {t('loans.admin.counterOffer')}
                  </p>
                  <ReasonSelect
                    label={t('loans.admin.counterOfferReason')}
                    codes={COUNTER_OFFER_REASONS}
                    textKey={loanReasonKey}
                    value={reasonCode}
                    onChange={setReasonCode}
                    testId="offer-reason"
                  />
                </>
              )}
              <TextAreaField
                label={t('loans.admin.note')}
                hint={t('reasons.admin.noteHint')}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={500}
              />
            </>
          )}
          {action === 'reject' && (
            <>
              <ReasonSelect
                label={t('loans.admin.reason')}
                codes={LOAN_REJECTION_REASONS}
                textKey={loanReasonKey}
                value={reasonCode}
                onChange={setReasonCode}
                testId="reject-reason"
              />
              <TextAreaField
                label={t('loans.admin.note')}
                hint={t('reasons.admin.noteHint')}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={500}
              />
            </>
          )}
          {action === 'disburse' && <p>{t('loans.admin.disburseText', { net: money(loan.disclosure.netProceeds), principal: money(loan.amount) })}</p>}
          {error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-accent" data-testid="action-error">
              {error}
            </p>
          )}
        </div>
      </Dialog>
    </div>
  );
}
