/** Filipino messages of the 'loans' namespace. */
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
  wallet: {
    title: 'Wallet',
    balance: 'Magagamit na balanse',
    history: 'Kasaysayan ng transaksiyon',
  },
} as const;
