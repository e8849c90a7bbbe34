import { enUpfront } from './upfront';
import { enMemberArea } from './member-area';

/**
 * The English catalogue without the legal texts. The browser loads it in two parts (enUpfront with
 * the first page, enMemberArea with the first signed-in page); the Terms and Privacy texts
 * (namespace 'legal') load with their dialog.
 */
export const enCore = { ...enUpfront, ...enMemberArea } as const;
