import type { delivery as en } from '../en/delivery';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Ang pahina ng pagpapadala ng SMS at e-mail sa back office (/admin/outbox). */
export const delivery: Shape<typeof en> = {
  nav: 'Mga mensahe',
  title: 'Pagpapadala ng SMS at e-mail',
  intro:
    'Mga mensaheng hindi naipadala. Nakatago ang bahagi ng numero o address at ang mga one-time code. Ipinapadala muli ngayon ang mensahe kapag pinindot ang Ulitin.',
  providers: 'SMS sa pamamagitan ng {{sms}}, e-mail sa pamamagitan ng {{email}}.',
  outboxNote: 'Walang ipinapadala ang outbox adapter: nananatili sa database ang mga mensahe.',
  view: 'Ipakita',
  views: {
    PROBLEMS: 'Patay at pumapalya',
    DEAD: 'Patay (sumuko na)',
    FAILING: 'Pumapalya (susubukan muli)',
    WAITING: 'Naghihintay (hindi pa nasusubukan)',
    SENT: 'Naipadala',
    ALL: 'Lahat',
  },
  counts: 'Patay: {{dead}} · Pumapalya: {{failing}} · Naghihintay: {{queued}} · Ipinapadala: {{sending}} · Naipadala: {{sent}}',
  empty: 'Walang mensahe sa listahang ito.',
  col: {
    created: 'Ginawa',
    channel: 'Paraan',
    recipient: 'Para kay',
    message: 'Mensahe',
    status: 'Status',
    attempts: 'Mga pagsubok',
    error: 'Huling error',
    actions: 'Aksyon',
  },
  status: { QUEUED: 'Naghihintay', SENDING: 'Ipinapadala', SENT: 'Naipadala', DEAD: 'Patay' },
  nextAttempt: 'Susunod na subok {{at}}',
  retry: 'Ulitin',
  retried: 'Nakapila muli ang mensahe.',
};
