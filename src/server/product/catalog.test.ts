import { describe, expect, it } from 'vitest';
import { productToDraft } from '../../shared/loan/draft';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from '../../shared/loan/product';
import { ProductCatalog, type StoredVersion } from './catalog';
import { describeProduct } from '../../shared/loan/description';

const stored = (row: Partial<StoredVersion> & Pick<StoredVersion, 'productCode' | 'version' | 'seq'>): StoredVersion => ({
  draft: productToDraft(PRODUCT_V1),
  retired: false,
  effectiveFrom: '2026-11-28',
  ...row,
});

describe('ProductCatalog: products side by side', () => {
  it('offers the products in code, the default first, each at its own version', () => {
    const c = new ProductCatalog();
    expect(c.offered.map((p) => [p.code, p.version])).toEqual([
      ['PERSONAL', 1],
      ['SMALL', 1],
    ]);
    expect(c.current).toBe(PRODUCT_V1);
    expect(c.offeredProduct('SMALL')).toBe(SMALL_PRODUCT_V1);
    expect(c.byCodeVersion('SMALL', 1)).toBe(SMALL_PRODUCT_V1);
    expect(() => c.byCodeVersion('SMALL', 2)).toThrow(RangeError);
    expect(c.offeredProduct('PAYDAY')).toBeNull();
  });

  it('a stored version of one product changes nothing of another; versions are numbered within a product', () => {
    const c = new ProductCatalog();
    c.addStored(stored({ productCode: 'PERSONAL', version: 2, seq: 1, draft: { ...productToDraft(PRODUCT_V1), monthlyRateBps: 40 } }));
    expect(c.current.version).toBe(2);
    expect(c.current.names.en).toBe('Personal loan');
    expect(c.offeredProduct('SMALL')).toBe(SMALL_PRODUCT_V1);
    expect(c.maxVersionOf('PERSONAL')).toBe(2);
    expect(c.maxVersionOf('SMALL')).toBe(1);
    expect(c.maxVersionOf('NEW')).toBe(0);
  });

  it('a retirement stops offering the product; its versions stay known for their loans', () => {
    const c = new ProductCatalog();
    c.addStored(stored({ productCode: 'SMALL', version: 2, seq: 1, retired: true, draft: productToDraft(SMALL_PRODUCT_V1) }));
    expect(c.isRetired('SMALL')).toBe(true);
    expect(c.offeredProduct('SMALL')).toBeNull();
    expect(c.offered.map((p) => p.code)).toEqual(['PERSONAL']);
    expect(c.byCodeVersion('SMALL', 1)).toBe(SMALL_PRODUCT_V1);
    expect(c.maxVersionOf('SMALL')).toBe(2);
    c.retire('SMALL', 2); // loaded twice: no change
    expect(c.isRetired('SMALL')).toBe(true);
  });

  it("a new product's first version carries its names; one without names is refused", () => {
    const c = new ProductCatalog();
    const { names: _names, descriptions: _descriptions, ...nameless } = productToDraft(PRODUCT_V1);
    expect(() => c.addStored(stored({ productCode: 'PAYDAY', version: 1, seq: 1, draft: nameless }))).toThrow(RangeError);
    const names = { en: 'Payday loan', fil: 'Pautang hanggang sweldo' };
    c.addStored(stored({ productCode: 'PAYDAY', version: 1, seq: 2, draft: { ...productToDraft(PRODUCT_V1), names } }));
    expect(c.offeredProduct('PAYDAY')).toMatchObject({ code: 'PAYDAY', version: 1, names });
  });

  it('reads a stored version whose descriptions state figures: a text the code wrote as its template, an ADMIN’s as written (decision 086)', () => {
    const c = new ProductCatalog();
    const before = {
      en: 'For a short, small need: PHP 1,000 to 10,000, repaid over one to four months.',
      fil: 'Para sa maliit at panandaliang pangangailangan: PHP 1,000 hanggang 10,000, binabayaran sa isa hanggang apat na buwan.',
    };
    // The edit form copied the version in force, descriptions included, into the draft it stored.
    c.addStored(
      stored({ productCode: 'SMALL', version: 2, seq: 1, draft: { ...productToDraft(SMALL_PRODUCT_V1), maxAmount: '8000.00', descriptions: before } }),
    );
    expect(c.offeredProduct('SMALL')).toMatchObject({ version: 2, descriptions: SMALL_PRODUCT_V1.descriptions });
    expect(describeProduct(c.offeredProduct('SMALL')!).en).toBe('For a short, small need: ₱1,000.00 to ₱8,000.00, repaid over 1 to 4 months.');
    const own = { en: 'PHP 2,000 to 8,000 over one to three months.', fil: 'PHP 2,000 hanggang 8,000 sa isa hanggang tatlong buwan.' };
    c.addStored(
      stored({
        productCode: 'MICRO',
        version: 1,
        seq: 2,
        draft: { ...productToDraft(SMALL_PRODUCT_V1), names: { en: 'Micro loan', fil: 'Mikro na pautang' }, descriptions: own },
      }),
    );
    expect(c.offeredProduct('MICRO')).toMatchObject({ version: 1, descriptions: own });
  });
});
