import { validation } from './validation';
import { errors } from './errors';
import { common } from './common';
import { publicSite } from './public';
import { auth } from './auth';
import { member } from './member';
import { activation } from './activation';
import { loans } from './loans';

/**
 * The English catalogue without the legal texts: what the browser loads up front.
 * The Terms and Privacy texts (namespace 'legal') load with their dialog.
 */
export const enCore = { validation, errors, common, public: publicSite, auth, member, activation, loans } as const;
