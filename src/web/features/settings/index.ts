/** What pages and other features may use of the settings feature (its entry point; the rest is internal). */
export { AccountDialog } from './AccountDialog';
export { ContractDialog } from './ContractDialog';
export { CreditScoreCard } from './CreditScoreCard';
export { DataRights } from './DataRights';
export { EmailCard } from './EmailCard';
export { INFO_TOPICS, InfoDialog } from './InfoDialog';
export type { InfoTopic } from './InfoDialog';
export { MaskedPhone } from './MaskedPhone';
export { PasswordDialog } from './PasswordDialog';
export { PayoutAccountDialog } from './PayoutAccountDialog';
export { QuickLink } from './QuickLink';
export { WithdrawalDialog } from './WithdrawalDialog';
