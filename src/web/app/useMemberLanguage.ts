import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../shared/schemas/auth';

/**
 * Shows the signed-in pages in the member's own language, the one the server keeps for them
 * (users.language, set when they switch language while signed in): after signing in on another
 * browser, the pages follow it, as the SMS, e-mail and PDFs do. Applied when the person or their
 * stored language changes, so a switch made on this page (which saves it) is not undone.
 */
export function useMemberLanguage(user: SessionUser | null | undefined): void {
  const { i18n } = useTranslation();
  const phone = user?.phone;
  const language = user?.language;
  useEffect(() => {
    if (language && i18n.language !== language) void i18n.changeLanguage(language);
    // Not on i18n.language: a switch on the page is the member's own and is saved (LanguageSwitch).
  }, [phone, language, i18n]);
}
