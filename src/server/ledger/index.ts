/** The ledger: the only writer of ledger accounts, transfers and entries (DESIGN.md), by concern. */
export * from './accounts';
export * from './balances';
export * from './transfers';
export * from './statements';
export * from './reports';
export { checkLedger, type LedgerCheckResult } from './check';
export { createPairedTransfer, type PairedTransfer, type PairedTransferRequest, type TransferPair } from './paired-transfer';
