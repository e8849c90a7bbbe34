import { withdrawalsFlow } from './withdrawals-flow';

/** Messages of the 'withdrawals' namespace: withdrawal statuses, refusals and notifications. */
export const withdrawals = {
  status: {
    AWAITING_CODE: {
      label: 'Awaiting code',
      message: 'Enter the {{digits}}-digit code we sent to your phone to confirm this withdrawal. The amount is held in your wallet until then.',
    },
    PROCESSING: {
      label: 'Processing',
      message: 'Your withdrawal is on its way to your account. Transfers take {{instapayMinutesMin}} to {{instapayMinutesMax}} minutes.',
    },
    PAID: { label: 'Paid', message: 'Your withdrawal has been sent to your account.' },
    PARTLY_PAID: {
      label: 'Partly paid',
      message: 'Some transfers of this withdrawal were sent to your account; the others could not be completed and their amount is back in your wallet.',
    },
    FAILED: { label: 'Failed', message: 'The transfer could not be completed. The amount is back in your wallet.' },
    EXPIRED: { label: 'Expired', message: 'This withdrawal was not confirmed in time. The amount is back in your wallet.' },
    CANCELLED: { label: 'Cancelled', message: 'You cancelled this withdrawal. The amount is back in your wallet.' },
  },
  /** One withdrawal sent as several transfers (docs/decisions/033-split-withdrawals.md). */
  parts: {
    sentAs: 'Sent as {{count}} transfers: {{parts}}',
    times: '{{amount}} × {{count}}',
    label: 'Transfer {{index}} of {{count}}',
    returned: '+{{amount}} back in your wallet',
    summary: '{{sent}} sent · {{returned}} back in your wallet',
    status: {
      PENDING: 'Waiting for your code',
      PROCESSING: 'Processing',
      PAID: 'Paid',
      FAILED: 'Failed: returned to your wallet',
      CANCELLED: 'Not sent: back in your wallet',
    },
  },
  channel: {
    INSTAPAY: 'InstaPay (real time)',
    PESONET: 'PESONet (same or next banking day)',
  },
  outbox: {
    scheduled: 'Held for the quiet hours: to be sent at {{time}} (messages go out between {{quietFromHour}}:00 and {{quietUntilHour}}:00 Philippine time).',
  },
  actor: { MEMBER: 'You', STAFF: 'Tapat', SYSTEM: 'Tapat' },
  errors: {
    amount: 'Enter the amount in pesos with at most 2 decimals.',
    amountPositive: 'Enter an amount greater than 0.00.',
    belowMinimum: 'The minimum withdrawal is {{min}}.',
    aboveChannelMax: 'The maximum for one transfer is {{max}}.',
    aboveBalance: 'The amount is more than your available balance of {{available}}.',
    ewalletMax: 'E-wallets receive at most {{max}} a transfer.',
    aboveSplitMax: 'The most one withdrawal can send is {{max}}.',
    code: 'Invalid OTP',
    blocked: 'Withdrawals are paused for {{hours}} hours after a change of payout account, until {{until}} (Philippine time).',
    open: 'You have a withdrawal waiting for its code. Confirm or cancel it first.',
    noDestination: 'Add a payout account before you withdraw.',
    state: 'This withdrawal can no longer be changed.',
    resendTooSoon: 'Please wait {{resendSeconds}} seconds after a code before asking for a new one.',
    bankReference: 'Enter the bank reference as the bank shows it: {{bankReferenceMin}} to {{bankReferenceMax}} letters, digits, spaces or punctuation.',
    reasonCode: 'Choose one of the reasons of the catalogue.',
    note: 'The internal note is at most {{internalNoteMax}} characters.',
    withdrawReason: 'Say why you withdraw the request ({{withdrawReasonMin}} to {{internalNoteMax}} characters).',
    bankReferenceUsed: 'This bank reference is already recorded on payout {{reference}}: one bank transfer pays one payout. Check the reference.',
    notFound: 'There is no such withdrawal.',
    partNotFound: 'There is no such transfer of this withdrawal.',
    failureReason: 'Choose one of the payout failure reasons.',
  },
  notify: {
    greeting: 'Hello {{name}},',
    emailFooter: 'Reference {{reference}}. Withdrawing is always free. If you did not ask for this, call us or write to {{supportEmail}} at once.',
    requestedEmail:
      'You asked to withdraw {{amount}} to {{destination}}. We sent a {{digits}}-digit code to your phone: enter it in the app to confirm. The amount is held in your wallet until then.',
    requested: {
      sms: '{{company}}: your withdrawal code is {{code}}. Reference {{reference}}. It expires in {{minutes}} minutes. Never share it.',
      subject: 'Your withdrawal code',
    },
    PROCESSING: {
      sms: '{{company}}: withdrawal {{reference}} is being sent to your account. Transfers take {{instapayMinutesMin}} to {{instapayMinutesMax}} minutes.',
      subject: 'Your withdrawal is on its way',
    },
    PAID: {
      sms: '{{company}}: withdrawal {{reference}} of {{amount}} has been sent to your account.',
      subject: 'Your withdrawal has been sent',
    },
    PARTLY_PAID: {
      sms: '{{company}}: withdrawal {{reference}}: {{sent}} has been sent to your account; {{returned}} could not be sent and is back in your wallet.',
      subject: 'Your withdrawal was partly sent',
    },
    FAILED: {
      sms: '{{company}}: withdrawal {{reference}} could not be completed. The amount is back in your wallet.',
      subject: 'Your withdrawal could not be completed',
    },
    EXPIRED: {
      sms: '{{company}}: withdrawal {{reference}} was not confirmed in time. The amount is back in your wallet.',
      subject: 'Your withdrawal request expired',
    },
    CANCELLED: {
      sms: '{{company}}: you cancelled withdrawal {{reference}}. The amount is back in your wallet.',
      subject: 'Your withdrawal was cancelled',
    },
  },
  flow: withdrawalsFlow,
} as const;
