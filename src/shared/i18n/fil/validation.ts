/** Filipino messages of the 'validation' namespace (partial: missing keys fall back to English). */
export const validation = {
  phoneMobile: 'Maglagay ng mobile number na nakakatanggap ng SMS: doon namin ipapadala ang iyong code.',
} as const;
