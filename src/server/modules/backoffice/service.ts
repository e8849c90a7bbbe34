import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { changedFields, listAudit, writeAudit, type AuditContext } from '../../audit';
import { readProfile } from '../../company/store';
import { companyProfiles, productVersions } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SessionAuth } from '../../sessions/store';
import { draftRefusals, draftToProduct, productToDraft } from '../../../shared/loan/draft';
import type { CatalogueText } from '../../../shared/i18n/text';
import { text, textList } from '../../../shared/i18n/text';
import { philippineDate } from '../../../shared/activation/age';
import {
  productDraftSchema,
  type NewProduct,
  type ProductDraft,
  type ProductListResponse,
  type ProductRetirementResponse,
} from '../../../shared/schemas/product';
import { DEFAULT_PRODUCT_CODE } from '../../../shared/loan/product';
import { toDecimalString } from '../../../shared/money/money';
import type { AuditQuery, AuditResponse } from '../../../shared/schemas/audit';
import { type CompanyProfileInput, type AdminSettingsResponse } from '../../../shared/schemas/company';

/**
 * The back office's own pages: the audit log (OFFICER, ADMIN) and the settings (ADMIN): the
 * company profile, edited and audited here; the product in force, shown read-only (its versions
 * are code, docs/decisions/007).
 */

/** The audit log as the staff member may read it: a staff account's phone and e-mail for an ADMIN only (decision 052). */
export function auditPage(deps: AppDeps, staff: SessionAuth, query: AuditQuery): Promise<AuditResponse> {
  return listAudit(deps.db, query, staff.role);
}

function companyDto(stored: Awaited<ReturnType<typeof readProfile>>): AdminSettingsResponse['company'] {
  return {
    profile: { ...stored.profile, social: { ...stored.profile.social } },
    source: stored.source,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}

export async function settings(deps: AppDeps): Promise<AdminSettingsResponse> {
  const stored = deps.companyProfile.details;
  const p = deps.products.current;
  return {
    company: companyDto(stored),
    productDraft: productToDraft(p),
    product: {
      version: p.version,
      name: p.name,
      effectiveFrom: p.effectiveFrom,
      minAmount: toDecimalString(p.minAmount),
      maxAmount: toDecimalString(p.maxAmount),
      terms: [...p.terms],
      defaultTerm: p.defaultTerm,
      interestModel: p.interest.model,
      monthlyRateBps: p.interest.monthlyRateBps,
      annualCostCapBps: p.annualCostCapBps,
      fees: p.fees.map((f) => ({ code: f.code, label: f.label, treatment: f.treatment, flat: toDecimalString(f.flat), bpsOfPrincipal: f.bpsOfPrincipal })),
      penalties: { ...p.penalties },
    },
    production: deps.config.production,
  };
}

/**
 * PUT /api/admin/settings/company (ADMIN): saves a new company profile and its audit row (before,
 * after, the fields changed) in one transaction; production refuses a DEMO profile. Edits are
 * serialised, so "before" is always the profile the change replaced.
 */
export async function updateCompany(
  deps: AppDeps,
  staff: SessionAuth,
  input: CompanyProfileInput,
  ctx: AuditContext,
): Promise<AdminSettingsResponse['company']> {
  if (deps.config.production && input.demo)
    throw new AppError(400, 'VALIDATION_FAILED', text('backoffice.settings.errors.demoInProduction'), {
      demo: text('backoffice.settings.errors.demoInProduction'),
    });
  const configured = deps.companyProfile.configured;
  const saved = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.company_profiles'))`);
    const before = await readProfile(tx, configured, deps.config.production);
    const after = { ...input, social: { ...input.social } };
    const changed = changedFields(before.profile as unknown as Record<string, unknown>, after);
    if (changed.length === 0) throw new AppError(409, 'CONFLICT', text('backoffice.settings.errors.unchanged'));
    const now = deps.clock.now();
    const [row] = await tx.insert(companyProfiles).values({ profile: after, createdBy: staff.userId, createdAt: now }).returning({ id: companyProfiles.id });
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'COMPANY_PROFILE_UPDATE',
      subjectType: 'COMPANY_PROFILE',
      subjectId: null,
      details: { changed, before: before.profile, after, beforeSource: before.source },
      ip: ctx.ip,
      at: now,
    });
    return { stored: { profile: after, source: 'DATABASE' as const, updatedAt: now, updatedBy: staff.fullName }, id: row!.id.toString() };
  });
  // This process serves the new profile at once; the others at their next request (product/sync.ts).
  deps.companyProfile.set(saved.stored, saved.id);
  return companyDto(saved.stored);
}

/** A draft refused with every reason naming its figure (draftRefusals: the one check the form runs too). */
function refuseDraft(problems: readonly CatalogueText[]): void {
  if (problems.length === 0) return;
  throw new AppError(
    409,
    'PRODUCT_REFUSED',
    text('backoffice.settings.productForm.problems.refused', { problems: textList(problems, '; ') }),
    Object.fromEntries(problems.map((p, i) => [`reason${i + 1}`, p])),
  );
}

/**
 * GET /api/admin/settings/products (ADMIN): every product known (in code or stored), the default
 * first, each with its status, the version offered and its latest version as a draft (what the
 * back office's form edits into a new version).
 */
export async function productList(deps: AppDeps): Promise<ProductListResponse> {
  await deps.products.sync(deps.db);
  const catalog = deps.products;
  const codes = catalog.codes.sort((a, b) => (a === DEFAULT_PRODUCT_CODE ? -1 : b === DEFAULT_PRODUCT_CODE ? 1 : a.localeCompare(b)));
  return {
    products: codes.flatMap((code) => {
      const latest = catalog.latestOf(code);
      if (!latest) return [];
      const offered = catalog.offeredProduct(code);
      const draft = productDraftSchema.safeParse(productToDraft(latest));
      return [
        {
          code,
          names: { ...(offered ?? latest).names },
          descriptions: { ...(offered ?? latest).descriptions },
          isDefault: code === DEFAULT_PRODUCT_CODE,
          status: catalog.isRetired(code) ? ('RETIRED' as const) : offered ? ('OFFERED' as const) : ('NOT_OFFERED' as const),
          offeredVersion: offered?.version ?? null,
          latestVersion: latest.version,
          effectiveFrom: latest.effectiveFrom,
          highestVersion: catalog.maxVersionOf(code),
          draft: draft.success ? draft.data : null,
        },
      ];
    }),
  };
}

/**
 * POST /api/admin/settings/product (ADMIN): a new product version, numbered after every existing
 * one, offered from now on. Refused with every reason when it breaks a cap (validateProduct) or
 * asks for what the back office cannot offer; stored with its audit row (the version it replaces
 * and the new one) in one transaction. Loans keep the version they were offered under.
 */
export async function createProductVersion(deps: AppDeps, staff: SessionAuth, draft: ProductDraft, ctx: AuditContext, code: string = DEFAULT_PRODUCT_CODE) {
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.product_versions'))`);
    await deps.products.sync(tx);
    const before = deps.products.offeredProduct(code) ?? deps.products.latestOf(code);
    if (!before) throw new AppError(404, 'NOT_FOUND', text('backoffice.settings.products.unknown'));
    const identity = { code: before.code, names: before.names, descriptions: before.descriptions, limitLadder: before.limitLadder };
    // Unchanged: the same terms and texts as the version it would follow (a retired product's new version offers it again, so that is a change).
    if (
      !deps.products.isRetired(code) &&
      JSON.stringify(productToDraft(before)) === JSON.stringify(productToDraft(draftToProduct(draft, before.version, before.effectiveFrom, identity)))
    ) {
      throw new AppError(409, 'CONFLICT', text('backoffice.settings.errors.unchanged'));
    }
    const now = deps.clock.now();
    // After every version of the product, offered or not (catalog.ts: one that breaks today's rules is never offered), retirements included.
    const version = deps.products.maxVersionOf(code) + 1;
    const effectiveFrom = philippineDate(now);
    refuseDraft(draftRefusals(draft, version, effectiveFrom, identity));
    const product = draftToProduct(draft, version, effectiveFrom, identity);
    const stored = productToDraft(product);
    await tx.insert(productVersions).values({ productCode: code, version, draft: stored, effectiveFrom, createdBy: staff.userId, createdAt: now });
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'PRODUCT_VERSION_CREATE',
      subjectType: 'PRODUCT',
      subjectId: code === DEFAULT_PRODUCT_CODE ? String(version) : `${code} ${version}`,
      details: { productCode: code, before: { version: before.version, ...productToDraft(before) }, after: { version, ...stored } },
      ip: ctx.ip,
      at: now,
    });
    return product;
  });
  deps.products.add(created);
  return { code: created.code, version: created.version, effectiveFrom: created.effectiveFrom, draft: productToDraft(created) };
}

/**
 * POST /api/admin/settings/products/:code/retire (ADMIN): the product takes no new application from
 * now on; loans made under its versions keep them (they read their own version, productOf). Stored
 * as a version of its own (a retirement, with the previous version's draft), audited; a later new
 * version offers the product again. The default product (PERSONAL) cannot be retired: the pages
 * and older clients apply for it when they name none.
 */
export async function retireProduct(deps: AppDeps, staff: SessionAuth, code: string, ctx: AuditContext): Promise<ProductRetirementResponse> {
  if (code === DEFAULT_PRODUCT_CODE) throw new AppError(409, 'CONFLICT', text('backoffice.settings.products.defaultNotRetired'));
  const retired = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.product_versions'))`);
    await deps.products.sync(tx);
    const latest = deps.products.latestOf(code);
    if (!latest) throw new AppError(404, 'NOT_FOUND', text('backoffice.settings.products.unknown'));
    if (deps.products.isRetired(code)) throw new AppError(409, 'CONFLICT', text('backoffice.settings.products.alreadyRetired'));
    const now = deps.clock.now();
    const version = deps.products.maxVersionOf(code) + 1;
    const effectiveFrom = philippineDate(now);
    await tx
      .insert(productVersions)
      .values({ productCode: code, version, draft: productToDraft(latest), retired: true, effectiveFrom, createdBy: staff.userId, createdAt: now });
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'PRODUCT_RETIRE',
      subjectType: 'PRODUCT',
      subjectId: code,
      details: { productCode: code, version, lastOfferedVersion: latest.version },
      ip: ctx.ip,
      at: now,
    });
    return { code, version, effectiveFrom };
  });
  deps.products.retire(retired.code, retired.version);
  return { ...retired, retired: true };
}

/**
 * POST /api/admin/settings/products (ADMIN): a new product, offered beside the others from its
 * version 1 (decision 078). Refused when the code exists (409 CONFLICT: a new version of it is the
 * way) or, with every reason naming the figure, when its draft breaks a cap (the contract's 25 % a
 * year; the SEC small-loan caps where they apply). Stored with its audit row in one transaction.
 */
export async function createProduct(deps: AppDeps, staff: SessionAuth, input: NewProduct, ctx: AuditContext) {
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.product_versions'))`);
    await deps.products.sync(tx);
    if (deps.products.maxVersionOf(input.code) > 0) throw new AppError(409, 'CONFLICT', text('backoffice.settings.products.exists'));
    const now = deps.clock.now();
    const version = 1;
    const effectiveFrom = philippineDate(now);
    const identity = { code: input.code, names: input.draft.names, descriptions: input.draft.descriptions };
    refuseDraft(draftRefusals(input.draft, version, effectiveFrom, identity));
    const product = draftToProduct(input.draft, version, effectiveFrom, identity);
    const stored = productToDraft(product);
    await tx.insert(productVersions).values({ productCode: input.code, version, draft: stored, effectiveFrom, createdBy: staff.userId, createdAt: now });
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'PRODUCT_CREATE',
      subjectType: 'PRODUCT',
      subjectId: input.code,
      details: { productCode: input.code, after: { version, ...stored } },
      ip: ctx.ip,
      at: now,
    });
    return product;
  });
  deps.products.add(created);
  return { code: created.code, version: created.version, effectiveFrom: created.effectiveFrom, draft: productToDraft(created) };
}
