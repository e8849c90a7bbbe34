import type { messages as en } from '../en/messages';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Ang mga SMS at e-mail na isinusulat ng server, sa Filipino (tingnan ang en/messages.ts). */
export const messages: Shape<typeof en> = {
  codes: {
    verification: 'Ang iyong {{company}} verification code ay {{code}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman.',
    passwordReset:
      'Ang iyong {{company}} code para sa pagpapalit ng password ay {{code}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman. Kung hindi ikaw ang humiling na palitan ang password, huwag pansinin ang mensaheng ito.',
  },
  loans: {
    signingCode:
      '{{company}}: {{code}} ang code mo para pirmahan ang loan contract {{number}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman: hindi namin ito hihingin, at wala kang babayaran para matanggap ang iyong loan.',
  },
  payout: {
    changeCode:
      '{{company}}: {{code}} ang code mo para palitan ang iyong payout account sa {{institution}} {{account}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman. Libre ang pagpapalit ng payout account.',
  },
  password: {
    changed:
      'Napalitan ang password mo sa {{company}} at na-sign out ang iba mong device. Kung hindi ikaw ito, gamitin ang "Forgot password?" at tawagan agad ang support.',
    changedSubject: 'Napalitan ang password mo sa {{company}}',
    reset: 'Napalitan ang password mo sa {{company}} at na-sign out ang lahat ng device. Kung hindi ikaw ito, tawagan agad ang support.',
  },
};
