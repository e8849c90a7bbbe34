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
  wrongArea: {
    staff: {
      title: 'Para sa mga miyembro ang pahinang ito',
      text: 'Naka-sign in ka gamit ang staff account. Para sa mga nanghihiram ang mga pahina ng miyembro (dashboard, wallet, settings); nasa back office ang iyong trabaho.',
      link: 'Pumunta sa back office',
    },
    member: {
      title: 'Para sa staff ang pahinang ito',
      text: 'Naka-sign in ka gamit ang member account. Para lamang sa staff ng nagpapautang ang back office.',
      link: 'Pumunta sa iyong dashboard',
    },
  },
} as const;
