/** Filipino messages of the 'errors' namespace (partial: missing keys fall back to English). */
export const errors = {
  NO_SERVER_RESPONSE: 'Walang tugon mula sa server',
  CODE_SENDS_BUSY: 'Hindi kami makapagpadala ng code ngayon. Pakisubukang muli mamaya.',
} as const;
