/** Filipino messages of the 'loans' namespace (partial: missing keys fall back to English). */
export const loans = {
  statusLabel: {
    PENDING: 'Nakabinbin',
    UNDER_REVIEW: 'Sinusuri',
    APPROVED: 'Aprubado',
    CONTRACT_SIGNED: 'Napirmahan ang kontrata',
    DISBURSED: 'Nailabas na',
    ACTIVE: 'Aktibo',
    REPAID: 'Bayad na',
    REJECTED: 'Hindi naaprubahan',
    CANCELLED: 'Kinansela',
  },
  panel: {
    title: 'Loan',
    apply: 'Mag-apply na',
    term: 'Termino',
    estimate: 'Buwanang hulog',
  },
  wallet: {
    title: 'Wallet',
    balance: 'Magagamit na balanse',
    history: 'Kasaysayan ng transaksiyon',
    line: {
      disbursed: 'Ang loan {{reference}} ay ipinasok sa iyong wallet',
      held: 'Withdrawal {{reference}}: naka-hold ang halaga',
      paid: 'Withdrawal {{reference}} sa iyong payout account',
      returned: {
        FAILED: 'Hindi natuloy ang withdrawal {{reference}}: ibinalik ang halaga sa iyong wallet',
        CANCELLED: 'Kinansela ang withdrawal {{reference}}: ibinalik ang halaga sa iyong wallet',
        EXPIRED: 'Nag-expire ang withdrawal {{reference}}: ibinalik ang halaga sa iyong wallet',
      },
      other: 'Galaw sa wallet',
    },
    entry: {
      CREDIT: 'Pumasok',
      DEBIT: 'Naipadala',
      HOLD: 'Naka-hold',
      RELEASE: 'Ibinalik',
    },
    heldThen: 'Na-hold, saka ibinalik ({{status}})',
    balanceAfter: 'Balanse {{amount}}',
  },
} as const;
