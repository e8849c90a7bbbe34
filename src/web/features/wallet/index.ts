/** What pages and other features may use of the wallet feature (its entry point; the rest is internal). */
export { WalletSummary } from './WalletSummary';
