/** Filipino messages of the 'common' namespace (partial: missing keys fall back to English). */
export const common = {
  close: 'Isara',
  ok: 'OK',
  cancel: 'Kanselahin',
  continue: 'Magpatuloy',
  optional: 'opsyonal',
  loading: 'NAGLO-LOAD...',
  redirectingHome: 'Babalik sa home',
  takeMeBack: 'Ibalik Ako',
  skipToContent: 'Lumaktaw sa pangunahing nilalaman',
} as const;
