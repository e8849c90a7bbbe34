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
  },
  payout: {
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
