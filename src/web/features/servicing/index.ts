/** What pages and other features may use of the servicing feature (its entry point; the rest is internal). */
export { ChargesList } from './ChargesList';
export { DocumentLinks } from './DocumentLinks';
export { LoanSummary } from './LoanSummary';
export { PayFromWallet } from './PayFromWallet';
export { PaymentsList } from './PaymentsList';
export { Payoff } from './Payoff';
export { RemindersList } from './RemindersList';
export { ScheduleTable } from './ScheduleTable';
export { Section } from './Section';
export { StatusHistory } from './StatusHistory';
export { ChannelPayment } from './channel/ChannelPayment';
export { ExtensionRequest } from './extension/ExtensionRequest';
export { reloadAfterPayment, useServicing } from './queries';
