import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { productVersions } from '../db/schema';
import { draftToProduct } from '../../shared/loan/draft';
import { PRODUCT_VERSIONS, type ProductConfig } from '../../shared/loan/product';
import { assertValidProduct } from '../../shared/loan/validate';
import { productDraftSchema } from '../../shared/schemas/product';

/**
 * The loan product versions of one app: the ones in code (PRODUCT_VERSIONS) and the ones an ADMIN
 * created (product_versions). Versions never change, so once loaded a version stays; `sync` loads
 * the newer ones (the app calls it at the start of every API request, so every process offers the
 * same current version and knows every loan's version).
 */
export class ProductCatalog {
  private readonly versions = new Map<number, ProductConfig>();
  private latest: ProductConfig;
  private loadedDbMax = 0;

  constructor() {
    for (const p of PRODUCT_VERSIONS) {
      assertValidProduct(p); // a configuration that breaks a cap is refused before anything is offered
      this.versions.set(p.version, p);
    }
    this.latest = PRODUCT_VERSIONS[PRODUCT_VERSIONS.length - 1]!;
  }

  /** The version offered to new applications: the highest. */
  get current(): ProductConfig {
    return this.latest;
  }

  /** The highest version number known, in code or stored. */
  get maxVersion(): number {
    return this.latest.version;
  }

  /** A loan's version; throws for an unknown one (sync first). */
  byVersion(version: number): ProductConfig {
    const p = this.versions.get(version);
    if (!p) throw new RangeError(`Unknown product version ${version}`);
    return p;
  }

  /** Adds a version (after it was stored and validated). */
  add(p: ProductConfig): void {
    this.versions.set(p.version, p);
    if (p.version > this.latest.version) this.latest = p;
    if (p.version > this.loadedDbMax) this.loadedDbMax = p.version;
  }

  /** Loads the stored versions newer than those already known. `knownMax` (from a cheap query) skips the read when nothing is new. */
  async sync(db: DbOrTx, knownMax?: number | null): Promise<void> {
    if (knownMax !== undefined && (knownMax ?? 0) <= this.loadedDbMax) return;
    const rows = await db.select().from(productVersions).where(gt(productVersions.version, this.loadedDbMax)).orderBy(asc(productVersions.version));
    for (const row of rows) {
      const draft = productDraftSchema.parse(row.draft);
      this.add(draftToProduct(draft, row.version, row.effectiveFrom));
    }
  }
}
