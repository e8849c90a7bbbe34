import type { AdminWithdrawalRow } from '../../../../shared/schemas/withdrawals';

export type Part = AdminWithdrawalRow['parts'][number];
/** What the dialog marks: the whole payout, or one transfer of a withdrawal sent as several. */
export type Mark = { readonly row: AdminWithdrawalRow; readonly as: 'paid' | 'failed' | 'confirm' | 'withdraw'; readonly part?: Part };
