import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { productVersions } from '../db/schema';
import { z } from 'zod';
import { draftProblems, draftToProduct } from '../../shared/loan/draft';
import { PRODUCT_VERSIONS, type ProductConfig } from '../../shared/loan/product';
import { assertValidProduct, validateProduct } from '../../shared/loan/validate';
import { parseAmount } from '../../shared/money/money';
import { productDraftSchema } from '../../shared/schemas/product';

/**
 * A version stored before issue 8's rules (free-text fee names, caps up to 100 %): read so that the
 * loans made under it keep their terms, never offered again.
 */
const legacyDraftSchema = productDraftSchema.extend({
  name: z.string(),
  fees: z.array(z.object({ code: z.string(), label: z.string(), flat: z.string(), bpsOfPrincipal: z.number().int().min(0) })),
  annualCostCapBps: z.number().int().min(1),
  penalties: z.object({ graceDays: z.number().int().min(0), dailyRateBps: z.number().int().min(0), collectionChargeBps: z.number().int().min(0) }),
});

function storedProduct(raw: unknown, version: number, effectiveFrom: string): ProductConfig {
  const current = productDraftSchema.safeParse(raw);
  if (current.success) return draftToProduct(current.data, version, effectiveFrom);
  const legacy = legacyDraftSchema.parse(raw);
  const product = draftToProduct({ ...legacy, fees: [] }, version, effectiveFrom);
  return {
    ...product,
    fees: legacy.fees.map((f) => ({
      code: f.code,
      label: f.label,
      treatment: 'DEDUCTED_FROM_PROCEEDS' as const,
      flat: parseAmount(f.flat) ?? 0n,
      bpsOfPrincipal: f.bpsOfPrincipal,
    })),
  };
}

/**
 * The loan product versions of one app: the ones in code (PRODUCT_VERSIONS) and the ones an ADMIN
 * created (product_versions). Versions never change, so once loaded a version stays; `sync` loads
 * the newer ones (the app calls it at the start of every API request, so every process offers the
 * same current version and knows every loan's version).
 *
 * A stored version that breaks the rules now in force (issue 8: a cap above the contract's 25 %, a
 * fee outside the catalogue) stays known for the loans made under it but is never offered: the
 * current version is the highest one that passes validateProduct.
 */
export class ProductCatalog {
  private readonly versions = new Map<number, ProductConfig>();
  private latest: ProductConfig;
  private highest = 0;
  private loadedDbMax = 0;

  constructor() {
    for (const p of PRODUCT_VERSIONS) {
      assertValidProduct(p); // a configuration that breaks a cap is refused before anything is offered
      this.versions.set(p.version, p);
    }
    this.latest = PRODUCT_VERSIONS[PRODUCT_VERSIONS.length - 1]!;
    this.highest = this.latest.version;
  }

  /** The version offered to new applications: the highest. */
  get current(): ProductConfig {
    return this.latest;
  }

  /** The highest version number known, in code or stored (offered or not): a new version is numbered after it. */
  get maxVersion(): number {
    return this.highest;
  }

  /** A loan's version; throws for an unknown one (sync first). */
  byVersion(version: number): ProductConfig {
    const p = this.versions.get(version);
    if (!p) throw new RangeError(`Unknown product version ${version}`);
    return p;
  }

  /** Adds a stored version; it is offered only when it passes today's rules. */
  add(p: ProductConfig): void {
    this.versions.set(p.version, p);
    const offerable = draftProblems(p).length === 0 && validateProduct(p).length === 0;
    if (offerable && p.version > this.latest.version) this.latest = p;
    if (p.version > this.highest) this.highest = p.version;
    if (p.version > this.loadedDbMax) this.loadedDbMax = p.version;
  }

  /** Loads the stored versions newer than those already known. `knownMax` (from a cheap query) skips the read when nothing is new. */
  async sync(db: DbOrTx, knownMax?: number | null): Promise<void> {
    if (knownMax !== undefined && (knownMax ?? 0) <= this.loadedDbMax) return;
    const rows = await db.select().from(productVersions).where(gt(productVersions.version, this.loadedDbMax)).orderBy(asc(productVersions.version));
    for (const row of rows) this.add(storedProduct(row.draft, row.version, row.effectiveFrom));
  }
}
