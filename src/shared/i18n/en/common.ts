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
  redirectingHome: 'Redirecting to home',
  unexpectedError: 'Unexpected Application Error!',
  takeMeBack: 'Take Me Back',
  skipToContent: 'Skip to main content',
  demoBadge: 'DEMO',
} as const;
