import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { maskPhoneNational } from '../../../shared/phone/phone';

/** Specification section 9: a revealed number is masked again after 3 seconds. */
export const REVEAL_MS = 3000;

/** '+63 917 123 4567' for an E.164 number (the number as it is, when it cannot be read). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * The member's phone number masked but the country code and the first 3 digits (specification
 * section 3, "Masking"), with a reveal button that shows it in full for 3 seconds.
 */
export function MaskedPhone({ phone }: { readonly phone: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    if (!revealed) return;
    const id = setTimeout(() => setRevealed(false), REVEAL_MS);
    return () => clearTimeout(id);
  }, [revealed]);

  return (
    <span className="flex flex-wrap items-center gap-3">
      <span className="font-mono text-ink" aria-live="polite">
        {revealed ? formatPhone(phone) : maskPhoneNational(phone)}
      </span>
      <button
        type="button"
        onClick={() => setRevealed((r) => !r)}
        aria-pressed={revealed}
        aria-label={revealed ? t('member.settings.hide') : t('member.settings.revealLabel')}
        className="min-h-11 rounded-md px-3 text-xs font-semibold text-brand uppercase hover:bg-brand-light"
      >
        {revealed ? t('member.settings.hide') : t('member.settings.reveal')}
      </button>
    </span>
  );
}
