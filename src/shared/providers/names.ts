/**
 * The payment and payout providers Tapat has adapters for (src/server/providers/registry.ts). The
 * configuration's choices (COLLECTION_PROVIDER, PAYOUT_PROVIDER, lower case), the API's schemas
 * and the database's CHECK constraints are built from these lists, so a provider is named once.
 */

/** Who collects a borrower's payment through a channel (bank transfer, e-wallet, over the counter). */
export const COLLECTION_PROVIDERS = ['SIMULATED', 'XENDIT'] as const;
export type CollectionProviderName = (typeof COLLECTION_PROVIDERS)[number];

/** Who pays a withdrawal out to the member's own account (MANUAL: an officer sends it and records the outcome). */
export const PAYOUT_PROVIDERS = ['SIMULATED', 'MANUAL', 'XENDIT'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/** A name as the configuration spells it (lower case), and back. */
export function configName<N extends string>(name: N): Lowercase<N> {
  return name.toLowerCase() as Lowercase<N>;
}

/** The SQL list of names for a CHECK constraint: ('SIMULATED', 'XENDIT'). */
export function sqlList(names: readonly string[]): string {
  return `(${names.map((n) => `'${n}'`).join(', ')})`;
}
