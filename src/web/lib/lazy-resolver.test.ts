import { describe, expect, it } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { readonly name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accepting: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver once and hands every validation to it', async () => {
    let loads = 0;
    const resolver = lazyResolver<Values, unknown, Values>(async () => {
      loads += 1;
      return accepting;
    });
    expect(await resolver({ name: 'Ana' }, undefined, options)).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(await resolver({ name: 'Ben' }, undefined, options)).toEqual({ values: { name: 'Ben' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('reports a failed load to the validation and tries again at the next one', async () => {
    let loads = 0;
    const resolver = lazyResolver<Values, unknown, Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return accepting;
    });
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('chunk failed');
    expect(await resolver({ name: 'Ana' }, undefined, options)).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(loads).toBe(2);
  });
});
