/** Messages of the 'member' namespace: member navigation and the member pages. */
export const member = {
  nav: {
    label: 'Member menu',
    home: 'Home',
    wallet: 'Wallet',
    loan: 'My loan',
    settings: 'Settings',
    activate: 'Activate',
    signOut: 'Sign Out',
    logout: 'Logout',
    locked: '(activate your account first)',
  },
  guard: {
    checking: 'Checking your session',
  },
  dash: {
    greeting: 'Hello, {{name}}!',
    intro: 'This is your Tapat home.',
    banner: 'Activate your account before applying loan',
    bannerText: 'Tell us who you are and where to send your loan. It takes about 10 minutes.',
    activateButton: 'Activate Account',
    loanTitle: 'Loan application',
  },
  wallet: {
    title: 'Wallet',
    placeholder: 'Your wallet will show here once you have a loan.',
    empty: "We haven't received any loan applications so far.",
    noFees: 'Tapat never asks you to pay anything to receive or withdraw a loan.',
  },
  settings: {
    title: 'Settings',
    phone: 'Phone number',
    reveal: 'Show',
    revealLabel: 'Show the phone number for 3 seconds',
    hide: 'Hide',
    name: 'Name',
  },
  activate: {
    title: 'Activate your account',
    intro:
      'Before you can apply for a loan, we need to confirm who you are and where to send the money. Every licensed lender in the Philippines must know its borrowers.',
    whatTitle: 'What we will ask',
    what: {
      personal: 'Personal information: your name, date of birth, gender, marital status and nationality.',
      address: 'Your address: where you live now.',
      references: 'Two character references: people who know you well. We never contact them to collect a debt.',
      identity: 'A government-issued ID (front and back) and a selfie, so we can confirm the ID is yours.',
      bank: 'A bank or e-wallet account in your own name, where we send your loan.',
    },
    whyTitle: 'Why we ask',
    why: 'We use this information to confirm your identity, to prevent fraud and to offer you an amount you can repay. We do not use it for anything else.',
    protectTitle: 'How your data is protected',
    protect:
      'Your data is handled under the Data Privacy Act of 2012. Your ID and selfie images will be kept private, never at a public web address, and every staff view of them will be logged. You may ask our Data Protection Officer for a copy of your data or for its deletion at any time.',
    timeTitle: 'How long it takes',
    time: 'About 10 minutes. Have your ID and your bank or e-wallet details ready.',
    soon: 'The activation steps open in the next release of Tapat. There is nothing to fill in yet; this page will guide you when they are ready.',
    backHome: 'Back to Home',
  },
} as const;
