import { describe, expect, it } from 'vitest';
import { chosenProduct, productInSearch, withProduct } from './product-intent';

const OFFERED = [{ code: 'PERSONAL' }, { code: 'SMALL' }];

describe('the product chosen before signing in', () => {
  it('keeps an offered product code and builds only fixed paths of this app with it', () => {
    expect(chosenProduct('?product=SMALL', OFFERED)).toBe('SMALL');
    expect(withProduct('/register', 'SMALL')).toBe('/register?product=SMALL');
    expect(withProduct('/dash', chosenProduct('?product=SMALL&x=1', OFFERED))).toBe('/dash?product=SMALL');
    expect(withProduct('/login', null)).toBe('/login');
  });

  it('drops a product not offered, a code of another shape, and anything that looks like a place to go', () => {
    expect(chosenProduct('?product=PAYDAY', OFFERED)).toBeNull();
    expect(chosenProduct('?product=small', OFFERED)).toBeNull();
    expect(chosenProduct('?product=%2F%2Fevil.example', OFFERED)).toBeNull();
    expect(chosenProduct('?product=https://evil.example', undefined)).toBeNull();
    expect(chosenProduct('?product=SMALL%26next%3D%2F%2Fevil', OFFERED)).toBeNull();
    expect(chosenProduct('', OFFERED)).toBeNull();
    // Before the offered products are known, the shape alone (the application refuses a product not offered).
    expect(productInSearch('?product=SMALL')).toBe('SMALL');
    expect(chosenProduct('?product=SMALL', undefined)).toBe('SMALL');
  });
});
