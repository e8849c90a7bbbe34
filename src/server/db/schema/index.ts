/**
 * The database schema, one file per owner. Each module writes only its own tables (DESIGN.md).
 * Amounts are bigint centavos. Nothing here needs PostgreSQL newer than 15.
 * After changing a table: `npm run db:generate` writes the next migration (never edit a landed one).
 */
export * from './identity';
export * from './otp';
export * from './outbox';
export * from './support';
export * from './activation';
export * from './ledger';
export * from './idempotency';
export * from './loans';
export * from './audit';
export * from './settings';
export * from './fx';
export * from './withdrawals';
export * from './repayments';
export * from './channel-payments';
export * from './provider-callbacks';
export * from './extensions';
export * from './accounting';
