/** Words used across the app. */
export const common = {
  appName: 'Tapat',
  close: 'Close',
  ok: 'OK',
  cancel: 'Cancel',
  continue: 'Continue',
  optional: 'optional',
  showPassword: 'Show',
  hidePassword: 'Hide',
  loading: 'LOADING...',
  /** The next page of a list (a cursor from the server). */
  /** A failed load's retry button (src/web/ui/ListState.tsx). */
  retry: 'Try again',
  showMore: 'Show more',
  /** The next, older page of a history. */
  showOlder: 'Show older',
  redirectingHome: 'Redirecting to home',
  unexpectedError: 'Unexpected Application Error!',
  takeMeBack: 'Take Me Back',
  skipToContent: 'Skip to main content',
  /** A list of alternatives (src/web/lib/format.ts formatList): "6 or 12", "6, 12, or 24". */
  listOr: { two: '{{first}} or {{last}}', many: '{{items}}, or {{last}}' },
  demoBadge: 'DEMO',
  wrongArea: {
    staff: {
      title: 'This page is for members',
      text: 'You are signed in with a staff account. Member pages (dashboard, wallet, settings) belong to borrowers; your work is in the back office.',
      link: 'Go to the back office',
    },
    member: {
      title: 'This page is for staff',
      text: 'You are signed in with a member account. The back office is for the lender’s staff only.',
      link: 'Go to your dashboard',
    },
  },
  /** The one-time code field (src/web/ui/CodeField.tsx), the same in every flow that sends a code. */
  code: {
    resend: 'Resend code',
    resendIn: 'Resend code in {{time}}',
    expiresAt: 'The code expires at {{time}} ({{left}} left).',
    expired: 'This code has expired. Ask for a new one.',
  },
  offline: {
    title: 'You are offline.',
    text: 'The public pages and the loan calculator work from what this phone saved. Your balances, loans and wallet are shown only when you are back online.',
  },
} as const;
