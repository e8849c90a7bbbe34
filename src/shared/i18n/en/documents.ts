/**
 * Messages of the 'documents' namespace: the labels of the disclosure statement and contract PDFs
 * (the PDFs follow the borrower's language). The contract's own text is the signed
 * version (English); its frame and the disclosure statement follow the language asked for.
 */
export const documents = {
  preview: 'PREVIEW: NOT SIGNED',
  advisory: 'Read the Disclosure Statement before accepting a loan.',
  page: 'Page {{page}} of {{total}}',
  /** The loan's product, in the reader's language (decision 083). */
  product: 'Product: {{name}}',
  contract: {
    subtitle: 'Loan Application No. {{loan}} | template {{template}}',
    signature: 'Electronic signature',
    signedBy: 'Signed by the Borrower on {{at}} with the one-time code sent to {{phone}}.',
    sha: 'SHA-256 of the signed documents: {{sha}}',
    binding: '',
  },
  disclosure: {
    title: 'DISCLOSURE STATEMENT ON LOAN/CREDIT TRANSACTION',
    subtitle: 'Loan Application No. {{loan}} | Republic Act No. 3765 (Truth in Lending Act) | product version {{version}}',
    amountFinanced: '1. Amount to be financed (principal)',
    financeCharges: '2. Finance charges',
    deducted: ' (deducted from proceeds)',
    added: ' (added to the instalments)',
    totalFinanceCharge: '    Total finance charge',
    nonFinanceCharges: '    Non-finance charges',
    nonFinance: { INSURANCE: 'Insurance premiums', TAXES: 'Taxes', REGISTRATION: 'Registration fees', NOTARIAL: 'Notarial fees', OTHER: 'Other charges' },
    totalNonFinanceCharges: '    Total non-finance charges',
    nonFinanceNote: 'Any tax or notarial fee of this product is a finance charge above and is not repeated here.',
    product: 'Loan product',
    statementDate: 'Date of this statement (Philippine time, Asia/Manila)',
    borrower: 'Borrower',
    borrowerAddress: 'Address of the borrower',
    noAddress: 'not given',
    reissued: 'Re-issued at disbursement: the schedule is dated from the disbursement date {{date}}; the statement the borrower signed is kept unchanged.',
    certifiedCorrect: 'CERTIFIED CORRECT: {{name}}, {{position}}, for {{company}}',
    deductedFromProceeds: '3. Deducted from the proceeds',
    netProceeds: '4. Net proceeds of the loan',
    totalPayable: '5. Total amount payable',
    instalments: '6. Payable in {{count}} monthly instalments of',
    instalmentsSemiMonthly: '6. Payable in {{count}} instalments twice a month of',
    timing: '    Due',
    eirMonthly: '7. Effective interest rate (a month)',
    eirAnnual: '    Effective interest rate (a year, 12 x the monthly rate)',
    nominal: '    Nominal interest rate',
    nominalAddOn: '{{rate}} % a month of the principal (add-on)',
    nominalBalance: '{{rate}} % a month on the balance',
    cap: '8. Limit on interest, fines and fees ({{rate}} % a year)',
    maxFines: '    of which fines at most',
    late: '9. Late payment (after the grace days)',
    lateValue: '{{daily}} % a day, {{collection}} % collection charge, after {{days}} days',
    converted:
      'For information: principal {{currency}} {{principal}}, instalment {{currency}} {{instalment}}, total {{currency}} {{total}}, at {{rate}} {{currency}} per PHP (1 {{currency}} = PHP {{displayRate}}) as of {{asOf}}, rounded up. The loan is in PHP.',
    schedule: 'Repayment schedule (due dates fall monthly from the disbursement date; shown from {{start}})',
    scheduleChosen: 'Repayment schedule (due dates as chosen above, from the disbursement date; shown from {{start}})',
    columns: {
      number: 'No.',
      dueDate: 'Due date',
      principal: 'Principal',
      interest: 'Interest',
      fees: 'Fees',
      instalment: 'Instalment',
      balance: 'Balance after',
    },
    noFee:
      'No fee is payable before disbursement or to withdraw the proceeds. The borrower may repay early at any time without a fee (Republic Act No. 11765).',
    signedOriginal:
      'This statement re-issues, from the disbursement date, the one the Borrower received and signed electronically on {{at}} (one-time code sent to {{phone}}; SHA-256 of the signed documents: {{sha}}), which is kept unchanged.',
    signed: 'Received and signed electronically by the Borrower on {{at}} (one-time code sent to {{phone}}). SHA-256 of the signed documents: {{sha}}',
  },
} as const;
