import { describe, expect, it } from 'vitest';
import { publicProduct } from './service';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from '../../../shared/loan/product';
import { localText, productFromPublic } from '../../../shared/loan/public-product';
import { buildSchedule } from '../../../shared/loan/schedule';

describe('productFromPublic', () => {
  it('gives the schedule engine the same figures from the public configuration as from the product itself', () => {
    for (const p of [PRODUCT_V1, SMALL_PRODUCT_V1]) {
      const fromPublic = productFromPublic(publicProduct(p));
      for (const term of p.terms) {
        expect(buildSchedule(fromPublic, p.minAmount, term, '2026-12-01')).toEqual(buildSchedule(p, p.minAmount, term, '2026-12-01'));
        expect(buildSchedule(fromPublic, p.maxAmount, term, '2026-12-01')).toEqual(buildSchedule(p, p.maxAmount, term, '2026-12-01'));
      }
    }
  });

  it('reads a name in the page language', () => {
    expect(localText(SMALL_PRODUCT_V1.names, 'fil')).toBe('Maliit na pautang');
    expect(localText(SMALL_PRODUCT_V1.names, 'en')).toBe('Small loan');
    expect(localText(SMALL_PRODUCT_V1.names, undefined)).toBe('Small loan');
  });
});
