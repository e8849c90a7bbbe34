import { activation } from './activation';
import { loans } from './loans';
import { settings } from './settings';
import { withdrawals } from './withdrawals';
import { backoffice } from './backoffice';
import { reasons } from './reasons';
import { repayments } from './repayments';
import { channelPayments } from './channel-payments';
import { servicing } from './servicing';
import { extensions } from './extensions';
import { documents } from './documents';
import { collections } from './collections';
import { delivery } from './delivery';
import { limits } from './limits';

/**
 * The Filipino texts of the signed-in pages (mirrors en/member-area.ts). The browser loads them with
 * the first of those pages when Filipino is chosen, not with the landing page.
 */
export const filMemberArea = {
  activation,
  loans,
  withdrawals,
  settings,
  backoffice,
  reasons,
  repayments,
  channelPayments,
  servicing,
  extensions,
  documents,
  collections,
  delivery,
  limits,
} as const;
