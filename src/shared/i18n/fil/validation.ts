/** Filipino messages of the 'validation' namespace (partial: missing keys fall back to English). */
export const validation = {} as const;
