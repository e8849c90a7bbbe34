import { withdrawalsFlow } from './withdrawals-flow';

/** Filipino messages of the 'withdrawals' namespace. */
export const withdrawals = {
  status: {
    AWAITING_CODE: {
      label: 'Naghihintay ng code',
      message:
        'Ilagay ang {{digits}}-digit na code na ipinadala namin sa iyong telepono para kumpirmahin ang withdrawal na ito. Nakahold ang halaga sa iyong wallet hanggang doon.',
    },
    PROCESSING: {
      label: 'Pinoproseso',
      message: 'Papunta na sa iyong account ang iyong withdrawal. Inaabot ng {{instapayMinutesMin}} hanggang {{instapayMinutesMax}} minuto ang transfer.',
    },
    PAID: { label: 'Naipadala', message: 'Naipadala na sa iyong account ang iyong withdrawal.' },
    PARTLY_PAID: {
      label: 'Bahagyang naipadala',
      message:
        'Naipadala sa iyong account ang ilang transfer ng withdrawal na ito; ang iba ay hindi natuloy at nasa iyong wallet na muli ang halaga ng mga ito.',
    },
    FAILED: { label: 'Hindi natuloy', message: 'Hindi natuloy ang transfer. Nasa iyong wallet na muli ang halaga.' },
    EXPIRED: { label: 'Nag-expire', message: 'Hindi nakumpirma sa oras ang withdrawal na ito. Nasa iyong wallet na muli ang halaga.' },
    CANCELLED: { label: 'Kinansela', message: 'Kinansela mo ang withdrawal na ito. Nasa iyong wallet na muli ang halaga.' },
  },
  parts: {
    sentAs: 'Ipapadala bilang {{count}} na transfer: {{parts}}',
    times: '{{amount}} × {{count}}',
    label: 'Transfer {{index}} ng {{count}}',
    returned: '+{{amount}} ibinalik sa iyong wallet',
    summary: '{{sent}} naipadala · {{returned}} ibinalik sa iyong wallet',
    status: {
      PENDING: 'Naghihintay ng iyong code',
      PROCESSING: 'Pinoproseso',
      PAID: 'Naipadala',
      FAILED: 'Hindi natuloy: ibinalik sa iyong wallet',
      CANCELLED: 'Hindi ipinadala: nasa iyong wallet muli',
    },
  },
  channel: {
    INSTAPAY: 'InstaPay (real time)',
    PESONET: 'PESONet (sa parehong araw o sa susunod na banking day)',
  },
  outbox: {
    scheduled:
      'Nakahold dahil sa tahimik na oras: ipapadala sa {{time}} (ipinapadala ang mga mensahe mula {{quietFromHour}}:00 hanggang {{quietUntilHour}}:00, oras ng Pilipinas).',
  },
  actor: { MEMBER: 'Ikaw', STAFF: 'Tapat', SYSTEM: 'Tapat' },
  errors: {
    amount: 'Ilagay ang halaga sa piso na may hanggang 2 decimal lamang.',
    amountPositive: 'Maglagay ng halagang higit sa 0.00.',
    belowMinimum: 'Ang pinakamababang withdrawal ay {{min}}.',
    aboveChannelMax: 'Ang pinakamataas para sa isang transfer ay {{max}}.',
    aboveBalance: 'Mas malaki ang halaga kaysa sa iyong magagamit na balanse na {{available}}.',
    ewalletMax: 'Hanggang {{max}} lamang kada transfer ang natatanggap ng mga e-wallet.',
    aboveSplitMax: 'Ang pinakamalaking maipapadala ng isang withdrawal ay {{max}}.',
    code: 'Invalid OTP',
    blocked: 'Naka-pause ang mga withdrawal nang {{hours}} oras pagkatapos palitan ang payout account, hanggang {{until}} (oras sa Pilipinas).',
    open: 'May withdrawal kang naghihintay ng code. Kumpirmahin o kanselahin muna ito.',
    noDestination: 'Magdagdag muna ng payout account bago mag-withdraw.',
    state: 'Hindi na mababago ang withdrawal na ito.',
    resendTooSoon: 'Maghintay ng {{resendSeconds}} segundo pagkatapos ng isang code bago humingi ng bago.',
    bankReference: 'Ilagay ang bank reference gaya ng nasa bangko: {{bankReferenceMin}} hanggang {{bankReferenceMax}} na letra, numero, espasyo o bantas.',
    reasonCode: 'Pumili ng isa sa mga dahilan sa catalogue.',
    note: 'Hanggang {{internalNoteMax}} na character lamang ang internal note.',
    withdrawReason: 'Sabihin kung bakit mo binabawi ang hiling ({{withdrawReasonMin}} hanggang {{internalNoteMax}} na character).',
    bankReferenceUsed:
      'Nakatala na ang bank reference na ito sa payout {{reference}}: isang bank transfer ay para sa isang payout lamang. Suriin ang reference.',
    notFound: 'Walang ganitong withdrawal.',
    partNotFound: 'Walang ganitong transfer ng withdrawal na ito.',
    failureReason: 'Pumili ng isa sa mga dahilan ng hindi natuloy na payout.',
  },
  notify: {
    greeting: 'Magandang araw, {{name}},',
    emailFooter: 'Reference {{reference}}. Laging libre ang pag-withdraw. Kung hindi ikaw ang humiling nito, tawagan kami o sumulat agad sa {{supportEmail}}.',
    requestedEmail:
      'Humiling ka na mag-withdraw ng {{amount}} papunta sa {{destination}}. Nagpadala kami ng {{digits}}-digit na code sa iyong telepono: ilagay ito sa app para kumpirmahin. Nakahold ang halaga sa iyong wallet hanggang doon.',
    requested: {
      sms: '{{company}}: ang iyong withdrawal code ay {{code}}. Reference {{reference}}. Mag-e-expire ito sa loob ng {{minutes}} minuto. Huwag itong ibigay kaninuman.',
      subject: 'Ang iyong withdrawal code',
    },
    PROCESSING: {
      sms: '{{company}}: ipinapadala na sa iyong account ang withdrawal {{reference}}. Inaabot ng {{instapayMinutesMin}} hanggang {{instapayMinutesMax}} minuto ang transfer.',
      subject: 'Papunta na ang iyong withdrawal',
    },
    PAID: {
      sms: '{{company}}: naipadala na sa iyong account ang withdrawal {{reference}} na {{amount}}.',
      subject: 'Naipadala na ang iyong withdrawal',
    },
    PARTLY_PAID: {
      sms: '{{company}}: withdrawal {{reference}}: naipadala na sa iyong account ang {{sent}}; hindi naipadala ang {{returned}} at nasa iyong wallet na ito muli.',
      subject: 'Bahagyang naipadala ang iyong withdrawal',
    },
    FAILED: {
      sms: '{{company}}: hindi natuloy ang withdrawal {{reference}}. Nasa iyong wallet na muli ang halaga.',
      subject: 'Hindi natuloy ang iyong withdrawal',
    },
    EXPIRED: {
      sms: '{{company}}: hindi nakumpirma sa oras ang withdrawal {{reference}}. Nasa iyong wallet na muli ang halaga.',
      subject: 'Nag-expire ang iyong hiling na withdrawal',
    },
    CANCELLED: {
      sms: '{{company}}: kinansela mo ang withdrawal {{reference}}. Nasa iyong wallet na muli ang halaga.',
      subject: 'Nakansela ang iyong withdrawal',
    },
  },
  flow: withdrawalsFlow,
} as const;
