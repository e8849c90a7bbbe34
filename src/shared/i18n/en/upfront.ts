import { validation } from './validation';
import { errors } from './errors';
import { common } from './common';
import { publicSite } from './public';
import { auth } from './auth';
import { member } from './member';

/**
 * What the browser loads with the first page: the public site, sign-in and registration, the
 * member navigation, and the validation and error messages every form needs.
 */
export const enUpfront = { validation, errors, common, public: publicSite, auth, member } as const;
