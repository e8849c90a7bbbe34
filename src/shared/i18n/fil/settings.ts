/** Filipino messages of the 'settings' namespace (partial: English is the fallback). */
export const settings = {
  quick: {
    withdrawal: 'Pag-withdraw',
    contract: 'Kontrata',
    password: 'Password',
    payout: 'Payout account',
  },
  creditScore: {
    title: 'Credit score',
    whatIs: 'Ano ang credit score?',
    noData: 'Wala pang datos',
  },
  password: {
    title: 'Palitan ang password',
    current: 'Kasalukuyang password',
    new: 'Bagong password',
    confirm: 'Kumpirmahin ang bagong password',
    loading: 'Pinapalitan ang password.',
    success: 'Matagumpay na napalitan ang iyong password.',
  },
  withdrawal: {
    title: 'Pag-withdraw',
    empty: 'Wala pa kaming natatanggap na withdrawal.',
    totalHeld: 'Para sa tatanggap (hindi pa naipapadala)',
    returned: 'Ibinalik sa iyong wallet',
  },
  contract: {
    title: 'Kontrata',
    empty: 'Wala pa kaming natatanggap na aplikasyon ng loan.',
  },
} as const;
