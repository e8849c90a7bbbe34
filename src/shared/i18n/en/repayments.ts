/**
 * Messages of the 'repayments' namespace: instalment statuses, payment refusals, waiver
 * reasons, and the fixed SMS templates of receipts and reminders (DECISIONS.md invariant 10: only to
 * the borrower, 06:00 to 22:00 Philippine time, no shaming content). {{placeholders}} are filled by
 * the server from the loan's own numbers.
 */
export const repayments = {
  lineStatus: {
    UPCOMING: 'Upcoming',
    DUE: 'Due',
    PAID: 'Paid',
    PAID_LATE: 'Paid late',
    OVERDUE: 'Overdue ({{days}} days)',
  },
  component: { CHARGE: 'Late charges', FEES: 'Fees', INTEREST: 'Interest', PRINCIPAL: 'Principal' },
  chargeKind: {
    PENALTY_INTEREST: 'Late payment interest: {{rate}} % a day of {{overdue}} overdue, {{days}} days after the due date',
    COLLECTION: 'Collection charge: {{rate}} % of {{overdue}} overdue',
    capped: 'Reduced to stay within the cost cap of your contract.',
  },
  waiveReason: {
    HARDSHIP: 'Financial hardship',
    SYSTEM_ERROR: 'Charged in error (system)',
    PAYMENT_DELAY_NOT_BORROWER_FAULT: 'Payment delayed by the bank or channel',
    GOODWILL: 'Goodwill',
    DISPUTE_RESOLVED: 'Dispute resolved in the borrower’s favour',
    FAIR_ALLOCATION:
      'Reversed: your earlier payment is now applied to your next instalments first, so this instalment was paid on time and this charge should not have been made',
  },
  errors: {
    amount: 'Enter the amount in pesos with at most 2 decimals.',
    amountPositive: 'Enter an amount greater than 0.00.',
    belowMinimum: 'The smallest payment accepted now is {{min}} (an unpaid instalment, or everything owed).',
    aboveOutstanding: 'The amount is more than the {{max}} you can pay on this loan now.',
    aboveBalance: 'The amount is more than your available wallet balance of {{available}}.',
    noLoan: 'You have no disbursed loan to pay.',
    notDisbursed: 'This loan is not disbursed yet: there is nothing to pay.',
    repaid: 'This loan is already fully repaid.',
    quoteExpired: 'This payoff quote has expired. Ask for a new one.',
    quoteStale: 'The amount owed changed since this quote. Ask for a new one.',
    quoteUsed: 'This payoff quote has already been paid.',
    chargeNotWaivable: 'This charge is already paid or waived.',
    approvalOwnPayment: 'Another officer must approve a payment you recorded.',
    paymentNotPending: 'This payment is not waiting for approval.',
    noPayment: 'There is no such payment.',
    noCharge: 'There is no such charge.',
    noQuote: 'There is no such payoff quote.',
    receivedInFuture: 'The date received cannot be in the future.',
    receivedBeforeDisbursement: 'The date received is before the loan was disbursed.',
  },
  email: {
    receiptSubject: '{{company}}: receipt {{reference}} for your payment on loan {{loan}}',
    receiptFooter: 'Your receipt (PDF) with the allocation of every peso is on your loan page in the app. This message was sent only to you.',
  },
  sms: {
    receipt:
      '{{company}}: payment {{reference}} of PHP {{amount}} received on loan {{loan}}: principal {{principal}}, interest {{interest}}, late charges {{charges}}, fees {{fees}}. Remaining balance PHP {{remaining}}.',
    receiptRepaid: '{{company}}: payment {{reference}} of PHP {{amount}} received. Your loan {{loan}} is fully repaid. Thank you!',
    DUE_IN_3_DAYS:
      '{{company}}: reminder: your instalment {{line}} of PHP {{amount}} on loan {{loan}} is due on {{due}}. You can pay from your wallet in the app.',
    DUE_TODAY: '{{company}}: your instalment {{line}} of PHP {{amount}} on loan {{loan}} is due today, {{due}}. You can pay from your wallet in the app.',
    OVERDUE_1_DAY:
      '{{company}}: your instalment {{line}} of PHP {{amount}} on loan {{loan}} was due on {{due}}. Late charges start after {{grace}} days. Pay in the app, or call us if you need help.',
    OVERDUE_WEEKLY:
      '{{company}}: PHP {{amount}} is past due on loan {{loan}} since {{due}}. Pay in the app to stop late charges, or call us to talk about your options.',
  },
} as const;
