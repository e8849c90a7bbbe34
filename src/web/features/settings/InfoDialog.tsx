import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, WITHDRAWAL_FEE } from '../../../shared/withdrawal/channels';
import { formatMoney } from '../../../shared/money/money';
import { usePublicConfig } from '../../lib/queries';
import { Dialog } from '../../ui/Dialog';

export type InfoTopic = 'transfer' | 'pay' | 'borrow';
export const INFO_TOPICS: readonly InfoTopic[] = ['transfer', 'pay', 'borrow'];

/**
 * The Transfer, Pay and Borrow informational dialogs (specification section 2), with honest text
 * (DECISIONS.md section 2: nothing says that keeping money in the wallet raises the credit score).
 */
export function InfoDialog({ topic, onClose }: { readonly topic: InfoTopic | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const email = config.data?.company.supportEmail ?? '';
  return (
    <Dialog open={topic !== null} onClose={onClose} title={topic ? t(`settings.info.${topic}.title`) : ''} closeText={t('settings.info.close')}>
      {topic && (
        <div className="flex flex-col gap-3 text-sm text-ink" data-topic={topic}>
          {(['p1', 'p2', 'p3'] as const).map((p) => (
            <p key={p}>
              {t(`settings.info.${topic}.${p}`, { email, instapayMax: formatMoney(CHANNEL_LIMITS.INSTAPAY.max), fee: formatMoney(WITHDRAWAL_FEE) })}
            </p>
          ))}
          {topic === 'pay' && (
            <Link to="/loan" onClick={onClose} className="min-h-11 content-center self-start font-semibold text-brand underline underline-offset-4">
              {t('settings.info.pay.link')}
            </Link>
          )}
        </div>
      )}
    </Dialog>
  );
}
