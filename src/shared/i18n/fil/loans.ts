/** Filipino messages of the 'loans' namespace (partial: missing keys fall back to English). */
export const loans = {
  panel: {
    title: 'Loan',
    apply: 'Mag-apply na',
    term: 'Termino',
    estimate: 'Buwanang hulog',
  },
  submitting: {
    title: 'Isinusumite...',
    text: 'Maaaring tumagal ito nang hanggang 1 minuto. Huwag munang gamitin ang iyong bank app.',
  },
  disclosure: {
    feeKinds: {
      SERVICE: 'Bayad sa serbisyo',
      DOCUMENTARY_STAMP_TAX: 'Documentary stamp tax (buwis)',
      NOTARIAL: 'Bayad sa notaryo',
      CREDIT_INVESTIGATION: 'Bayad sa credit investigation',
    },
  },
  status: {
    actions: {
      ACCEPT_OFFER: 'Tinanggap ang bagong alok',
    },
  },
  offer: {
    title: 'Bagong alok para sa iyong aplikasyon',
    text: 'Nag-apply ka ng {{requested}} sa loob ng {{requestedTerm}}. Maipapahiram namin sa iyo ang {{amount}} sa loob ng {{term}}.',
    reason: 'Dahilan: {{reason}}',
    review: 'Basahin muna ang bagong Disclosure Statement bago tumanggap. Wala kang babayaran para matanggap ang iyong loan, at maaari mo rin itong kanselahin.',
    viewDisclosure: 'Bagong Disclosure Statement',
    accept: 'Tanggapin ang bagong alok',
    accepted: 'Tinanggap ang bagong alok. Maaari mo nang basahin at pirmahan ang kontrata.',
    acceptedOn: 'Tinanggap mo ang alok na ito noong {{date}}.',
  },
  wallet: {
    title: 'Wallet',
    balance: 'Magagamit na balanse',
    history: 'Kasaysayan ng transaksiyon',
  },
} as const;
