import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { maskPhoneNational } from '../../../shared/phone/phone';
import { REVEAL_MS, RevealValue } from './RevealValue';

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
  return (
    <RevealValue
      masked={maskPhoneNational(phone)}
      full={formatPhone(phone)}
      revealLabel={t('member.settings.revealLabel', { seconds: REVEAL_MS / 1000 })}
      showText={t('member.settings.reveal')}
      hideText={t('member.settings.hide')}
    />
  );
}
