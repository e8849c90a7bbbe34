/**
 * Filipino messages of the 'legal' namespace (partial: missing keys fall back to English).
 * The full legal text is in English until a reviewed translation is available.
 */
export const legal = {
  contents: 'Nilalaman',
  languageNote: 'Ang buong teksto ng dokumentong ito ay nasa Ingles pa lamang.',
  terms: {
    title: 'Mga Tuntunin at Kundisyon',
  },
  privacy: {
    title: 'Patakaran sa Privacy',
  },
} as const;
