/** Filipino messages of the 'repayments' namespace. Keys mirror src/shared/i18n/en/repayments.ts. */
export const repayments = {
  lineStatus: {
    UPCOMING: 'Paparating',
    DUE: 'Dapat bayaran',
    PAID: 'Bayad na',
    PAID_LATE: 'Bayad na (huli)',
    OVERDUE: 'Lampas na sa takdang petsa ({{days}} araw)',
  },
  component: { CHARGE: 'Multa sa pagkahuli', FEES: 'Mga bayarin', INTEREST: 'Interes', PRINCIPAL: 'Prinsipal' },
  chargeKind: {
    PENALTY_INTEREST: 'Interes sa pagkahuli: {{rate}} % bawat araw ng {{overdue}} na lampas na, {{days}} araw mula sa takdang petsa',
    COLLECTION: 'Singil sa paniningil: {{rate}} % ng {{overdue}} na lampas na',
    capped: 'Binawasan upang manatili sa hangganan ng gastos na nakasaad sa iyong kontrata.',
  },
  waiveReason: {
    HARDSHIP: 'Kahirapang pinansyal',
    SYSTEM_ERROR: 'Maling singil (sistema)',
    PAYMENT_DELAY_NOT_BORROWER_FAULT: 'Naantala ng bangko o channel ang bayad',
    GOODWILL: 'Pagbibigay-konsiderasyon',
    DISPUTE_RESOLVED: 'Naresolba ang reklamo pabor sa nanghiram',
    FAIR_ALLOCATION:
      'Ibinalik: ang naunang bayad mo ay inilalapat na ngayon muna sa mga susunod mong hulog, kaya nabayaran sa oras ang hulog na ito at hindi dapat nasingil ang multang ito',
  },
  errors: {
    amount: 'Ilagay ang halaga sa piso na may hanggang 2 decimal.',
    amountPositive: 'Ilagay ang halagang higit sa 0.00.',
    belowMinimum: 'Ang pinakamaliit na bayad na tinatanggap ngayon ay {{min}} (isang hulog na hindi pa bayad, o lahat ng utang).',
    aboveOutstanding: 'Ang halaga ay higit sa {{max}} na maaari mong bayaran sa utang na ito ngayon.',
    aboveBalance: 'Ang halaga ay higit sa magagamit mong balanse sa wallet na {{available}}.',
    noLoan: 'Wala kang na-disburse na utang na babayaran.',
    notDisbursed: 'Hindi pa na-disburse ang utang na ito: wala pang babayaran.',
    repaid: 'Bayad na nang buo ang utang na ito.',
    quoteExpired: 'Nag-expire na ang payoff quote na ito. Humingi ng bago.',
    quoteStale: 'Nagbago ang halaga ng utang mula nang ibigay ang quote na ito. Humingi ng bago.',
    quoteUsed: 'Nabayaran na ang payoff quote na ito.',
    chargeNotWaivable: 'Bayad na o na-waive na ang singil na ito.',
    approvalOwnPayment: 'Ibang officer ang dapat mag-apruba ng bayad na itinala mo.',
    paymentNotPending: 'Ang bayad na ito ay hindi naghihintay ng apruba.',
    noPayment: 'Walang ganitong bayad.',
    noCharge: 'Walang ganitong singil.',
    noQuote: 'Walang ganitong payoff quote.',
    receivedInFuture: 'Hindi maaaring nasa hinaharap ang petsa ng pagkatanggap.',
    receivedBeforeDisbursement: 'Mas maaga ang petsa ng pagkatanggap kaysa sa pag-disburse ng loan.',
  },
  email: {
    receiptSubject: '{{company}}: resibo {{reference}} ng iyong bayad sa utang {{loan}}',
    receiptFooter:
      'Nasa pahina ng iyong utang sa app ang iyong resibo (PDF), kasama kung saan napunta ang bawat piso. Sa iyo lamang ipinadala ang mensaheng ito.',
  },
  sms: {
    receipt:
      '{{company}}: natanggap ang bayad {{reference}} na PHP {{amount}} sa utang {{loan}}: prinsipal {{principal}}, interes {{interest}}, multa {{charges}}, bayarin {{fees}}. Natitirang balanse PHP {{remaining}}.',
    receiptRepaid: '{{company}}: natanggap ang bayad {{reference}} na PHP {{amount}}. Bayad na nang buo ang iyong utang {{loan}}. Salamat!',
    DUE_IN_3_DAYS:
      '{{company}}: paalala: ang iyong hulog {{line}} na PHP {{amount}} sa utang {{loan}} ay dapat bayaran sa {{due}}. Maaari kang magbayad mula sa iyong wallet sa app.',
    DUE_TODAY:
      '{{company}}: ang iyong hulog {{line}} na PHP {{amount}} sa utang {{loan}} ay dapat bayaran ngayong araw, {{due}}. Maaari kang magbayad mula sa iyong wallet sa app.',
    OVERDUE_1_DAY:
      '{{company}}: ang iyong hulog {{line}} na PHP {{amount}} sa utang {{loan}} ay dapat nabayaran noong {{due}}. May multa pagkalipas ng {{grace}} araw. Magbayad sa app, o tumawag sa amin kung kailangan mo ng tulong.',
    OVERDUE_WEEKLY:
      '{{company}}: PHP {{amount}} ang lampas na sa takdang petsa sa utang {{loan}} mula {{due}}. Magbayad sa app upang matigil ang multa, o tumawag sa amin para pag-usapan ang iyong mga opsyon.',
  },
} as const;
