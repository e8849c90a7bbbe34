import { validation } from './validation';
import { errors } from './errors';
import { common } from './common';
import { publicSite } from './public';
import { auth } from './auth';
import { member } from './member';

/**
 * The Filipino texts of the public site, sign-in and registration, the member navigation, and the
 * validation and error messages every form needs (mirrors en/upfront.ts). The browser loads them
 * when Filipino is chosen.
 */
export const filUpfront = { validation, errors, common, public: publicSite, auth, member } as const;
