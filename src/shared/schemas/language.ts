import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/** PUT /api/member/language: the language the member's SMS and e-mail are written in (set when they switch language in the app). */
export const memberLanguageSchema = z.object({ language: z.enum(LANGUAGES.map((l) => l.code) as ['en', 'fil']) }).strict();
export type MemberLanguage = z.infer<typeof memberLanguageSchema>;
