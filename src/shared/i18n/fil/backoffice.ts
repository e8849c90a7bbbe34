/** Ang back office (bahagi lamang: ang iba ay nasa Ingles). */
export const backoffice = {
  nav: { audit: 'Audit log', settings: 'Mga setting' },
  audit: {
    title: 'Audit log',
    apply: 'Ilapat ang mga filter',
    clear: 'I-clear',
    empty: 'Walang tala na tugma sa mga filter na ito.',
  },
  settings: {
    title: 'Mga setting',
    companyTitle: 'Profile ng kumpanya',
    saved: 'Na-save ang profile ng kumpanya.',
  },
} as const;
