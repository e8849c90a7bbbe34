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
  wallet: {
    title: 'Wallet',
    balance: 'Magagamit na balanse',
    history: 'Kasaysayan ng transaksiyon',
  },
} as const;
