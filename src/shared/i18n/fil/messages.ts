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
    approved:
      '{{company}}: aprubado ang iyong loan application {{number}} para sa PHP {{amount}} sa loob ng {{term}} buwan (PHP {{instalment}} kada buwan). Basahin ang kontrata at ang disclosure statement sa app at pumirma gamit ang code na ipapadala namin. Wala kang babayaran para matanggap ang iyong loan.',
    approvedNewOffer:
      '{{company}}: aprubado ang iyong loan application {{number}} na may bagong alok: PHP {{amount}} sa loob ng {{term}} buwan (PHP {{instalment}} kada buwan) sa halip na ang PHP {{requestedAmount}} sa loob ng {{requestedTerm}} buwan na inaplayan mo. Dahilan: {{reason}} Basahin ang bagong disclosure statement sa app at tanggapin ang bagong alok bago ka pumirma. Wala kang babayaran para matanggap ang iyong loan.',
    approvedSubject: 'Aprubado ang iyong loan {{number}}',
    approvedEmail:
      'Mahal na {{name}},\n\n{{text}}\n\nNet proceeds: PHP {{net}}. Kabuuang babayaran: PHP {{total}}. Effective interest rate: {{monthly}} % kada buwan ({{annual}} % kada taon).\n\n{{companyName}}\nSEC Registration No. {{sec}}, Certificate of Authority No. {{coa}}',
    rejected: '{{company}}: hindi namin maaprubahan ang iyong loan application {{number}}. Nasa app ang dahilan. Maaari kang mag-apply muli.',
    signed:
      '{{company}}: pinirmahan mo ang loan contract {{number}}. Ipapasok ang iyong loan sa iyong wallet sa loob ng {{disbursementHours}} oras. I-download ang kontrata sa app anumang oras.',
    disbursed:
      '{{company}}: naipadala na ang iyong loan {{number}}: nasa wallet mo na ang PHP {{amount}}. Unang hulog PHP {{first}}, dapat bayaran sa {{due}}. Libre ang pag-withdraw sa sarili mong account.',
  },
  email: {
    codeSubject: 'I-verify ang iyong e-mail address para sa {{company}}',
    code: 'Ang iyong {{company}} code para i-verify ang e-mail address na ito ay {{code}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman. Kung hindi ikaw ang humiling nito, huwag pansinin ang mensaheng ito: walang magbabago.',
    takenSubject: 'May sumubok idagdag ang address na ito sa isang {{company}} account',
    taken:
      'Ang e-mail address na ito ay pag-aari na ng isang {{company}} account. May naka-sign in sa ibang account na humiling na i-verify ito roon: walang code na ipinadala at walang nagbago. Kung iyo ito, mag-sign in sa iyong account. Kung hindi ikaw ang humiling, wala kang kailangang gawin.',
  },
  support: {
    replySubject: 'Ang mensahe mo sa {{company}}',
    replyIntro: 'Sinagot ni {{officer}} ng {{company}} ang iyong mensahe. Ito ang sariling mga salita ni {{officer}}:',
    replyWarning:
      'Hindi kailanman humihingi ang {{company}} ng bayad para ma-release, ma-unlock o ma-withdraw ang loan, at hindi ka kailanman pinagbabayad sa account ng iba o pinapabuksan ng link na hindi sa amin. Kung may mensaheng ganito, huwag magbayad: sabihan kami sa {{supportEmail}}.',
    replyFooter:
      '{{company}}\nIto ay sagot sa mensaheng ipinadala mo gamit ang aming contact form. Hindi ka namin kailanman hihingan ng bayad para matanggap, ma-unlock o ma-withdraw ang loan: kung may humingi, huwag magbayad at sabihan kami. May tanong: {{supportEmail}}',
  },
  privacy: {
    deletionCompletedSubject: 'Nabura na ang data ng iyong {{company}} account',
    deletionCompleted:
      '{{company}}: ayon sa hiling mo noong {{date}}, binura na namin ang iyong personal na data at isinara ang iyong account. Ang itinatago lang namin ay ang mga record na iniuutos ng batas na itago ng nagpapautang (mga loan, bayad, pahintulot) sa loob ng {{years}} taon mula sa huli mong loan, nang wala ang iyong contact details. May tanong: {{supportEmail}}',
    deletionRejectedSubject: 'Ang iyong kahilingan na burahin ang data sa {{company}}',
    deletionRejected:
      '{{company}}: hindi namin nabura ang iyong data ayon sa hiling mo noong {{date}}. Dahilan: {{reason}} Bukas pa rin ang iyong account. May tanong: {{supportEmail}}',
  },
  payout: {
    changedSubject: 'Napalitan ang payout account mo sa {{company}}',
    changed:
      '{{company}}: napalitan ang iyong payout account ng {{account}}. Libre ang pagpapalit ng payout account. Kung hindi ikaw ito, makipag-ugnayan agad sa support.',
    changedWithHold:
      '{{company}}: napalitan ang iyong payout account ng {{account}}. Para sa iyong kaligtasan, nakahinto ang mga withdrawal hanggang {{until}} (oras sa Pilipinas). Libre ang pagpapalit ng payout account. Kung hindi ikaw ito, makipag-ugnayan agad sa support.',
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
