/** The ledger: the only writer of ledger accounts, transfers and entries (DESIGN.md). */
export * from './ledger';
export { checkLedger, type LedgerCheckResult } from './check';
export { createPairedTransfer, type PairedTransfer, type PairedTransferRequest, type TransferPair } from './paired-transfer';
