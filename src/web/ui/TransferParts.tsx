import { useTranslation } from 'react-i18next';
import { toDecimalString, type Centavos } from '../../shared/money/money';
import type { WithdrawalPartDto } from '../../shared/schemas/withdrawals';
import { groupParts } from '../../shared/withdrawal/split';
import { money } from '../lib/format';
import { withdrawalReasonKey } from '../../shared/reasons/catalogue';

/**
 * One withdrawal sent as several transfers (docs/decisions/033-split-withdrawals.md): the line
 * "Sent as 4 transfers: ₱50,000.00 × 3 + ₱40,000.00" from the shared split rule, and each transfer
 * with its status once the server has them.
 */
export function SplitNote({ parts }: { readonly parts: readonly { readonly amount: Centavos }[] }) {
  const { t } = useTranslation();
  if (parts.length < 2) return null;
  const text = groupParts(parts)
    .map((g) => (g.count > 1 ? t('withdrawals.parts.times', { amount: money(toDecimalString(g.amount)), count: g.count }) : money(toDecimalString(g.amount))))
    .join(' + ');
  return (
    <p className="text-sm font-semibold text-ink" data-testid="withdrawal-split">
      {t('withdrawals.parts.sentAs', { count: parts.length, parts: text })}
    </p>
  );
}

const PART_COLOUR: Record<WithdrawalPartDto['status'], string> = {
  PENDING: 'text-muted',
  PROCESSING: 'text-sky-800',
  PAID: 'text-emerald-800',
  FAILED: 'text-red-800',
  CANCELLED: 'text-amber-800',
};

/**
 * Each transfer of a withdrawal with its status (nothing for a single transfer); a failed one shows
 * its amount coming back (+) to the wallet, never as money that left.
 */
export function TransferParts({ parts }: { readonly parts: readonly WithdrawalPartDto[] }) {
  const { t } = useTranslation();
  if (parts.length < 2) return null;
  return (
    <ol className="mt-1 flex flex-col gap-1 text-xs" data-testid="withdrawal-parts">
      {parts.map((p) => (
        <li key={p.index} className="flex flex-wrap justify-between gap-x-3" data-part-status={p.status}>
          <span>
            {t('withdrawals.parts.label', { index: p.index, count: parts.length })} · <span className="tabular-nums">{money(p.amount)}</span>
          </span>
          <span className={`font-semibold ${PART_COLOUR[p.status]}`}>
            {t(`withdrawals.parts.status.${p.status}`)}
            {p.failureReasonCode ? ` (${t(withdrawalReasonKey(p.failureReasonCode))})` : ''}
          </span>
          {p.status === 'FAILED' && (
            <span className="w-full text-right font-semibold text-emerald-700" data-testid="part-returned">
              {t('withdrawals.parts.returned', { amount: money(p.amount) })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
