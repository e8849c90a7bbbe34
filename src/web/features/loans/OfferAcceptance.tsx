import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import type { LoanView } from '../../../shared/schemas/loans';
import { loanReasonKey } from '../../../shared/reasons/catalogue';
import { DisclosureView } from './DisclosureView';
import { dateTime, money } from '../../lib/format';
import { loanKeys } from './queries';

/**
 * A counter-offer: the amount and term offered against the application, the reason from
 * the fixed catalogue, the new disclosure statement, and an explicit acceptance before the contract
 * can be signed. The page says 'accepted' only after the server has answered.
 */
export function OfferAcceptance({ loan }: { readonly loan: LoanView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [disclosure, setDisclosure] = useState(false);
  const offer = loan.offer;
  if (!offer?.counterOffer) return null;

  const accept = async () => {
    setBusy(true);
    try {
      await call(() => import('../../../shared/api/loans').then((m) => m.loansApi.acceptOffer), { body: { amount: offer.amount, term: offer.term } });
      toast.success(t('loans.offer.accepted'));
      setDisclosure(false);
      await queryClient.invalidateQueries({ queryKey: loanKeys.current });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
      await queryClient.invalidateQueries({ queryKey: loanKeys.current });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
      data-testid="counter-offer"
      aria-labelledby="counter-offer-title"
    >
      <h3 id="counter-offer-title" className="font-bold text-brand">
        {t('loans.offer.title')}
      </h3>
      <p>
        {t('loans.offer.text', {
          requested: money(offer.requestedAmount),
          requestedTerm: t('loans.panel.months', { count: offer.requestedTerm }),
          amount: money(offer.amount),
          term: t('loans.panel.months', { count: offer.term }),
        })}
      </p>
      {offer.reasonCode && (
        <p className="font-semibold" data-testid="counter-offer-reason">
          {t('loans.offer.reason', { reason: t(loanReasonKey(offer.reasonCode)) })}
        </p>
      )}
      {offer.acceptedAt ? (
        <p role="status">{t('loans.offer.acceptedOn', { date: dateTime(offer.acceptedAt, i18n.language) })}</p>
      ) : (
        <>
          <p>{t('loans.offer.review')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant={loan.canAcceptOffer ? 'accent' : 'outline'} onClick={() => setDisclosure(true)}>
              {loan.canAcceptOffer ? t('loans.offer.readToAccept') : t('loans.offer.viewDisclosure')}
            </Button>
          </div>
        </>
      )}
      {/* The new statement is in front of the borrower when they accept: the accept button is at its foot. */}
      <Dialog
        open={disclosure}
        onClose={() => setDisclosure(false)}
        size="xl"
        title={t('loans.offer.viewDisclosure')}
        footer={
          <>
            <Button variant="outline" onClick={() => setDisclosure(false)}>
              {t('common.close')}
            </Button>
            {loan.canAcceptOffer && !offer.acceptedAt && (
              <Button variant="accent" onClick={() => void accept()} busy={busy}>
                {t('loans.offer.accept')}
              </Button>
            )}
          </>
        }
      >
        <DisclosureView disclosure={loan.disclosure} />
      </Dialog>
    </section>
  );
}
