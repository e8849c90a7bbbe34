import { parseAmount, toDecimalString } from '../money/money';
import type { ProductDraft } from '../schemas/product';
import { FEE_CATALOGUE, isFeeKind } from './fees';
import type { CatalogueText } from '../i18n/text';
import { PRODUCT_V1, type LocalText, type ProductConfig } from './product';
import type { LimitLadder } from './limit-ladder';

/** What names a product across its versions: its code and its texts (the draft's contract leaves them to the product). */
export interface ProductIdentity {
  readonly code: string;
  readonly names: LocalText;
  readonly descriptions: LocalText;
  /** The product's limit ladder, which a version whose draft names none keeps (decision 085). */
  readonly limitLadder?: LimitLadder | undefined;
}

/** The default product's identity (every stored draft from before products side by side is one of its versions). */
export const DEFAULT_PRODUCT_IDENTITY: ProductIdentity = { code: PRODUCT_V1.code, names: PRODUCT_V1.names, descriptions: PRODUCT_V1.descriptions };
import { problem, productProblems, productProblemText } from './validate';
import { ladderFromDraft, ladderToDraft } from './limit-ladder-draft';

/**
 * An ADMIN's product draft (src/shared/schemas/product.ts) and the ProductConfig the schedule
 * engine uses, one from the other. The interest model is the draft's (ADD_ON when it names none), the
 * names and descriptions the draft's (else the product's), and every fee is deducted from the
 * proceeds, as the draft's contract says.
 */
export function draftToProduct(
  draft: ProductDraft,
  version: number,
  effectiveFrom: string,
  identity: ProductIdentity = DEFAULT_PRODUCT_IDENTITY,
): ProductConfig {
  const money = (text: string) => {
    const value = parseAmount(text);
    if (value === null) throw new RangeError(`Not an amount: ${text}`);
    return value;
  };
  return {
    code: identity.code,
    version,
    names: draft.names ?? identity.names,
    descriptions: draft.descriptions ?? identity.descriptions,
    effectiveFrom,
    name: draft.name,
    currency: 'PHP',
    minAmount: money(draft.minAmount),
    maxAmount: money(draft.maxAmount),
    terms: [...draft.terms],
    defaultTerm: draft.defaultTerm,
    interest: { model: draft.interestModel ?? 'ADD_ON', monthlyRateBps: draft.monthlyRateBps },
    ...(draft.frequencies ? { frequencies: [...draft.frequencies] } : {}),
    fees: draft.fees.map((f) => ({
      code: f.kind,
      label: FEE_CATALOGUE[f.kind].label,
      treatment: 'DEDUCTED_FROM_PROCEEDS',
      flat: money(f.flat),
      bpsOfPrincipal: f.bpsOfPrincipal,
    })),
    penalties: { ...draft.penalties },
    annualCostCapBps: draft.annualCostCapBps,
    eligibility: {
      minAge: draft.eligibility.minAge,
      maxAgeAtTermEnd: draft.eligibility.maxAgeAtTermEnd,
      incomeMultipleByTerm: Object.fromEntries(Object.entries(draft.eligibility.incomeMultipleByTerm).map(([term, multiple]) => [Number(term), multiple])),
      maxDebtServiceRatioBps: draft.eligibility.maxDebtServiceRatioBps,
    },
    ...(draft.limitLadder ? { limitLadder: ladderFromDraft(draft.limitLadder, money) } : identity.limitLadder ? { limitLadder: identity.limitLadder } : {}),
  };
}

/** The draft a product would be edited from (the form starts from the version in force). */
export function productToDraft(p: ProductConfig): ProductDraft {
  return {
    name: p.name,
    names: { ...p.names },
    descriptions: { ...p.descriptions },
    // Only when not the default (add-on), so that every draft stored before reads as it was.
    ...(p.interest.model === 'ADD_ON' ? {} : { interestModel: p.interest.model }),
    // Only when named, so that every draft stored before reads as it was (MONTHLY only).
    ...(p.frequencies ? { frequencies: [...p.frequencies] } : {}),
    minAmount: toDecimalString(p.minAmount),
    maxAmount: toDecimalString(p.maxAmount),
    terms: [...p.terms],
    defaultTerm: p.defaultTerm,
    monthlyRateBps: p.interest.monthlyRateBps,
    // A fee outside the catalogue cannot be drafted (validateProduct refuses such a version anyway).
    fees: p.fees.flatMap((f) => (isFeeKind(f.code) ? [{ kind: f.code, flat: toDecimalString(f.flat), bpsOfPrincipal: f.bpsOfPrincipal }] : [])),
    penalties: { ...p.penalties },
    annualCostCapBps: p.annualCostCapBps,
    eligibility: {
      minAge: p.eligibility.minAge,
      maxAgeAtTermEnd: p.eligibility.maxAgeAtTermEnd,
      incomeMultipleByTerm: Object.fromEntries(Object.entries(p.eligibility.incomeMultipleByTerm).map(([term, multiple]) => [String(term), multiple])),
      maxDebtServiceRatioBps: p.eligibility.maxDebtServiceRatioBps,
    },
    ...(p.limitLadder ? { limitLadder: ladderToDraft(p.limitLadder) } : {}),
  };
}

/** What in a draft the engine cannot honour as drafted (the draft schema's own contract). */
function draftProblemTexts(p: ProductConfig): CatalogueText[] {
  const problems: CatalogueText[] = [];
  for (const fee of p.fees) if (fee.treatment !== 'DEDUCTED_FROM_PROCEEDS') problems.push(problem('feeDeductedOnly', { code: fee.code }));
  const extra = Object.keys(p.eligibility.incomeMultipleByTerm).filter((t) => !p.terms.includes(Number(t)));
  if (extra.length > 0) problems.push(problem('multiplesNotOffered', { terms: extra.join(', ') }));
  return problems;
}

/** The same, in English. */
export function draftProblems(p: ProductConfig): string[] {
  return draftProblemTexts(p).map(productProblemText);
}

/**
 * Every reason a draft may not be offered, as catalogue texts naming the figure: what the draft's
 * contract cannot honour (draftProblemTexts) and every rule and cap of validateProduct (the
 * contract's 25 % a year; the SEC small-loan caps where they apply). The one check of a draft: the
 * server refuses with it, and the back office's form runs it before sending (decision 083).
 */
export function draftRefusals(draft: ProductDraft, version: number, effectiveFrom: string, identity: ProductIdentity): CatalogueText[] {
  const product = draftToProduct(draft, version, effectiveFrom, identity);
  return [...draftProblemTexts(product), ...productProblems(product)];
}
