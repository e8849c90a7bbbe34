import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { ConfigurationVersions } from '../sessions/store';

type SyncDeps = Pick<AppDeps, 'db' | 'config' | 'companyProfile' | 'products'>;

/**
 * Keeps this process's company profile and product versions in step with the database: one small
 * query (the newest company_profiles id and product_versions seq), and a reload only when one changed.
 * Every API request checks the versions, so several processes never disagree: the session hook
 * reads them in the same statement as the session (findSessionAndVersions) and calls
 * applyConfigurationVersions; this reads them on their own (start, jobs).
 */
export async function syncConfiguration(deps: SyncDeps): Promise<void> {
  const result = await deps.db.execute<{ company_id: string | null; product_seq: string | number | null }>(
    sql`select (select max(id) from company_profiles)::text as company_id, (select max(seq) from product_versions) as product_seq`,
  );
  const row = result.rows[0];
  await applyConfigurationVersions(deps, { companyId: row?.company_id ?? null, productSeq: row?.product_seq == null ? null : Number(row.product_seq) });
}

/** Reloads the company profile or the product versions only when the stored newest differs from the loaded one. */
export async function applyConfigurationVersions(deps: SyncDeps, versions: ConfigurationVersions): Promise<void> {
  await deps.companyProfile.sync(deps.db, deps.config.production, versions.companyId);
  await deps.products.sync(deps.db, versions.productSeq);
}
