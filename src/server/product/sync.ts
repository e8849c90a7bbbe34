import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';

/**
 * Keeps this process's company profile and product versions in step with the database: one small
 * query (the newest company_profiles id and product version), and a reload only when one changed.
 * The app runs it at the start of every API request, so several processes never disagree.
 */
export async function syncConfiguration(deps: Pick<AppDeps, 'db' | 'config' | 'companyProfile' | 'products'>): Promise<void> {
  const result = await deps.db.execute<{ company_id: string | null; product_version: number | null }>(
    sql`select (select max(id) from company_profiles)::text as company_id, (select max(version) from product_versions) as product_version`,
  );
  const row = result.rows[0];
  await deps.companyProfile.sync(deps.db, deps.config.production, row?.company_id ?? null);
  await deps.products.sync(deps.db, row?.product_version ?? null);
}
