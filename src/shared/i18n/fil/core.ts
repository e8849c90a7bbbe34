import { filUpfront } from './upfront';
import { filMemberArea } from './member-area';

/**
 * The Filipino catalogue without the legal texts (mirrors en/core.ts). The browser loads it in two
 * parts like English (filUpfront when Filipino is chosen, filMemberArea with the first signed-in
 * page); the Terms and Privacy texts (namespace 'legal') load with their dialog.
 */
export const filCore = { ...filUpfront, ...filMemberArea } as const;
