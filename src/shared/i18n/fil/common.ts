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
  retry: 'Subukang muli',
  showMore: 'Magpakita pa',
  showOlder: 'Ipakita ang mas luma',
  redirectingHome: 'Babalik sa home',
  unexpectedError: 'May hindi inaasahang error sa app!',
  takeMeBack: 'Ibalik Ako',
  skipToContent: 'Lumaktaw sa pangunahing nilalaman',
  listOr: { two: '{{first}} o {{last}}', many: '{{items}}, o {{last}}' },
  demoBadge: 'DEMO',
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
  code: {
    resend: 'Ipadala muli ang code',
    resendIn: 'Maipapadala muli ang code sa loob ng {{time}}',
    expiresAt: 'Mag-e-expire ang code sa {{time}} ({{left}} na lang).',
    expired: 'Nag-expire na ang code na ito. Humingi ng bago.',
  },
  offline: {
    title: 'Offline ka.',
    text: 'Gumagana ang mga pampublikong pahina at ang loan calculator mula sa naka-save sa teleponong ito. Ipinapakita lang ang iyong balanse, mga loan at wallet kapag online ka na ulit.',
  },
} as const;
