/**
 * SMS and e-mail the server writes (namespace 'messages'), in the member's language
 * (users.language). Server-only: the browser never loads this namespace. Fixed templates; nothing
 * shaming (DECISIONS.md invariant 10).
 */
export const messages = {
  codes: {
    verification: 'Your {{company}} verification code is {{code}}. It expires in {{minutes}} minutes. Never share it.',
    passwordReset:
      'Your {{company}} password reset code is {{code}}. It expires in {{minutes}} minutes. Never share it. If you did not ask to reset your password, ignore this message.',
  },
  loans: {
    signingCode:
      '{{company}}: {{code}} is your code to sign loan contract {{number}}. It expires in {{minutes}} minutes. Never share it: we will never ask for it, and you never pay anything to receive your loan.',
    approved:
      '{{company}}: your loan application {{number}} is approved for PHP {{amount}} over {{term}} months (PHP {{instalment}} a month). Read the contract and the disclosure statement in the app and sign with the code we send you. You never pay anything to receive your loan.',
    approvedNewOffer:
      '{{company}}: your loan application {{number}} is approved with a new offer: PHP {{amount}} over {{term}} months (PHP {{instalment}} a month) instead of the PHP {{requestedAmount}} over {{requestedTerm}} months you applied for. Reason: {{reason}} Read the new disclosure statement in the app and accept the new offer before you sign. You never pay anything to receive your loan.',
    approvedSubject: 'Your loan {{number}} is approved',
    approvedEmail:
      'Dear {{name}},\n\n{{text}}\n\nNet proceeds: PHP {{net}}. Total amount payable: PHP {{total}}. Effective interest rate: {{monthly}} % a month ({{annual}} % a year).\n\n{{companyName}}\nSEC Registration No. {{sec}}, Certificate of Authority No. {{coa}}',
    rejected: '{{company}}: we could not approve your loan application {{number}}. The reason is in the app. You may apply again.',
    signed:
      '{{company}}: you signed loan contract {{number}}. Your loan will be disbursed to your wallet within {{disbursementHours}} hours. Download the contract in the app at any time.',
    disbursed:
      '{{company}}: your loan {{number}} is disbursed: PHP {{amount}} is in your wallet. First instalment PHP {{first}} due {{due}}. Withdrawing to your own account is free.',
  },
  email: {
    codeSubject: 'Verify your e-mail address for {{company}}',
    code: 'Your {{company}} code to verify this e-mail address is {{code}}. It expires in {{minutes}} minutes. Never share it. If you did not ask for it, ignore this message: nothing changes.',
    takenSubject: 'Someone tried to add this address to a {{company}} account',
    taken:
      'This e-mail address already belongs to a {{company}} account. Someone signed in to another account asked to verify it there: we sent no code and nothing changed. If it is yours, sign in to your account. If you did not ask, you need do nothing.',
  },
  support: {
    replySubject: 'Your message to {{company}}',
    replyIntro: '{{officer}} of {{company}} answered your message. These are {{officer}}’s own words:',
    replyWarning:
      '{{company}} never asks for a payment to release, unlock or withdraw a loan, and never asks you to pay anyone’s account or to open a link other than its own. If a message does, do not pay: tell us at {{supportEmail}}.',
    replyFooter:
      '{{company}}\nThis is a reply to the message you sent with our contact form. We never ask you to pay anything to receive, unlock or withdraw a loan: if anyone does, do not pay, and tell us. Questions: {{supportEmail}}',
  },
  privacy: {
    deletionCompletedSubject: 'Your {{company}} account data was deleted',
    deletionCompleted:
      '{{company}}: as you asked on {{date}}, we deleted your personal data and closed your account. We keep only the records the law requires a lender to keep (loans, payments, consents) for {{years}} years after your last loan, without your contact details. Questions: {{supportEmail}}',
    deletionRejectedSubject: 'Your {{company}} data deletion request',
    deletionRejected:
      '{{company}}: we could not delete your data as you asked on {{date}}. Reason: {{reason}} Your account stays open. Questions: {{supportEmail}}',
  },
  payout: {
    changedSubject: 'Your {{company}} payout account was changed',
    changed: '{{company}}: your payout account was changed to {{account}}. Changing your payout account is free. If this was not you, contact support now.',
    changedWithHold:
      '{{company}}: your payout account was changed to {{account}}. For your safety, withdrawals are paused until {{until}} (Philippine time). Changing your payout account is free. If this was not you, contact support now.',
    changeCode:
      '{{company}}: {{code}} is your code to change your payout account to {{institution}} {{account}}. It expires in {{minutes}} minutes. Never share it. Changing your payout account is free.',
  },
  password: {
    changed:
      'Your {{company}} password was changed and your other devices were signed out. If this was not you, use "Forgot password?" and contact support now.',
    changedSubject: 'Your {{company}} password was changed',
    reset: 'Your {{company}} password was changed and every device was signed out. If this was not you, contact support now.',
  },
} as const;
