import { validation } from './validation';
import { errors } from './errors';
import { common } from './common';
import { publicSite } from './public';
import { auth } from './auth';
import { member } from './member';
import { activation } from './activation';
import { loans } from './loans';
import { settings } from './settings';
import { withdrawals } from './withdrawals';
import { backoffice } from './backoffice';
import { repayments } from './repayments';

/**
 * The Filipino catalogue (partial: i18next falls back to English) without the legal texts: what the browser loads up front.
 * The Terms and Privacy texts (namespace 'legal') load with their dialog.
 */
export const filCore = { validation, errors, common, public: publicSite, auth, member, activation, loans, withdrawals, settings, backoffice, repayments } as const;
