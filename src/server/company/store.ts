import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { companyProfiles, users } from '../db/schema';
import type { CompanyProfile } from '../../shared/company/profile';
import { companyProfileSchema } from '../../shared/schemas/company';

/**
 * The company profile in force (DECISIONS.md invariant 8): the newest row of company_profiles
 * (saved by an ADMIN in the back office), else the configured one (COMPANY_PROFILE_FILE or DEMO).
 *
 * Every module reads it synchronously as `deps.config.company`, so the app keeps it in this
 * holder: loaded at start, replaced at once by the process that saves a new one, and checked at
 * the start of every API request (src/server/product/sync.ts: one small query for both the
 * profile and the product versions) so every process on the same database serves the same one.
 */

export interface StoredProfile {
  readonly profile: CompanyProfile;
  readonly source: 'DATABASE' | 'CONFIGURATION';
  readonly updatedAt: Date | null;
  readonly updatedBy: string | null;
}

export class CompanyProfileHolder {
  private stored: StoredProfile;
  /** The company_profiles id the holder was loaded at (null: none stored). */
  private loadedId: string | null = null;

  constructor(readonly configured: CompanyProfile) {
    this.stored = { profile: configured, source: 'CONFIGURATION', updatedAt: null, updatedBy: null };
  }

  get current(): CompanyProfile {
    return this.stored.profile;
  }

  get details(): StoredProfile {
    return this.stored;
  }

  set(stored: StoredProfile, id: string): void {
    this.stored = stored;
    this.loadedId = id;
  }

  /** Reloads only when the newest stored id differs from the one loaded. */
  async sync(db: DbOrTx, production: boolean, newestId: string | null): Promise<void> {
    if (newestId === this.loadedId) return;
    await this.refresh(db, production);
    this.loadedId = newestId;
  }

  /** Reloads from the database; a row that no longer validates is ignored (the configured profile stays). */
  async refresh(db: DbOrTx, production: boolean): Promise<StoredProfile> {
    this.stored = await readProfile(db, this.configured, production);
    return this.stored;
  }
}

/** The newest saved profile that validates (and is not DEMO in production), else the configured one. */
export async function readProfile(db: DbOrTx, configured: CompanyProfile, production: boolean): Promise<StoredProfile> {
  const [row] = await db
    .select({ profile: companyProfiles.profile, createdAt: companyProfiles.createdAt, by: users.fullName })
    .from(companyProfiles)
    .leftJoin(users, eq(users.id, companyProfiles.createdBy))
    .orderBy(desc(companyProfiles.id))
    .limit(1);
  if (!row) return { profile: configured, source: 'CONFIGURATION', updatedAt: null, updatedBy: null };
  // A profile saved before disclosureSignatory existed takes the configured signatory until an ADMIN saves one.
  const stored =
    row.profile !== null && typeof row.profile === 'object' ? { disclosureSignatory: configured.disclosureSignatory, ...row.profile } : row.profile;
  const parsed = companyProfileSchema.safeParse(stored);
  if (!parsed.success || (production && parsed.data.demo)) return { profile: configured, source: 'CONFIGURATION', updatedAt: null, updatedBy: null };
  return { profile: parsed.data, source: 'DATABASE', updatedAt: row.createdAt, updatedBy: row.by ?? null };
}
