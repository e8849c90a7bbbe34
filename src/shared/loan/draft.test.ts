import { describe, expect, it } from 'vitest';
import { draftProblems, draftToProduct, productToDraft } from './draft';
import { PRODUCT_V1 } from './product';
import { validateProduct } from './validate';

describe('product drafts', () => {
  it('round-trip version 1 exactly', () => {
    const draft = productToDraft(PRODUCT_V1);
    expect(draft.minAmount).toBe('200000.00');
    expect(draft.eligibility.incomeMultipleByTerm).toEqual({ '6': 12, '12': 12, '24': 24, '36': 36, '48': 48 });
    expect(draftToProduct(draft, 1, PRODUCT_V1.effectiveFrom)).toEqual(PRODUCT_V1);
  });

  it('a lower rate passes the caps; a rate above the cap is refused with the reason', () => {
    const draft = productToDraft(PRODUCT_V1);
    expect(validateProduct(draftToProduct({ ...draft, monthlyRateBps: 40 }, 2, '2026-11-23'))).toEqual([]);
    const problems = validateProduct(draftToProduct({ ...draft, monthlyRateBps: 300 }, 2, '2026-11-23'));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toContain('above the 25 % a year cap');
  });

  it('fees are deducted from the proceeds, and count against the cap', () => {
    const draft = productToDraft(PRODUCT_V1);
    const p = draftToProduct({ ...draft, fees: [{ kind: 'SERVICE', flat: '0.00', bpsOfPrincipal: 100 }] }, 2, '2026-11-23');
    expect(p.fees[0]).toMatchObject({ code: 'SERVICE', label: 'Service fee', treatment: 'DEDUCTED_FROM_PROCEEDS' });
    expect(draftProblems(p)).toEqual([]);
    expect(validateProduct(p)).toEqual([]);
  });

  it('flags income multiples for terms that are not offered', () => {
    const draft = productToDraft(PRODUCT_V1);
    expect(draftProblems(draftToProduct({ ...draft, terms: [6, 12] }, 2, '2026-11-23'))).toEqual(['income multiples given for terms not offered: 24, 36, 48']);
  });
});
