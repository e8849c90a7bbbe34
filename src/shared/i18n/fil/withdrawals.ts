import { withdrawalsFlow } from './withdrawals-flow';

/** Filipino messages of the 'withdrawals' namespace. */
export const withdrawals = {
  status: {
    AWAITING_CODE: { label: 'Naghihintay ng code' },
    PROCESSING: { label: 'Pinoproseso', message: 'Papunta na sa iyong account ang iyong withdrawal. Inaabot ng 10 hanggang 60 minuto ang transfer.' },
    PAID: { label: 'Naipadala', message: 'Naipadala na sa iyong account ang iyong withdrawal.' },
    FAILED: { label: 'Hindi natuloy', message: 'Hindi natuloy ang transfer. Nasa iyong wallet na muli ang halaga.' },
    EXPIRED: { label: 'Nag-expire' },
    CANCELLED: { label: 'Kinansela' },
  },
  errors: {
    code: 'Invalid OTP',
  },
  flow: withdrawalsFlow,
} as const;
