/** What pages and other features may use of the withdrawal feature (its entry point; the rest is internal). */
export { RecentWithdrawals } from './RecentWithdrawals';
export { WithdrawalFlow } from './WithdrawalFlow';
export { reloadWallet } from './queries';
