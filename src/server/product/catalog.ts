import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { productVersions } from '../db/schema';
import { z } from 'zod';
import { draftProblems, draftToProduct, type ProductIdentity } from '../../shared/loan/draft';
import { currentDescriptions } from '../../shared/loan/description';
import { DEFAULT_PRODUCT_CODE, PRODUCT_V1, PRODUCT_VERSIONS, type ProductConfig } from '../../shared/loan/product';
import { assertValidProduct, validateProduct } from '../../shared/loan/validate';
import { parseAmount } from '../../shared/money/money';
import { storedProductDraftSchema } from '../../shared/schemas/product';

/**
 * A version stored before today's product rules (free-text fee names, caps up to 100 %): read so
 * that the loans made under it keep their terms, never offered again.
 */
const legacyDraftSchema = storedProductDraftSchema.extend({
  name: z.string(),
  fees: z.array(z.object({ code: z.string(), label: z.string(), flat: z.string(), bpsOfPrincipal: z.number().int().min(0) })),
  annualCostCapBps: z.number().int().min(1),
  penalties: z.object({ graceDays: z.number().int().min(0), dailyRateBps: z.number().int().min(0), collectionChargeBps: z.number().int().min(0) }),
});

/**
 * A description the code stated its figures in (before decision 086), copied into a stored draft by
 * the edit form, is read as the template that replaced it; no stored row is rewritten.
 */
function withCurrentDescriptions(p: ProductConfig): ProductConfig {
  const descriptions = currentDescriptions(p.descriptions);
  return descriptions === p.descriptions ? p : { ...p, descriptions };
}

function storedProduct(raw: unknown, identity: ProductIdentity, version: number, effectiveFrom: string): ProductConfig {
  const current = storedProductDraftSchema.safeParse(raw);
  if (current.success) return withCurrentDescriptions(draftToProduct(current.data, version, effectiveFrom, identity));
  const legacy = legacyDraftSchema.parse(raw);
  const product = withCurrentDescriptions(draftToProduct({ ...legacy, fees: [] }, version, effectiveFrom, identity));
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

/** The names and descriptions a stored draft carries, if any. */
function textsOfDraft(raw: unknown): Pick<ProductIdentity, 'names' | 'descriptions'> | null {
  const parsed = storedProductDraftSchema.safeParse(raw);
  return parsed.success && parsed.data.names && parsed.data.descriptions ? { names: parsed.data.names, descriptions: parsed.data.descriptions } : null;
}

/** A stored version as the catalogue reads it. */
export interface StoredVersion {
  readonly productCode: string;
  readonly version: number;
  readonly draft: unknown;
  readonly retired: boolean;
  readonly effectiveFrom: string;
  readonly seq: number;
}

/** What the catalogue knows of one product: every version, the one offered (null: retired, or none passes today's rules). */
interface ProductLine {
  readonly versions: Map<number, ProductConfig>;
  /** The versions that pass today's rules (a stored one also the draft's own contract, draftProblems). */
  readonly offerable: Set<number>;
  /** The highest version number known, in code or stored, retirements included. */
  highest: number;
  /** The version number of the product's latest retirement (0: never retired). */
  retiredAt: number;
  offered: ProductConfig | null;
}

/**
 * The loan products of one app and their versions: the ones in code (PRODUCT_VERSIONS) and the
 * ones an ADMIN created (product_versions). Several products are offered side by side, each at its
 * highest version that passes today's rules (a stored version that breaks them, e.g. a cap above
 * the contract's 25 % or a fee outside the catalogue, stays known for the loans made under it but
 * is never offered), unless the product's highest version is a retirement. Versions never change,
 * so once loaded a version stays; `sync` loads the newer rows (the app calls it at the start of
 * every API request, so every process offers the same products and knows every loan's version).
 */
export class ProductCatalog {
  private readonly lines = new Map<string, ProductLine>();
  private loadedSeq = 0;

  constructor() {
    for (const p of PRODUCT_VERSIONS) {
      assertValidProduct(p); // a configuration that breaks a cap is refused before anything is offered
      this.add(p, false);
    }
  }

  private line(code: string): ProductLine {
    let line = this.lines.get(code);
    if (!line) {
      line = { versions: new Map(), offerable: new Set(), highest: 0, retiredAt: 0, offered: null };
      this.lines.set(code, line);
    }
    return line;
  }

  /** The default product's version offered to new applications (PERSONAL). */
  get current(): ProductConfig {
    const p = this.offeredProduct(DEFAULT_PRODUCT_CODE);
    if (!p) throw new RangeError(`The default product ${DEFAULT_PRODUCT_CODE} is not offered`);
    return p;
  }

  /** The products offered now, each at its offered version, the default first, then by code. */
  get offered(): ProductConfig[] {
    const all = [...this.lines.values()].flatMap((l) => (l.offered ? [l.offered] : []));
    return all.sort((a, b) => (a.code === DEFAULT_PRODUCT_CODE ? -1 : b.code === DEFAULT_PRODUCT_CODE ? 1 : a.code.localeCompare(b.code)));
  }

  /** Every product code known (offered or not). */
  get codes(): string[] {
    return [...this.lines.keys()].sort();
  }

  /** The version of `code` offered to new applications; null for an unknown or retired product. */
  offeredProduct(code: string): ProductConfig | null {
    return this.lines.get(code)?.offered ?? null;
  }

  /** Is the product retired (its highest version a retirement)? */
  isRetired(code: string): boolean {
    const line = this.lines.get(code);
    return line !== undefined && line.retiredAt > 0 && line.retiredAt === line.highest;
  }

  /** The latest version of `code` with terms (the one a new version or a retirement starts from), offered or not; null when unknown. */
  latestOf(code: string): ProductConfig | null {
    const line = this.lines.get(code);
    if (!line) return null;
    let latest: ProductConfig | null = null;
    for (const p of line.versions.values()) if (!latest || p.version > latest.version) latest = p;
    return latest;
  }

  /** The highest version number of `code`, in code or stored, offered or not, retirements included (0 for a new product). */
  maxVersionOf(code: string): number {
    return this.lines.get(code)?.highest ?? 0;
  }

  /** A loan's product version; throws for an unknown one (sync first). */
  byCodeVersion(code: string, version: number): ProductConfig {
    const p = this.lines.get(code)?.versions.get(version);
    if (!p) throw new RangeError(`Unknown product version ${code} ${version}`);
    return p;
  }

  /**
   * Adds a version with terms; it is offered when it passes today's rules and is the product's
   * highest. A stored version (an ADMIN's draft) must also be what the draft can express.
   */
  add(p: ProductConfig, stored = true): void {
    const line = this.line(p.code);
    line.versions.set(p.version, p);
    if ((!stored || draftProblems(p).length === 0) && validateProduct(p).length === 0) line.offerable.add(p.version);
    if (p.version > line.highest) line.highest = p.version;
    this.recompute(line);
  }

  /** Records a retirement numbered `version`: the product is not offered until a later version. */
  retire(code: string, version: number): void {
    const line = this.line(code);
    if (version > line.retiredAt) line.retiredAt = version;
    if (version > line.highest) line.highest = version;
    this.recompute(line);
  }

  private recompute(line: ProductLine): void {
    let best: ProductConfig | null = null;
    for (const p of line.versions.values()) if (p.version > line.retiredAt && line.offerable.has(p.version) && (!best || p.version > best.version)) best = p;
    line.offered = best;
  }

  /** Adds a stored row (a version with terms, or a retirement). */
  addStored(row: StoredVersion): void {
    if (row.retired) this.retire(row.productCode, row.version);
    else {
      // The texts of the product's latest version, unless the draft has its own (a new product's first version always does).
      const known = this.latestOf(row.productCode) ?? (row.productCode === DEFAULT_PRODUCT_CODE ? PRODUCT_V1 : null);
      const texts = known ?? textsOfDraft(row.draft);
      if (!texts) throw new RangeError(`Stored version ${row.version} of product ${row.productCode} has no names`);
      const identity: ProductIdentity = { code: row.productCode, names: texts.names, descriptions: texts.descriptions };
      this.add(storedProduct(row.draft, identity, row.version, row.effectiveFrom));
    }
    if (row.seq > this.loadedSeq) this.loadedSeq = row.seq;
  }

  /** Loads the stored rows newer than those already known. `knownSeq` (from a cheap query: the highest seq stored) skips the read when nothing is new. */
  async sync(db: DbOrTx, knownSeq?: number | null): Promise<void> {
    if (knownSeq !== undefined && (knownSeq ?? 0) <= this.loadedSeq) return;
    const rows = await db.select().from(productVersions).where(gt(productVersions.seq, this.loadedSeq)).orderBy(asc(productVersions.seq));
    for (const row of rows) this.addStored(row);
  }
}
