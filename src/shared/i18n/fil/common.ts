/** Filipino messages of the 'common' namespace. */
export const common = {
  appName: 'Tapat',
  close: 'Isara',
  ok: 'OK',
  cancel: 'Kanselahin',
  continue: 'Magpatuloy',
  optional: 'opsyonal',
  showPassword: 'Ipakita',
  hidePassword: 'Itago',
  loading: 'NAGLO-LOAD...',
  redirectingHome: 'Babalik sa home',
  unexpectedError: 'May hindi inaasahang error sa app!',
  takeMeBack: 'Ibalik Ako',
  skipToContent: 'Lumaktaw sa pangunahing nilalaman',
  demoBadge: 'DEMO',
} as const;
